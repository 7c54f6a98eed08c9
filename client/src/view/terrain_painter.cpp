#include "view/terrain_painter.hpp"

#include "view/map_palette.hpp"
#include "view/sf_color.hpp"
#include "view/thick_line.hpp"

#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <cmath>

namespace hd::client {
namespace {

using engine::Direction;
using engine::Hex;
using engine::HexsideFeature;
using engine::HexTerrain;

sf::Vector2f to_sf(engine::Point p) {
  return {static_cast<float>(p.x), static_cast<float>(p.y)};
}

palette::Rgb terrain_colour(HexTerrain terrain) {
  switch (terrain) {
    case HexTerrain::Clear:
      return palette::kClear;
    case HexTerrain::Forest:
      return palette::kForest;
    case HexTerrain::Marsh:
      return palette::kMarsh;
    case HexTerrain::Town:
      return palette::kTown;
    case HexTerrain::Chateau:
      return palette::kChateau;
  }
  return palette::kClear;
}

void paint_hexes(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout,
                 const TerrainPaintOptions& options) {
  sf::ConvexShape shape(6);
  shape.setOutlineThickness(std::max(0.5f, static_cast<float>(layout.hex_width()) / 40.0f));
  shape.setOutlineColor(to_sf_color(palette::kHexEdge));
  for (int c = 1; c <= map.bounds().columns; ++c) {
    for (int r = 1; r <= map.bounds().rows; ++r) {
      const Hex hex{c, r};
      const auto corners = layout.corners(hex);
      for (std::size_t i = 0; i < 6; ++i)
        shape.setPoint(i, to_sf(corners[i]));
      palette::Rgb fill = terrain_colour(map.terrain(hex));
      if (options.area && !options.area->contains(hex)) fill = palette::kOutOfPlay;
      shape.setFillColor(to_sf_color(fill));
      target.draw(shape);
      if (map.terrain(hex) == HexTerrain::Chateau) {
        // A walled farm: a small dark square in the middle of the hex.
        const float side = static_cast<float>(layout.hex_width()) * 0.35f;
        sf::RectangleShape walls({side, side});
        walls.setOrigin(side / 2, side / 2);
        walls.setPosition(to_sf(layout.centre(hex)));
        walls.setFillColor(sf::Color(70, 30, 24));
        target.draw(walls);
      }
    }
  }
}

void paint_hexsides(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout) {
  const float w = static_cast<float>(layout.hex_width());
  for (int c = 0; c <= map.bounds().columns; ++c) {
    for (int r = 0; r <= map.bounds().rows; ++r) {
      const Hex hex{c, r};
      for (Direction d : {Direction::South, Direction::NorthEast, Direction::SouthEast}) {
        const auto side = engine::Hexside::between(hex, engine::neighbour(hex, d));
        const auto features = map.hexside(*side);
        if (features.empty()) continue;
        const auto segment = layout.hexside_segment(hex, d);
        const sf::Vector2f a = to_sf(segment[0]);
        const sf::Vector2f b = to_sf(segment[1]);
        if (features.has(HexsideFeature::Crest))
          draw_thick_line(target, a, b, w * 0.16f, to_sf_color(palette::kCrest));
        if (features.has(HexsideFeature::Lake))
          draw_thick_line(target, a, b, w * 0.22f, to_sf_color(palette::kRiver));
        if (features.has(HexsideFeature::River))
          draw_thick_line(target, a, b, w * 0.16f, to_sf_color(palette::kRiver));
        if (features.has(HexsideFeature::Stream))
          draw_thick_line(target, a, b, w * 0.08f, to_sf_color(palette::kStream));
      }
    }
  }
}

void paint_paths(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout) {
  const float w = static_cast<float>(layout.hex_width());
  for (int c = 0; c <= map.bounds().columns; ++c) {
    for (int r = 0; r <= map.bounds().rows; ++r) {
      const Hex hex{c, r};
      for (Direction d : {Direction::South, Direction::NorthEast, Direction::SouthEast}) {
        const Hex next = engine::neighbour(hex, d);
        const auto side = engine::Hexside::between(hex, next);
        const auto path = map.path(*side);
        const auto features = map.hexside(*side);
        const sf::Vector2f a = to_sf(layout.centre(hex));
        const sf::Vector2f b = to_sf(layout.centre(next));
        if (path == engine::PathKind::Road)
          draw_thick_line(target, a, b, w * 0.12f, to_sf_color(palette::kRoad));
        if (path == engine::PathKind::Trail)
          draw_thick_line(target, a, b, w * 0.06f, to_sf_color(palette::kTrail));
        if (features.has(HexsideFeature::Bridge)) {
          // A bridge: a short grey bar across the water, along the line of the crossing.
          const sf::Vector2f mid = (a + b) / 2.0f;
          const sf::Vector2f half = (b - a) * 0.18f;
          draw_thick_line(target, mid - half, mid + half, w * 0.2f, to_sf_color(palette::kBridge));
        }
      }
    }
  }
}

void paint_labels(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout,
                  const sf::Font& font) {
  const auto size = static_cast<unsigned>(std::max(8.0, layout.hex_width() * 0.36));
  for (const engine::MapFeature& feature : map.features()) {
    const bool named_place = feature.kind == engine::MapFeatureKind::Label ||
                             feature.kind == engine::MapFeatureKind::Town ||
                             feature.kind == engine::MapFeatureKind::Chateau;
    if (!named_place || feature.hexes.empty()) continue;
    sf::Text text(feature.name, font, size);
    const auto bounds = text.getLocalBounds();
    text.setOrigin(bounds.left + bounds.width / 2, bounds.top + bounds.height / 2);
    const auto centre = layout.centre(feature.hexes.front());
    text.setPosition(static_cast<float>(centre.x), static_cast<float>(centre.y - layout.hex_width() * 0.42));
    text.setFillColor(to_sf_color(palette::kLabel));
    text.setOutlineColor(sf::Color(255, 255, 255, 170));
    text.setOutlineThickness(1.0f);
    target.draw(text);
  }
}

void paint_numbers(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout,
                   const sf::Font& font) {
  const auto size = static_cast<unsigned>(std::max(6.0, layout.hex_width() * 0.22));
  for (int c = 1; c <= map.bounds().columns; ++c) {
    for (int r = 1; r <= map.bounds().rows; ++r) {
      sf::Text text(engine::format_hex({c, r}), font, size);
      const auto centre = layout.centre({c, r});
      const auto bounds = text.getLocalBounds();
      text.setOrigin(bounds.left + bounds.width / 2, bounds.top);
      text.setPosition(static_cast<float>(centre.x),
                       static_cast<float>(centre.y + layout.hex_width() * 0.18));
      text.setFillColor(sf::Color(60, 60, 60, 200));
      target.draw(text);
    }
  }
}

}  // namespace

void paint_terrain(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout,
                   const sf::Font& font, const TerrainPaintOptions& options) {
  paint_hexes(target, map, layout, options);
  paint_hexsides(target, map, layout);
  paint_paths(target, map, layout);
  if (options.hex_numbers) paint_numbers(target, map, layout, font);
  if (options.labels) paint_labels(target, map, layout, font);
}

}  // namespace hd::client

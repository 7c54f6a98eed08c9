#include "view/hex_highlight.hpp"

#include "view/map_palette.hpp"
#include "view/sf_color.hpp"

#include <SFML/Graphics/ConvexShape.hpp>

#include <algorithm>

namespace hd::client {
namespace {

sf::Color with_alpha(palette::Rgb rgb, std::uint8_t alpha) {
  sf::Color colour = to_sf_color(rgb);
  colour.a = alpha;
  return colour;
}

// The hex's outline as a polygon, shrunk by `inset` px (to keep neighbours' outlines apart).
sf::ConvexShape hex_shape(const engine::HexLayout& layout, engine::Hex hex, float inset) {
  const auto corners = layout.corners(hex);
  const auto centre = layout.centre(hex);
  sf::ConvexShape shape(6);
  const double scale = std::max(0.0, 1.0 - inset / layout.corner_radius());
  for (std::size_t i = 0; i < 6; ++i) {
    shape.setPoint(i, {static_cast<float>(centre.x + (corners[i].x - centre.x) * scale),
                       static_cast<float>(centre.y + (corners[i].y - centre.y) * scale)});
  }
  return shape;
}

}  // namespace

void paint_hex_highlight(sf::RenderTarget& target, const engine::HexLayout& layout, engine::Hex hex,
                         HexHighlight kind) {
  switch (kind) {
    case HexHighlight::Reachable:
    case HexHighlight::RetreatOrAdvance: {
      sf::ConvexShape shape = hex_shape(layout, hex, 1.5f);
      shape.setFillColor(
          with_alpha(kind == HexHighlight::Reachable ? palette::kReachable : palette::kRetreatHex,
                     palette::kOverlayAlpha));
      target.draw(shape);
      break;
    }
    case HexHighlight::CommandRange: {
      sf::ConvexShape shape = hex_shape(layout, hex, 3.0f);
      shape.setFillColor(with_alpha(palette::kCommandRange, 45));
      shape.setOutlineColor(with_alpha(palette::kCommandRange, 160));
      shape.setOutlineThickness(1.0f);
      target.draw(shape);
      break;
    }
    case HexHighlight::Observed: {
      sf::ConvexShape shape = hex_shape(layout, hex, 0.5f);
      shape.setFillColor(with_alpha(palette::kObserved, palette::kObservedAlpha));
      target.draw(shape);
      break;
    }
    case HexHighlight::Selected: {
      sf::ConvexShape shape = hex_shape(layout, hex, 2.0f);
      shape.setFillColor(sf::Color::Transparent);
      shape.setOutlineColor(to_sf_color(palette::kSelection));
      shape.setOutlineThickness(2.0f);
      target.draw(shape);
      break;
    }
  }
}

}  // namespace hd::client

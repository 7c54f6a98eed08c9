#include "view/move_trail_painter.hpp"

#include "view/map_palette.hpp"
#include "view/sf_color.hpp"
#include "view/thick_line.hpp"

#include <SFML/Graphics/CircleShape.hpp>

#include <algorithm>
#include <cmath>

namespace hd::client {
namespace {

sf::Vector2f centre_of(const engine::HexLayout& layout, engine::Hex hex) {
  const auto c = layout.centre(hex);
  return {static_cast<float>(c.x), static_cast<float>(c.y)};
}

// One straight segment `thickness` px wide from `a` to `b`, with round ends so segments join.
void segment(sf::RenderTarget& target, sf::Vector2f a, sf::Vector2f b, float thickness, sf::Color colour) {
  if (a == b) return;
  draw_thick_line(target, a, b, thickness, colour);
  sf::CircleShape joint(thickness / 2);
  joint.setOrigin(thickness / 2, thickness / 2);
  joint.setPosition(b);
  joint.setFillColor(colour);
  target.draw(joint);
}

}  // namespace

void paint_move_trail(sf::RenderTarget& target, const engine::HexLayout& layout,
                      const std::vector<engine::Hex>& hexes) {
  if (hexes.size() < 2) return;
  const auto width = static_cast<float>(layout.hex_width());
  const float thickness = std::max(2.0f, width * 0.05f);
  const sf::Color colour = to_sf_color(palette::kLastMove);
  for (std::size_t i = 1; i < hexes.size(); ++i)
    segment(target, centre_of(layout, hexes[i - 1]), centre_of(layout, hexes[i]), thickness, colour);
  const float radius = width * 0.42f;
  sf::CircleShape ring(radius - thickness / 2);
  ring.setOrigin(radius - thickness / 2, radius - thickness / 2);
  ring.setPosition(centre_of(layout, hexes.front()));
  ring.setFillColor(sf::Color::Transparent);
  ring.setOutlineThickness(thickness);
  ring.setOutlineColor(colour);
  target.draw(ring);
}

}  // namespace hd::client

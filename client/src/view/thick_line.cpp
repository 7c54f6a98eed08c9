#include "view/thick_line.hpp"

#include <SFML/Graphics/RectangleShape.hpp>

#include <cmath>

namespace hd::client {

void draw_thick_line(sf::RenderTarget& target, sf::Vector2f a, sf::Vector2f b, float thickness,
                     sf::Color colour) {
  const sf::Vector2f d = b - a;
  const float length = std::sqrt(d.x * d.x + d.y * d.y);
  if (length <= 0) return;
  sf::RectangleShape bar({length, thickness});
  bar.setOrigin(0, thickness / 2);
  bar.setPosition(a);
  bar.setRotation(std::atan2(d.y, d.x) * 180.0f / 3.14159265f);
  bar.setFillColor(colour);
  target.draw(bar);
}

}  // namespace hd::client

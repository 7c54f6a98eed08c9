// A straight line of a given thickness, drawn as a rotated rectangle: the game screen's sight and
// combat lines, the move trails' segments and the terrain's crests share it.
#pragma once

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Vector2.hpp>

namespace hd::client {

// Draws a line `thickness` px wide from `a` to `b` (square ends, centred on the segment); nothing
// when `a` and `b` coincide.
void draw_thick_line(sf::RenderTarget& target, sf::Vector2f a, sf::Vector2f b, float thickness,
                     sf::Color colour);

}  // namespace hd::client

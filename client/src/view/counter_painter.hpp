// Draws the units on the map as counters: the army's colours, a NATO type symbol, the id and the
// strength-movement values; two counters in a hex are drawn fanned out.
#pragma once

#include <hd/engine/game_state.hpp>
#include <hd/engine/hex_layout.hpp>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

namespace hd::client {

void paint_counters(sf::RenderTarget& target, const engine::GameState& state, const engine::HexLayout& layout,
                    const sf::Font& font);

}  // namespace hd::client

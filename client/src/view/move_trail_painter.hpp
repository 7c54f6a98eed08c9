// The mark of a unit's move in the last player turn (issue 16): a thin line through the centres of
// the hexes it went through and a ring in the hex it started from. Shared by the game screen and
// the legend (F1), so the legend's sample is the map's own drawing.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/board/hex_layout.hpp>

#include <SFML/Graphics/RenderTarget.hpp>

#include <vector>

namespace hd::client {

// Draws the trail of `hexes` (the starting hex first) as `layout` places it, in kLastMove: the line
// about a twentieth of a hex wide, the ring 0.42 hex widths in radius (outside a counter's sides).
// Fewer than two hexes draw nothing.
void paint_move_trail(sf::RenderTarget& target, const engine::HexLayout& layout,
                      const std::vector<engine::Hex>& hexes);

}  // namespace hd::client

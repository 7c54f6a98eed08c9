// Issue 16: the standing-orders panel (O) over the map: the selected stack's units of the player's
// own with the order the server holds for each, the order being chosen, what the server last said
// and the keys (R retreat, V advance, Enter set, Delete clear, O or Esc close).
#pragma once

#include "model/game_model.hpp"
#include "model/standing_orders_panel.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

namespace hd::client {

// Draws `panel` (shown) at orders_box(); `game` names the units.
void draw_standing_orders(sf::RenderTarget& target, const sf::Font& font, const StandingOrdersPanel& panel,
                          const GameModel& game);

}  // namespace hd::client

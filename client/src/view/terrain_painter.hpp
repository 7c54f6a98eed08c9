// Draws the campaign map as a map reader expects it: hex terrain, water and crests on hexsides,
// roads and trails joining hex centres, bridges, place names; optionally greys hexes out of play.
#pragma once

#include <hd/engine/board/game_map.hpp>
#include <hd/engine/board/hex_layout.hpp>
#include <hd/engine/data/scenario.hpp>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <optional>

namespace hd::client {

struct TerrainPaintOptions {
  std::optional<engine::PlayingArea> area;  // hexes outside it are greyed (3.2A)
  bool labels = true;                       // place names
  bool hex_numbers = false;                 // CCRR in every hex
};

// Draws every hex of `map` (culling is the caller's business through the target's view).
void paint_terrain(sf::RenderTarget& target, const engine::GameMap& map, const engine::HexLayout& layout,
                   const sf::Font& font, const TerrainPaintOptions& options);

}  // namespace hd::client

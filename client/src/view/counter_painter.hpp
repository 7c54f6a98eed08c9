// Draws the units on the map as counters: the army's colours, a NATO type symbol, the id and the
// strength-movement values; two counters in a hex are drawn fanned out.
#pragma once

#include "view/palette.hpp"

#include <hd/engine/board/hex_layout.hpp>
#include <hd/engine/state/game_state.hpp>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <string>

namespace hd::client {

// What a counter shows, whoever supplies it (the engine's state for hd_render, the server's view
// for the client).
struct CounterFace {
  engine::Army army = engine::Army::French;
  engine::UnitType type = engine::UnitType::Infantry;
  std::string id;
  int strength = 0;
  int movement = 0;
  bool reduced = false;
  // The marks on its corners (engine::UnitView): an orange triangle top right when out of command
  // (11.3), a black one top left when its corps is demoralized (13.2), a white dot bottom left once
  // it has moved this phase.
  bool out_of_command = false;
  bool corps_demoralized = false;
  bool moved = false;
  // 16.14: a commander or army HQ on its inactive side: the star grey instead of gold.
  bool inactive = false;
  // 16.3 (issue 14): an enemy piece not observed now, drawn where it was last seen: faded under a
  // pale wash, with a dashed grey outline.
  bool faded = false;
};

// An army's counter colour (map_palette.hpp).
palette::Rgb army_colour(engine::Army army);

// One counter `size` px square centred on `centre`: the army's colour, the NATO symbol, the id above
// it, strength-movement below, a white bar along the foot for the reduced side, and its marks;
// faded (16.3) under a pale wash with a dashed outline.
void paint_counter_face(sf::RenderTarget& target, const CounterFace& face, sf::Vector2f centre, float size,
                        const sf::Font& font);

// 16.3: the small tag under a hex whose pieces are shown where last seen: `words` (e.g. "seen 16/1400")
// in light text on dark slate, its top edge centred on `top_centre`, its text `size` * 0.22 high.
void paint_last_seen_tag(sf::RenderTarget& target, const std::string& words, sf::Vector2f top_centre,
                         float size, const sf::Font& font);

// Every unit on the map, a hex's counters fanned out.

void paint_counters(sf::RenderTarget& target, const engine::GameState& state, const engine::HexLayout& layout,
                    const sf::Font& font);

}  // namespace hd::client

// The units of a game model on the map as counters (counter_painter.hpp), a hex's stack fanned out
// with a count badge. Shared by the game screen (which adds its selection and combat marks) and the
// replay screen (which adds none). The hidden movement markers (16.6) are drawn over them.
#pragma once

#include "model/game_model.hpp"
#include "view/counter_painter.hpp"
#include "view/palette.hpp"

#include <hd/engine/board/hex_layout.hpp>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hd::client {

// The counter a unit shows, or nullopt for a unit the view gives no army (never drawn).
std::optional<CounterFace> counter_face(const pb::Unit* unit);

// 16.3 (issue 14): the tag under a hex holding enemy pieces shown where last seen: "seen " and the
// latest turn they were seen in, as the clock names it (GameModel::turn_name), "seen" if the server
// gave no turn; nullopt if every piece there is shown as it stands.
std::optional<std::string> last_seen_tag(const GameModel& game, const std::vector<std::uint32_t>& units);

// What a screen marks on a unit's counter: a frame in a colour, a dot in the top-left corner.
struct CounterMarks {
  std::function<std::optional<palette::Rgb>(const pb::Unit&)> frame;
  std::function<std::optional<palette::Rgb>(const pb::Unit&)> dot;
  // 16.6B: a frame around a hidden movement marker (the one picked to move).
  std::function<std::optional<palette::Rgb>(const pb::HiddenMarker&)> marker_frame;
};

// A screen's mark on the counter `size` px square centred on `centre`: a frame around it (selected,
// attacker, defender, bombarding) or a dot in its top-left corner (owes an attack, must be attacked).
void paint_counter_frame(sf::RenderTarget& target, sf::Vector2f centre, float size, palette::Rgb colour);
void paint_counter_dot(sf::RenderTarget& target, sf::Vector2f centre, float size, palette::Rgb colour);

// Draws every stack of `game` whose hex lies within the map area (0, 0)..`map_size` (a counter's
// width of slack) as `layout` places it, with `marks` on each counter.
void paint_map_stacks(sf::RenderTarget& target, const GameModel& game, const engine::HexLayout& layout,
                      const sf::Font& font, sf::Vector2f map_size, const CounterMarks& marks = {});

}  // namespace hd::client

// Winning (3.4): victory points from the scenario's schedule, and its victory conditions evaluated
// instantly (instant wins) or at the end of the last turn.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <array>
#include <map>
#include <optional>
#include <vector>

namespace hd::engine {

// Each side's VP now: enemy strength eliminated (3.4A), hexes controlled (3.4B), strength exited
// (5.5C), as the scenario's vp lines say. Indexed by Side.
std::array<int, 2> victory_points(const GameState& state);

// The same, with the hexes controlled (3.4B) as `control` says rather than the board: for a side
// that believes the control it last observed (16.3, believed_control). The rules' own VP terms
// (rules_victory, e.g. 19.4C's tally of turns Quatre Bras was held) are the board's.
std::array<int, 2> victory_points(const GameState& state, const std::map<Hex, Side>& control);

// The hexes whose control scores VP in the scenario and its chosen options (vp hex lines), each
// once, ascending.
std::vector<Hex> scoring_hexes(const Ruleset& rules);

// The VP of the scenario's vp lines alone, before the rules in force change them (victory_points()
// adds their VP terms): for a rule's victory hook that needs the running totals (22.4C).
std::array<int, 2> scheduled_victory_points(const GameState& state);

// The first instant condition of the scenario that holds now, if any.
std::optional<GameResult> instant_result(const GameState& state);

// The result at the end of the game: the first victory condition, in the scenario's order, that holds.
GameResult final_result(const GameState& state);

}  // namespace hd::engine

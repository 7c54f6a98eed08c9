// Scenario special rules the engine carries out in code, keyed by the rule numbers of the
// scenario's `special` lines (docs/scenario-format.md). Each hook says which rules it serves.
#pragma once

#include <hd/engine/state/dice.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <string_view>
#include <utility>
#include <vector>

namespace hd::engine {

// True if the scenario, or a force option chosen for this game, has `special RULE ...`.
bool has_special(const Ruleset& rules, std::string_view rule);

// Changes to an army's demoralization and disintegration levels now (18.3B, 20.3A, 21.3A, 21.3B).
std::pair<int, int> special_morale_adjustment(const GameState& state, Army army);

// False if the scenario forbids the army's demoralization now (18.3A: the French only while the
// Prussians are not demoralized).
bool special_allows_demoralization(const GameState& state, Army army);

// Records the instant events later rules depend on (21.3B: a French unit in Waterloo, the first
// Prussian-French combat). Called after every action with its events.
void note_special_triggers(GameState& state, const std::vector<Event>& events);

// Holds back reinforcements whose arrival a die decides (18.5B, 18.5C, 19.5D): they wait with no
// arrival turn until the roll brings them. Called once by start_game().
void special_hold_arrivals(GameState& state);

// The dice scenario rules roll as a phase begins (18.5B, 18.5C, 19.5D at the French movement
// phase), each reported by a DieRolledEvent. Called by apply() when a phase starts.
void special_phase_start_rolls(GameState& state, const DieRoller& roll, std::vector<Event>& events);

// The dice rolled as the set-up ends and play begins (18.5A: the strength of the 1st and 2nd
// Brigades). Called by apply() when the first turn's first phase starts.
void special_start_of_play_rolls(GameState& state, const DieRoller& roll, std::vector<Event>& events);

// True if play's first phase would open with scenario dice (19.5C at Quatre Bras' first French
// movement phase; 18.5A as play begins): a dry run of both hooks on a copy, rolling nothing. Such a
// game must begin with a set-up phase, even with nothing to place, so that an action (the first
// side's `end`) makes the rolls. Called once by start_game().
bool special_rolls_before_play(const GameState& state);

// A reason the scenario keeps a waiting unit from entering now, or nullopt (19.2C: at 1634 all
// [5] enters before any of [Bw]).
std::optional<Refusal> special_entry_refusal(const GameState& state, UnitIndex unit);

// At the end of a player turn of `side` (19.4C: 1 VP for holding Quatre Bras).
void special_end_of_player_turn(GameState& state, Side side);

// Whether strength exited now counts for VP (20.4C: Prussian exits only until 18/1500).
bool special_exit_counts(const GameState& state, Army army);

// VP a side scores only at the end of the game (20.4C: 1 per Prussian strength point on the map).
int special_final_vp(const GameState& state, Side side);

// A victory the scenario adds in words (18.4A: the Prussians demoralized and French losses under
// 35), checked at the end before the scenario's other conditions.
std::optional<GameResult> special_final_result(const GameState& state);

}  // namespace hd::engine

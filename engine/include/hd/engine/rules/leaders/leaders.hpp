// 10.0 Leaders: commanders and officers as pieces of the game state (UnitType::Leader in
// GameState::units), present only when the ruleset has 10.0 in force. They have no strength and no
// zone of control, stack freely and never fight (10.1B, 10.1E, 10.2); the movement rules take their
// 10.1 cases in rules/movement, and apply() calls the two after-action steps below.
#pragma once

#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace hd::engine {

// A leader's movement allowance. Derived, not stated: the book gives no leader MA (leaders.tsv) and
// has them pay costs "as if they were cavalry units" (10.1C), so they take the cavalry allowance,
// itself assumed as 6 (scenarios/armies/DERIVATION.md, MA-*). docs/rules-notes.md, 10.1C.
inline constexpr int kLeaderMovement = 6;

// The piece of a leader of the order of battle, waiting off the map: 0 strength, the command
// designation of an officer (11.1B), none for a commander.
UnitState make_leader(const LeaderDefinition& definition);

// True if the leader is a commander (11.1A: gives command by capacity; an army chief of staff of
// 16.1C is one, 16.14D). Read from the order of battle.
bool is_commander(const Ruleset& rules, const UnitState& leader);

// True if the leader is an officer (11.1B: gives command by command designation).
bool is_officer(const Ruleset& rules, const UnitState& leader);

// 16.1C, 16.14D: true if the leader is an army chief of staff (Soult, Gneisenau).
bool is_chief_of_staff(const Ruleset& rules, const UnitState& leader);

// 16.14: true if the piece is an army headquarters: a piece of the leaders' kind (UnitType::Leader),
// treated like a leader for movement (16.14B: 10.1), that neither gives nor receives command and
// rolls no casualty die (10.2 is not 10.1: docs/rules-notes.md, 16.14B).
bool is_headquarters(const Ruleset& rules, const UnitState& piece);

// True if a combat unit of `side` is on the map in `hex`.
bool friendly_combat_unit_in(const GameState& state, Hex hex, Side side);

// 10.1D: a leader of `side` may enter `hex` in an enemy ZOC only if a friendly combat unit is there.
bool leader_may_enter(const GameState& state, Hex hex, Side side);

// 10.1E, 10.2: the hex a leader of `side` at `from` is placed in: the nearest hex holding a
// friendly combat unit, by hex distance, ties to the lowest hex number (column, then row).
// nullopt if the side has no combat unit on the map (docs/rules-notes.md, 10.1E).
std::optional<Hex> nearest_friendly_hex(const GameState& state, Hex from, Side side);

// The leaders on the map that share their hex with a friendly combat unit now: taken before an
// action, for roll_for_bereft_leaders.
std::vector<UnitIndex> accompanied_leaders(const GameState& state);

// 10.2: after a combat action (attack, exchange loss, retreat), for every leader of `before` whose
// hex no longer holds a friendly combat unit (all eliminated or forced to retreat): one die each,
// in unit order; 1-2 eliminates him (he never returns), else he is placed with the nearest friendly
// unit (10.1E).
void roll_for_bereft_leaders(GameState& state, const std::vector<UnitIndex>& before, const DieRoller& roll,
                             std::vector<Event>& events);

// 10.1E: every leader alone (no friendly combat unit in his hex) in an enemy ZOC, or in a hex an
// enemy combat unit entered, is placed at once with the nearest friendly unit, spending no MP.
// After every action.
void displace_caught_leaders(GameState& state, std::vector<Event>& events);

// 10.1E "the instant they are placed in an EZOC": the enemy leaders alone that the moving combat
// unit `mover` catches at any hex of its `path` (its ZOC reaching them, or entering their hex), each
// placed with his nearest friendly unit at that instant, before the mover goes on. Called by the
// move before the mover stands at its last hex; a leader it passes by is caught although the mover
// ends its move elsewhere. Adds their UnitPlacedEvents (or 10.1E eliminations) to `caught`.
void displace_leaders_caught_in_passing(GameState& state, UnitIndex mover, const std::vector<Hex>& path,
                                        std::vector<Event>& caught);

// The leader piece (10.0, an army HQ too) `id` of `army` in the game, or nullopt.
std::optional<UnitIndex> leader_piece(const GameState& state, Army army, std::string_view id);

// True if the leader `id` of `army` was in the game and has been eliminated (10.2): 24.0's
// "Napoleon eliminated" condition reads this.
bool leader_eliminated(const GameState& state, Army army, std::string_view id);

}  // namespace hd::engine

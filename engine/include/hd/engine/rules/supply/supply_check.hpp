// 14.0 Supply: the daily check. On the first daylight turn of each day every combat unit on the map
// traces its line of supply (supply_line.hpp); those that cannot are removed to the destroyed units
// box, for good: 12.0 may never reorganize them. Leaders are not units of the state (14.0: "Supply
// has no effect on leaders"). Decisions and their reasons: docs/rules-notes.md, 14.0.
#pragma once

#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <vector>

namespace hd::engine {

// 14.0: true if the game's turn `turn` is the first daylight turn of its day: a daylight turn (rain
// or not) that follows a night turn on the turn track, the game's opening turn included when it is
// one (GameTurn::first_daylight_of_day; docs/rules-notes.md, 14.0).
bool supply_check_turn(const Ruleset& rules, int turn);

// 14.0's state slot, made as the game opens (14.0's module): the units the checks removed.
void open_supply_slot(GameState& state);

// 14.0: the check, for every army at once: every combat unit on the map traces its line against the
// same position, then those without one are eliminated together (a UnitEliminatedEvent each, reason
// "out of supply (14.0)"). Their strength counts as losses like any eliminated unit's (9.0, and VP
// per strength point eliminated). Returns how many units were removed. Work: one SupplyNetwork per
// army plus one bounded search per unit.
int check_supply(GameState& state, std::vector<Event>& events);

// 14.0: true if the unit was removed out of supply and so may never be reorganized (12.0). The
// game must have 14.0's slot (open_supply_slot) to check.
bool removed_out_of_supply(const GameState& state, UnitIndex unit);

}  // namespace hd::engine

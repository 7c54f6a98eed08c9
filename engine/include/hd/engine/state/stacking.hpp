// Stacking (5.4, 8.1A, 16.1B): how one side's combat units in a hex count against its limit. Leaders
// stack freely and are never counted (10.1B). Every stacking check of the engine asks here.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <optional>

namespace hd::engine {

// One side's combat units in a hex, as the stacking limit counts them.
struct Stack {
  int counted = 0;     // units counted against the limit (5.4)
  int free_units = 0;  // units that stack freely with one or two others (16.1B: rifles)
  int alone = 0;       // units that stack with no other (16.17B: supply trains)
  int total() const { return counted + free_units + alone; }
};

// 16.1B: at most this many units in a hex holding a unit that stacks freely (it and two others).
inline constexpr int kFreeStackTotal = 3;

// How many counted units a hex holds at the end of a phase: two (5.4), one in a chateau (8.1A).
int stacking_limit(const GameMap& map, Hex hex);

// Adds `unit` (a combat unit) to `stack`, as the rules in force count it (rules_stack_freely()).
void add_to_stack(const Ruleset& rules, const UnitState& unit, Stack& stack);

// The combat units of `side` in `hex`, `except` left out.
Stack friendly_stack(const GameState& state, Hex hex, Side side, std::optional<UnitIndex> except = {});

// True if `stack` is within `hex`'s limit: stacking_limit() counted units, and with a unit that
// stacks freely at most kFreeStackTotal in all; a chateau holds one unit of any kind (8.1A); a supply
// train is alone in its hex (16.17B).
bool stack_fits(const GameMap& map, Hex hex, const Stack& stack);

// The limit a refusal names for `stack` in `hex`: kFreeStackTotal where a unit stacks freely outside
// a chateau, else stacking_limit().
int stack_limit_for(const GameMap& map, Hex hex, const Stack& stack);

}  // namespace hd::engine

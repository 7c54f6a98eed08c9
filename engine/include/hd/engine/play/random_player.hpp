// A player that picks among simple legal choices: for tests (random legal play to the end of every
// scenario), load runs, the server's built-in seats and hd_script --bot. Deterministic for a given
// generator state.
#pragma once

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/dice.hpp>

namespace hd::engine {

enum class RandomPlayerStyle {
  // Uniform among simple legal choices: units wander, owed attacks only (the tests' player).
  Uniform,
  // Still random and legal, but seeks battle: most moves close on the nearest enemy unit (leaders
  // and trains keep with friendly combat units), optional attacks (7.1B bombardments) at the best
  // odds on offer, no voluntary odds reduction, and every rule choice offered is taken (12.0's
  // reorganization). The built-in seats' and hd_script --bot's player.
  BattleSeeking,
};

// The next action for the side whose decision is pending (pending_decision(state).side). Always
// an action validate() accepts for that side.
Action choose_random_action(const GameState& state, SplitMix64& random,
                            RandomPlayerStyle style = RandomPlayerStyle::Uniform);

}  // namespace hd::engine

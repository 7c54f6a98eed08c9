// A player that picks uniformly among simple legal choices: for tests (random legal play to the end
// of every scenario), load runs and as the seed of the solitaire opponent. Deterministic for a
// given generator state.
#pragma once

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/dice.hpp>

namespace hd::engine {

// The next action for the side whose decision is pending (pending_decision(state).side). Always
// an action validate() accepts for that side.
Action choose_random_action(const GameState& state, SplitMix64& random);

}  // namespace hd::engine

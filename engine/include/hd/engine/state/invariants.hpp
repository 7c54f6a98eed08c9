// What holds in every reachable game state, checked after every apply() in test builds (the
// HD_CHECK_INVARIANTS compile definition, on with HD_BUILD_TESTS): a broken invariant is an engine
// bug, not a player's error.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <string>
#include <vector>

namespace hd::engine {

// Every invariant `state` breaks, one sentence each (empty: all hold):
// - units on the map are inside the map and the playing area (3.2A), never with enemy units;
// - no hex holds more of a side's units than its limit (5.4, 8.1A), except the phasing side's during
//   its movement phase and a side whose retreats (and displacements, 6.6D) are still pending;
// - each army's losses equal the strengths of its eliminated units (9.0), and a side's exited
//   strength is no more than that of its exited units (5.5C);
// - decisions are pending only in a combat phase (or once the game is over), in a coherent shape: the
//   retreat decided next is an on-map unit's, an offered advance has victors of its side, an
//   exchange waits for the phasing side among its own units, and an exchange comes before retreats;
// - outside combat no unit carries this phase's combat flags (fought, must_fight, advanced, 6.1, 6.7C).
std::vector<std::string> broken_invariants(const GameState& state);

// Throws std::logic_error listing the broken invariants, if any (apply() calls it in test builds).
void check_invariants(const GameState& state);

}  // namespace hd::engine

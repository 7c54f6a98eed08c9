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

// How often choose_action_from_knowledge draws on the believed board before it falls back.
inline constexpr int kKnowledgeDraws = 8;

// 16.3 (issue 14): the same, for a player who knows only what its side observes: the choice is made
// on the board the pending side believes (believed_board: unobserved enemy pieces where last
// seen, or off it), so nothing it does not observe shapes it, and checked on the board that is. A
// choice the board that is refuses (a hidden enemy's zone in the way, say) is drawn again, up to
// kKnowledgeDraws times; then the phase is ended if it may be, else the choice is made on the board
// that is (a last resort, counted in `*fallbacks` if given). Where 16.3 is not in force, exactly
// choose_random_action. Always an action validate() accepts for the pending side.
Action choose_action_from_knowledge(const GameState& state, SplitMix64& random,
                                    RandomPlayerStyle style = RandomPlayerStyle::Uniform,
                                    int* fallbacks = nullptr);

}  // namespace hd::engine

// What a side may do now, enumerated from the rules' own generators (reachable hexes, combat
// options, retreat hexes, the advance offered, exchange choices, placement hexes), each action
// kind's in its descriptor (action_kind.hpp), rather than by trying actions on validate(): the
// property test (tests/engine/legal_actions_test.cpp) checks the two against each other.
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>

#include <vector>

namespace hd::engine {

// The actions `side` may take in `state` now. Complete where the choice is small: retreats (6.6),
// advances (6.7), exchange choices (6.5A), placements (3.2C), and one move to each reachable hex by
// its cheapest path, with and without leaving the map (5.0-5.6). Attacks are a sample of the
// combinations (for each attackable hex: each adjacent stack alone and all together, each bombarding
// stack alone and with the adjacent stacks, with and without one column of odds reduction, 6.2C),
// since every subset of attackers is too many. `end` is offered when the phase's obligations are met
// (5.4 stacking, 6.1 owed combats): that verdict is validate()'s own. Empty for a side with no
// decision now, and once the game is over.
std::vector<Action> legal_actions(const GameState& state, Side side);

}  // namespace hd::engine

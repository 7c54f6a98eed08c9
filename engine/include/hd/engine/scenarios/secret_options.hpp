// Force options chosen in secret (18.5C: "write down the option and reveal it only when the first
// roll is made"). The scenario marks them (`secret SIDE until TURN`, scenario.hpp); this says which
// of a game's are still hidden. Who may see them anyway is the view's business (view.hpp).
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <string>
#include <vector>

namespace hd::engine {

// True if `option` is chosen for this game, secret, and not revealed yet: its side's movement phase
// of the reveal turn has not begun (that phase's first roll reveals it) and the game is not over.
bool option_hidden(const GameState& state, const ScenarioOption& option);

// True if `option` is secret and the moment the rules reveal it has not come yet, whether or not the
// option is chosen (the server's commitment to the choice, chosen or "none", is opened when this
// turns false: docs/commitments.md).
bool secret_choice_unrevealed(const GameState& state, const ScenarioOption& option);

// The ids of the chosen options still hidden now, in the scenario's order.
std::vector<std::string> hidden_options(const GameState& state);

}  // namespace hd::engine

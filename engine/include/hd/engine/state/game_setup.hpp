// The opening position of a game: every unit of the scenario (and of the chosen force options)
// placed on the map or waiting to enter.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::engine {

// Builds the first state of a game. Units placed "w/N" (3.2C) go to the named hex while it has
// room, else to the nearest hex within N that has room (ties by hex number); a game with such units
// starts in the set-up phase (setup_phase.hpp), where their owners may place them elsewhere within N.
// Fails with messages if a unit cannot be placed or a reference is unknown.
std::optional<GameState> start_game(std::shared_ptr<const Ruleset> rules, std::vector<std::string>& errors);

}  // namespace hd::engine

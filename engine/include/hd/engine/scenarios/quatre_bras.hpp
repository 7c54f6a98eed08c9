// Quatre Bras (19.0): what its special rules keep, for the views and the tests.
#pragma once

#include <hd/engine/state/game_state.hpp>

namespace hd::engine {

// 19.5C: true while `unit` is one of Ney's cavalry units not yet released (it may not move).
bool unreleased_cavalry(const GameState& state, UnitIndex unit);

}  // namespace hd::engine

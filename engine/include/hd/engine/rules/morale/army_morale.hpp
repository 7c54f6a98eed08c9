// Army morale (9.0): each army's demoralization and disintegration levels in force now, and the
// check of its losses against them, which may end the game on an instant victory (3.4).
#pragma once

#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <utility>
#include <vector>

namespace hd::engine {

// Checks every army's losses against its levels now (9.1, 9.2), the non-phasing side first (9.2B),
// and ends the game on an instant victory condition. Called after every loss, and for changes that
// come from outside combat (scenario rules: 18.3B, 21.3B).
void update_morale(GameState& state, std::vector<Event>& events);

// The demoralization and disintegration levels of an army in force now (9.0, scenario morale).
std::pair<std::optional<int>, std::optional<int>> morale_levels(const GameState& state, Army army);

// 9.3: true if demoralization's effects reach the unit now: its army is demoralized, or a rule has
// demoralized its part of the army (27.1A's right wing: UnitTerms::demoralized). No unit so may
// advance after combat; no infantry so has 8.2's chateau benefits.
bool suffers_demoralization(const GameState& state, const UnitState& unit);

}  // namespace hd::engine

// A game's turns (4.0) as a scenario and its chosen force options lay them out on the turn record
// track: one source for a game's Ruleset (make_ruleset) and for the turns the scenario list offers
// (scenario_offer, issue 16).
#pragma once

#include <hd/engine/data/scenario.hpp>
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <string>
#include <vector>

namespace hd::engine {

// The turns of a game of `scenario` with the force options `chosen`, first to last on `track`: an
// option's own first and last turn replace the scenario's (the last such option in `chosen`
// winning); rain on the scenario's and the chosen options' rain turns (22.5C), none when
// `weather_rolled` (22.6A); a daylight turn that follows a night turn, or the track's first, is the
// first of its day (14.0). An id the scenario has no option for is skipped (make_ruleset refuses it).
std::vector<GameTurn> scenario_turns(const Scenario& scenario, const std::vector<std::string>& chosen,
                                     const std::vector<TrackTurn>& track, bool weather_rolled);

}  // namespace hd::engine

// The scenario's briefing in a game's ScenarioInfo (issue 16): its victory conditions and special
// rules in force as the scenario data states them, and the titles of the chosen force options.
#pragma once

#include <hd/engine/state/ruleset.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <vector>

namespace hd::server {

// Adds to `info` the victory conditions and special rules of the scenario and of the force options
// in `visible_options` (those this viewer may know of: engine::visible_options, 18.5C), each special
// rule once with its module's title and its lines, and the title of each of `info`'s force_options.
// A chosen option not in `visible_options` adds nothing.
void add_briefing(const engine::Ruleset& rules, const std::vector<std::string>& visible_options,
                  hundred_days::v1::ScenarioInfo& info);

}  // namespace hd::server

// The server's scenario list (ScenarioList, the answer to ListScenarios) as plain text for the
// terminal's `scenarios` command: what `create` may be given, as the server serves it.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <string>

namespace hd::term {

// One block per scenario, in the server's order, each line ending in a newline:
//   quatre-bras: Quatre Bras (rule 19.0)
//     seats: french allied
//     option 19.5A: Buttlar left two battalions with the wagon train
//     option 18.5C: ... (secret choice of the french side)      when secret_side is set
//     optional rules: 15.1 15.2                                  ("none" when it offers none)
//     NOT BY THE BOOK: missing 25.4A 25.5B                       only when missing_rules is not empty
// A scenario without force options has the line "  options: none". The first line counts them:
// "N scenarios".
std::string format_scenario_list(const hundred_days::v1::ScenarioList& list);

}  // namespace hd::term

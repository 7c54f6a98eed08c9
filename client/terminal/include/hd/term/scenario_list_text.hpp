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

// One scenario's briefing (issue 16) for `scenarios SLUG`, each line ending in a newline: its first
// line as in the list, then what a game of it is played over and for, with no option chosen, then
// each force option with what it adds:
//   quatre-bras: Quatre Bras (rule 19.0)
//     turns: 16/1400 to 16/2000, 7 turns, rain: none           (rain: the rain turns' labels)
//     victory: french win: 19.4C most VP at the end            (an instant win: "instant win")
//     special 19.4C (1 VP for holding Quatre Bras ...): 1 VP to the player ...   (one line each)
//     option 19.5D: French First Corps could have arrived
//       special 19.5D (...): Roll one die ...                  (its victory and turns lines alike)
// A special rule the engine has no module for has no title in brackets.
std::string format_scenario_briefing(const hundred_days::v1::ListedScenario& scenario);

}  // namespace hd::term

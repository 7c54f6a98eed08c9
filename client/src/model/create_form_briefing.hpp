// The briefing of the game the create form would make (issue 16), before it is made: the chosen
// scenario's listing (ListScenarios) with what the chosen force options add, as the game's own
// ScenarioInfo would give it, for briefing_lines. No SFML.
#pragma once

#include "model/new_game_form.hpp"

#include <hundred_days/v1/protocol.pb.h>

namespace hd::client {

// The form's briefing: the chosen scenario's title, rule and turns (a chosen option's own turns in
// their place, the last such option in the scenario's order winning; no rain turn with 22.6A's
// rolled weather chosen); the base victory conditions then each chosen option's, in the scenario's
// order; the special rules likewise, an option's lines joining the entry of the same rule number;
// the chosen options with their titles; the chosen optional rules; the scenario's missing rules.
// Only the title (the typed name) when the scenario is not one of the catalogue's.
hundred_days::v1::ScenarioInfo create_form_briefing(const NewGameForm& form);

}  // namespace hd::client

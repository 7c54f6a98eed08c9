// The scenarios a new game may be made of, as the create-game form offers them: the server's
// answer to ListScenarios (the scenarios it serves), never the client's own data folder. Nothing
// hidden: a scenario's title, its force options and optional rules are printed in the rulebook.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <vector>

namespace hd::client {

// A part of a scenario's briefing (issue 16) as the server listed it: turns, victory conditions and
// special rules only (ListedScenario's or ListedForceOption's), in a ScenarioInfo so that the
// create form's preview (model/create_form_briefing) is made of what a game's briefing is made of.
// Equal when their encodings are (the messages hold no maps, so the encoding is the content).
struct BriefingPart {
  hundred_days::v1::ScenarioInfo info;
  bool operator==(const BriefingPart& other) const {
    return info.SerializeAsString() == other.info.SerializeAsString();
  }
};

// One force option of a scenario (e.g. 19.5A "Early arrival of ...").
struct ForceOption {
  std::string id;  // the rule number the server takes in CreateGame.force_options
  std::string title;
  // The side whose secret written choice it is (18.5C); SIDE_UNSPECIFIED for an open option.
  hundred_days::v1::Side secret_side = hundred_days::v1::SIDE_UNSPECIFIED;
  // What it adds to the briefing: victory conditions, special rules, and a game's turns when it
  // changes them (empty turns: the scenario's stand).
  BriefingPart briefing;
  bool operator==(const ForceOption&) const = default;
};

// One scenario of the catalogue.
struct ScenarioEntry {
  std::string slug;   // folder name, CreateGame.scenario
  std::string title;  // "Quatre Bras"
  std::string rule;   // "19.0"
  std::vector<ForceOption> force_options;
  // The optional rules the server offers for it (engine::offered_optional_rules on the server).
  std::vector<std::string> optional_rules;
  // The seats of the armies in the base forces (set up or entering), French first.
  std::vector<hundred_days::v1::Seat> seats;
  // The rules in force (no option chosen) the server's engine has no module for: empty for a
  // scenario played by the book; a normal server refuses to make a game of any other.
  std::vector<std::string> missing_rules;
  // The briefing with no force option chosen: turns, victory conditions, special rules.
  BriefingPart briefing;
  bool operator==(const ScenarioEntry&) const = default;
};

// The catalogue of a ScenarioList, in the server's order. An entry without a slug (nothing to
// send in CreateGame) and a seat that is not one of the three are left out; a secret side that is
// neither French nor Coalition is read as open.
std::vector<ScenarioEntry> scenario_catalogue_from(const hundred_days::v1::ScenarioList& list);

}  // namespace hd::client

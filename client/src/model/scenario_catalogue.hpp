// The scenarios a new game may be made of, as the create-game form offers them: read from the
// public scenario files (--data), the same files the client reads for the map. Nothing hidden: a
// scenario's title, its force options and optional rules are printed in the rulebook.
#pragma once

#include <hd/engine/data/order_of_battle.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <filesystem>
#include <string>
#include <vector>

namespace hd::client {

// One force option of a scenario (e.g. 19.5A "Early arrival of ...").
struct ForceOption {
  std::string id;  // the rule number the server takes in CreateGame.force_options
  std::string title;
};

// One scenario of the catalogue.
struct ScenarioEntry {
  std::string slug;   // folder name, CreateGame.scenario
  std::string title;  // "Quatre Bras"
  std::string rule;   // "19.0"
  std::vector<ForceOption> force_options;
  // The optional rules the engine has that the scenario's "optional" line offers (itself or as all
  // of 15.0): engine::offered_optional_rules.
  std::vector<std::string> optional_rules;
  // The seats of the armies in the base forces (set up or entering), French first.
  std::vector<hundred_days::v1::Seat> seats;
};

// Every scenario folder under `root` whose scenario.txt parses, sorted by folder name. A folder
// that does not parse is left out and named in `problems` (file and line). `oob`, the armies the
// caller has loaded from the same root, tells leaders from units (10.0 is offered only where a
// set-up line names a leader).
std::vector<ScenarioEntry> load_scenario_catalogue(const std::filesystem::path& root,
                                                   const engine::OrderOfBattle& oob,
                                                   std::vector<std::string>& problems);

// The catalogue entry of one scenario text (exposed for tests); `slug` names the folder.
// `oob`, the armies, tells the leaders the lines name (10.0 is offered only where there are some).
// Returns false with `problem` set if the text does not parse.
bool scenario_entry_from_text(const std::string& slug, const std::string& text,
                              const engine::OrderOfBattle& oob, ScenarioEntry& entry, std::string& problem);

}  // namespace hd::client

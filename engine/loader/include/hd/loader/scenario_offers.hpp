// The scenarios a data root serves and what a new game of each may be made of
// (engine::scenario_offer): what the server lists for ListScenarios, read once at its start.
#pragma once

#include <hd/engine/data/data_text.hpp>
#include <hd/engine/rules/modules/scenario_offer.hpp>
#include <hd/loader/data_files.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace hd::loader {

struct ListedScenario {
  std::string slug;  // the folder name under the data root, e.g. "quatre-bras"
  engine::ScenarioOffer offer;
};

// Every scenario folder under `root` (list_scenarios) whose scenario loads against `data`
// (load_scenario: parsed and validated), sorted by folder name. A folder that does not load is
// left out and its first error added to `problems`.
std::vector<ListedScenario> load_scenario_offers(const std::filesystem::path& root, const GameData& data,
                                                 std::vector<engine::DataError>& problems);

}  // namespace hd::loader

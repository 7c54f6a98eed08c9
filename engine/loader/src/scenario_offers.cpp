#include <hd/loader/scenario_offers.hpp>

namespace hd::loader {

std::vector<ListedScenario> load_scenario_offers(const std::filesystem::path& root, const GameData& data,
                                                 std::vector<engine::DataError>& problems) {
  std::vector<ListedScenario> listed;
  for (const std::string& slug : list_scenarios(root)) {
    engine::ScenarioReport report;
    const auto scenario = load_scenario(root, slug, data, report);
    if (!scenario.value) {
      problems.push_back(scenario.errors.empty()
                             ? engine::DataError{(root / slug / "scenario.txt").string(), 0, "does not load"}
                             : scenario.errors.front());
      continue;
    }
    listed.push_back({slug, engine::scenario_offer(*scenario.value, data.oob, data.track)});
  }
  return listed;
}

}  // namespace hd::loader

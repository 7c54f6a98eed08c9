#include "model/scenario_catalogue.hpp"

#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <set>

namespace hd::client {

namespace pb = hundred_days::v1;

namespace {

pb::Seat seat_of(engine::Army army) {
  switch (army) {
    case engine::Army::French:
      return pb::SEAT_FRENCH;
    case engine::Army::Prussian:
      return pb::SEAT_PRUSSIAN;
    case engine::Army::Allied:
      return pb::SEAT_ALLIED;
  }
  return pb::SEAT_UNSPECIFIED;
}

}  // namespace

bool scenario_entry_from_text(const std::string& slug, const std::string& text,
                              const engine::OrderOfBattle& oob, ScenarioEntry& entry, std::string& problem) {
  const auto parsed = engine::parse_scenario(text, slug + "/scenario.txt");
  if (!parsed.scenario) {
    problem = parsed.errors.empty() ? slug + ": does not parse" : parsed.errors.front().to_string();
    return false;
  }
  const engine::Scenario& scenario = *parsed.scenario;
  entry = ScenarioEntry{};
  entry.slug = slug;
  entry.title = scenario.name;
  entry.rule = scenario.rule;
  for (const engine::ScenarioOption& option : scenario.options)
    entry.force_options.push_back({option.id, option.title});
  entry.optional_rules = engine::offered_optional_rules(scenario, oob);
  std::set<pb::Seat> seats;
  for (const engine::Placement& placement : scenario.forces.placements)
    seats.insert(seat_of(placement.army));
  for (const engine::Reinforcement& reinforcement : scenario.forces.reinforcements)
    seats.insert(seat_of(reinforcement.army));
  entry.seats.assign(seats.begin(), seats.end());  // enum order: French, Prussian, Allied
  return true;
}

std::vector<ScenarioEntry> load_scenario_catalogue(const std::filesystem::path& root,
                                                   const engine::OrderOfBattle& oob,
                                                   std::vector<std::string>& problems) {
  std::vector<ScenarioEntry> catalogue;
  for (const std::string& slug : loader::list_scenarios(root)) {
    std::vector<engine::DataError> errors;
    const auto text = loader::read_text_file(root / slug / "scenario.txt", errors);
    if (!text) {
      problems.push_back(errors.empty() ? slug + ": cannot be read" : errors.front().to_string());
      continue;
    }
    ScenarioEntry entry;
    std::string problem;
    if (scenario_entry_from_text(slug, *text, oob, entry, problem)) {
      catalogue.push_back(std::move(entry));
    } else {
      problems.push_back(problem);
    }
  }
  return catalogue;
}

}  // namespace hd::client

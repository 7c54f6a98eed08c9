#include "games/scenario_briefing.hpp"

#include <hd/wire/briefing_convert.hpp>

#include <algorithm>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// Adds the victory lines and special lines of one set of forces (the scenario's or an option's).
void add_forces(const engine::ScenarioForces& forces, v1::ScenarioInfo& info) {
  wire::add_briefing(forces.victory, forces.specials, *info.mutable_victory(), *info.mutable_special_rules());
}

}  // namespace

void add_briefing(const engine::Ruleset& rules, const std::vector<std::string>& visible_options,
                  v1::ScenarioInfo& info) {
  add_forces(rules.scenario.forces, info);
  for (const engine::ScenarioOption& option : rules.scenario.options)
    if (rules.option_chosen(option.id) && contains(visible_options, option.id))
      add_forces(option.additions, info);
  for (const std::string& id : info.force_options()) {
    const auto option = std::find_if(rules.scenario.options.begin(), rules.scenario.options.end(),
                                     [&](const engine::ScenarioOption& o) { return o.id == id; });
    info.add_force_option_titles(option != rules.scenario.options.end() ? option->title : std::string());
  }
}

}  // namespace hd::server

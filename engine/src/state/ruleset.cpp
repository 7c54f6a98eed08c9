#include <hd/engine/state/ruleset.hpp>

#include <algorithm>

namespace hd::engine {

int Ruleset::turn_index(TurnName name) const {
  for (std::size_t i = 0; i < turns.size(); ++i)
    if (turns[i].name == name) return static_cast<int>(i);
  return -1;
}

bool Ruleset::option_chosen(std::string_view id) const {
  return std::find(chosen_options.begin(), chosen_options.end(), id) != chosen_options.end();
}

std::vector<std::string> optional_rule_ids(const OptionalRules& rules) {
  std::vector<std::string> ids;
  if (rules.combined_arms) ids.emplace_back("15.1");
  if (rules.imperial_guard) ids.emplace_back("15.2");
  return ids;
}

bool choose_optional_rule(OptionalRules& rules, std::string_view id) {
  if (id == "15.1") {
    rules.combined_arms = true;
  } else if (id == "15.2") {
    rules.imperial_guard = true;
  } else {
    return false;
  }
  return true;
}

std::string rules_identity(const Ruleset& rules) {
  std::string identity = "scenario " + rules.scenario.rule + "; options";
  for (const std::string& option : rules.chosen_options)
    identity += " " + option;
  identity += "; optional";
  for (const std::string& id : optional_rule_ids(rules.optional_rules))
    identity += " " + id;
  return identity;
}

std::shared_ptr<const Ruleset> make_ruleset(GameMap map, TerrainEffects terrain, CombatResultsTable crt,
                                            OrderOfBattle oob, const std::vector<TrackTurn>& track,
                                            Scenario scenario, std::vector<std::string> chosen_options,
                                            OptionalRules optional_rules, std::vector<RulesetError>& errors) {
  TurnName first = scenario.first_turn;
  TurnName last = scenario.last_turn;
  std::vector<TurnName> rain = scenario.rain;
  for (const std::string& id : chosen_options) {
    const auto option = std::find_if(scenario.options.begin(), scenario.options.end(),
                                     [&](const ScenarioOption& o) { return o.id == id; });
    if (option == scenario.options.end()) {
      errors.push_back({"scenario " + scenario.rule + " has no option '" + id + "'"});
      continue;
    }
    if (option->turns) {
      first = option->turns->first;
      last = option->turns->second;
    }
    rain.insert(rain.end(), option->rain.begin(), option->rain.end());
  }
  auto ruleset = std::make_shared<Ruleset>(Ruleset{std::move(map),
                                                   std::move(terrain),
                                                   crt,
                                                   std::move(oob),
                                                   std::move(scenario),
                                                   std::move(chosen_options),
                                                   optional_rules,
                                                   {}});
  for (const TrackTurn& t : track) {
    if (t.name < first || last < t.name) continue;
    const bool is_rain = std::find(rain.begin(), rain.end(), t.name) != rain.end();
    ruleset->turns.push_back(GameTurn{t.name, t.night, is_rain});
  }
  if (ruleset->turns.empty()) errors.push_back({"the turn track holds none of the scenario's turns"});
  if (!errors.empty()) return nullptr;
  return ruleset;
}

}  // namespace hd::engine

#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/state/ruleset.hpp>
#include <hd/engine/state/scenario_turns.hpp>

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

std::string rules_identity(const Ruleset& rules) {
  std::string identity = "scenario " + rules.scenario.rule + "; options";
  for (const std::string& option : rules.chosen_options)
    identity += " " + option;
  identity += "; optional";
  for (const std::string& id : rules.optional_rules)
    identity += " " + id;
  identity += "; missing";
  for (const std::string& id : rules.missing_rules)
    identity += " " + id;
  return identity;
}

std::shared_ptr<const Ruleset> make_ruleset(GameMap map, TerrainEffects terrain, CombatResultsTable crt,
                                            OrderOfBattle oob, const std::vector<TrackTurn>& track,
                                            Scenario scenario, RuleChoice choice,
                                            std::vector<RulesetError>& errors) {
  std::vector<std::string>& chosen_options = choice.options;
  for (const std::string& id : chosen_options)
    if (std::none_of(scenario.options.begin(), scenario.options.end(),
                     [&](const ScenarioOption& o) { return o.id == id; }))
      errors.push_back({"scenario " + scenario.rule + " has no option '" + id + "'"});
  std::sort(choice.optional_rules.begin(), choice.optional_rules.end(), rule_number_less);
  choice.optional_rules.erase(std::unique(choice.optional_rules.begin(), choice.optional_rules.end()),
                              choice.optional_rules.end());
  for (const std::string& rule : choice.optional_rules)
    if (auto refusal = optional_rule_refusal(scenario, oob, rule))
      if (!(choice.allow_missing_rules && rule_unfinished(rule))) errors.push_back({*refusal});
  const RulesInForce in_force = rules_in_force(scenario, chosen_options, choice.optional_rules);
  // 16.15 supersedes 11.3's out-of-command effects: without 11.0 nothing is ever out of command, and it
  // would change nothing.
  const auto plays = [&](std::string_view rule) {
    return std::find(in_force.needed.begin(), in_force.needed.end(), rule) != in_force.needed.end();
  };
  if (plays("16.15") && !plays("11.0"))
    errors.push_back({"optional rule 16.15 changes 11.3's out-of-command effects: it needs 11.0 in force"});
  // 28.0C's "Ney (inactive)" is 16.14C's inactive side: without 16.14 a commander has none.
  // 22.6B's shift names 22.4C's levels ("a French Marginal becomes a French Tactical").
  if (plays("22.6B") && !plays("22.4C"))
    errors.push_back({"22.6B's Hal Force shifts 22.4C's levels of victory: choose 22.4C with it"});
  // 16.6A-C judge observation as 16.3 does: hidden movement is played with 16.3 in force.
  if (plays("16.6") && !plays("16.3"))
    errors.push_back(
        {"optional rule 16.6 (hidden movement) judges observation by 16.3: choose 16.3 with it"});
  if (plays("28.0C") && !plays("16.14"))
    errors.push_back({"28.0C sets Ney up on 16.14C's inactive side: it needs 16.14 in force"});
  if (!in_force.missing.empty() && !choice.allow_missing_rules) {
    std::string missing;
    for (const std::string& rule : in_force.missing)
      missing += (missing.empty() ? "" : " ") + rule;
    errors.push_back({"scenario " + scenario.rule + " needs rules the engine does not have: " + missing +
                      " (only the development flag allow-missing-rules plays it, marked not by the book)"});
  }
  auto ruleset = std::make_shared<Ruleset>(Ruleset{std::move(map),
                                                   std::move(terrain),
                                                   crt,
                                                   std::move(oob),
                                                   std::move(scenario),
                                                   std::move(chosen_options),
                                                   std::move(choice.optional_rules),
                                                   {},
                                                   {},
                                                   {},
                                                   {}});
  resolve_rule_modules(*ruleset);
  // 22.6A: with variable rain the scenario's fixed rain turns (22.5C) are not used.
  ruleset->turns =
      scenario_turns(ruleset->scenario, ruleset->chosen_options, track, weather_is_rolled(*ruleset));
  if (ruleset->turns.empty()) errors.push_back({"the turn track holds none of the scenario's turns"});
  if (!errors.empty()) return nullptr;
  return ruleset;
}

}  // namespace hd::engine

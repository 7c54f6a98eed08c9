#include "games/scenario_briefing.hpp"

#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/wire/game_convert.hpp>

#include <algorithm>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// Adds the victory lines and special lines of one set of forces (the scenario's or an option's).
void add_forces(const engine::ScenarioForces& forces, v1::ScenarioInfo& info) {
  for (const engine::VictoryCondition& condition : forces.victory) {
    v1::BriefingVictory& victory = *info.add_victory();
    victory.set_side(wire::to_proto(condition.side));
    victory.set_level(condition.level);
    victory.set_text(condition.text);
    victory.set_instant(condition.instant);
  }
  for (const engine::SpecialRule& special : forces.specials) {
    auto* rules = info.mutable_special_rules();
    const auto same = std::find_if(rules->begin(), rules->end(),
                                   [&](const v1::BriefingRule& rule) { return rule.rule() == special.rule; });
    v1::BriefingRule* rule = same != rules->end() ? &*same : nullptr;
    if (!rule) {
      rule = info.add_special_rules();
      rule->set_rule(special.rule);
      if (const engine::RuleModule* module = engine::find_rule_module(special.rule))
        rule->set_title(std::string(module->title));
    }
    rule->add_lines(special.text);
  }
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

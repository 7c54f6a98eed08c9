#include "model/create_form_briefing.hpp"

#include <hd/wire/briefing_convert.hpp>

namespace hd::client {

pb::ScenarioInfo create_form_briefing(const NewGameForm& form) {
  pb::ScenarioInfo info;
  const ScenarioEntry* scenario = form.scenario();
  if (!scenario) {
    info.set_title(form.scenario_slug());
    return info;
  }
  info.set_id(scenario->slug);
  info.set_title(scenario->title);
  info.set_rule(scenario->rule);
  const pb::ScenarioInfo& base = scenario->briefing.info;
  *info.mutable_turns() = base.turns();
  *info.mutable_victory() = base.victory();
  *info.mutable_special_rules() = base.special_rules();
  for (const ForceOption& option : scenario->force_options) {
    if (!form.force_option_chosen(option.id)) continue;
    const pb::ScenarioInfo& added = option.briefing.info;
    if (added.turns_size() > 0) *info.mutable_turns() = added.turns();
    for (const pb::BriefingVictory& victory : added.victory())
      *info.add_victory() = victory;
    for (const pb::BriefingRule& rule : added.special_rules())
      wire::merge_briefing_rule(*info.mutable_special_rules(), rule);
    info.add_force_options(option.id);
    info.add_force_option_titles(option.title);
  }
  for (const std::string& rule : scenario->optional_rules)
    if (form.optional_rule_chosen(rule)) info.add_optional_rules(rule);
  // 22.6A chosen as an optional rule rolls the weather: the fixed rain turns (22.5C) are not used.
  if (form.optional_rule_chosen("22.6A"))
    for (pb::TurnInfo& turn : *info.mutable_turns())
      turn.set_rain(false);
  for (const std::string& rule : scenario->missing_rules)
    info.add_missing_rules(rule);
  return info;
}

}  // namespace hd::client

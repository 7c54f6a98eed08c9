#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/wire/briefing_convert.hpp>
#include <hd/wire/game_convert.hpp>

#include <algorithm>

namespace hd::wire {

namespace v1 = hundred_days::v1;

void merge_briefing_rule(google::protobuf::RepeatedPtrField<v1::BriefingRule>& rules,
                         const v1::BriefingRule& rule) {
  const auto same = std::find_if(rules.begin(), rules.end(),
                                 [&](const v1::BriefingRule& entry) { return entry.rule() == rule.rule(); });
  if (same == rules.end()) {
    *rules.Add() = rule;
    return;
  }
  for (const std::string& line : rule.lines())
    same->add_lines(line);
}

void add_briefing(const std::vector<engine::VictoryCondition>& conditions,
                  const std::vector<engine::SpecialRule>& specials,
                  google::protobuf::RepeatedPtrField<v1::BriefingVictory>& victory,
                  google::protobuf::RepeatedPtrField<v1::BriefingRule>& rules) {
  for (const engine::VictoryCondition& condition : conditions) {
    v1::BriefingVictory& out = *victory.Add();
    out.set_side(to_proto(condition.side));
    out.set_level(condition.level);
    out.set_text(condition.text);
    out.set_instant(condition.instant);
  }
  for (const engine::SpecialRule& special : specials) {
    v1::BriefingRule rule;
    rule.set_rule(special.rule);
    if (const engine::RuleModule* module = engine::find_rule_module(special.rule))
      rule.set_title(std::string(module->title));
    rule.add_lines(special.text);
    merge_briefing_rule(rules, rule);
  }
}

v1::TurnInfo to_proto(const engine::GameTurn& turn) {
  v1::TurnInfo out;
  out.set_label(turn.name.to_string());
  out.set_night(turn.night);
  out.set_rain(turn.rain);
  return out;
}

}  // namespace hd::wire

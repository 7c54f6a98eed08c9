// The Campaign (22.0) and the Campaign Variant (28.0, which takes 22.4 over): their special rules,
// each a rule module.
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/state/ruleset.hpp>

namespace hd::engine::modules {
namespace {

constexpr int kDoublingStrength = 20;  // 22.4A

// 22.4A: once at least 20 French SP have exited at 0605, every exit VP is doubled, the first 20 SP
// included: the scenario's exit lines score their VP a second time.
void exit_doubling(const GameState& state, VictoryTerms& terms) {
  constexpr auto french = static_cast<std::size_t>(Side::French);
  const int exited = state.exited_strength[french];
  if (exited < kDoublingStrength) return;
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) {
    for (const VpRule& rule : forces.vp)
      if (rule.kind == VpKind::Exit && rule.side == Side::French) terms.vp[french] += rule.points * exited;
  });
}

}  // namespace

extern const RuleModule campaign_22_4A{"22.4A",
                                       "Exit VP doubled once 20 French SP have exited at 0605",
                                       "hook: victory (the exit lines' VP counted twice from 20 SP on)",
                                       {.victory = exit_doubling}};
extern const RuleModule campaign_22_6F{
    "22.6F",
    "Missing British leaders: Cole never used, Colville only with the Hal Force",
    "the scenario's data: no line places Cole [6]; Colville [4] enters only in the 22.6B option's "
    "reinforcement line (tests/engine/campaign_rules_test.cpp checks both)",
    {}};

}  // namespace hd::engine::modules

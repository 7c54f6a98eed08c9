// Wavre (20.0): the scenario's special rules (20.3A, 20.4C), each a rule module.
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {
namespace {

// 20.3A: the French demoralization level rises by the French VP total (computed without this
// rule's own effect).
void french_level_by_vp(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::French) return;
  int vp = 0;
  for (const VpRule& rule : state.rules->scenario.forces.vp) {
    if (rule.side != Side::French || rule.kind != VpKind::PerStrengthPoint) continue;
    vp += rule.points * (state.eliminated_strength[static_cast<std::size_t>(Army::Prussian)] +
                         state.eliminated_strength[static_cast<std::size_t>(Army::Allied)]);
  }
  terms.demoralization += vp;
}

// 20.4C: Prussian strength exited counts only on or before the 18/1500 turn; 1 VP to the French per
// Prussian strength point still on the map at the end.
void prussian_exits_and_left_on_map(const GameState& state, VictoryTerms& terms) {
  if (TurnName{18, 1500} < state.current_turn().name)
    terms.exits_score[static_cast<std::size_t>(Army::Prussian)] = false;
  if (state.phase != Phase::GameOver) return;
  int on_map = 0;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && unit.army == Army::Prussian) on_map += unit.strength();
  terms.vp[static_cast<std::size_t>(Side::French)] += on_map;
}

}  // namespace

extern const RuleModule wavre_20_3A{
    "20.3A", "The French level rises by the French VP total", "hook: morale", {.morale = french_level_by_vp}};
extern const RuleModule wavre_20_4C{
    "20.4C",
    "Prussian exits count until 18/1500; French VP for Prussians left on the map",
    "hook: victory",
    {.victory = prussian_exits_and_left_on_map}};

}  // namespace hd::engine::modules

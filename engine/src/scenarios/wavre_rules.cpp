// Wavre (20.0): the scenario's special rules (20.3A, 20.4C), each a rule module.
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {
namespace {

// 20.3A: the French demoralization level rises by the French VP total (computed without this
// rule's own effect).
std::pair<int, int> french_level_by_vp(const GameState& state, Army army) {
  if (army != Army::French) return {0, 0};
  int vp = 0;
  for (const VpRule& rule : state.rules->scenario.forces.vp) {
    if (rule.side != Side::French || rule.kind != VpKind::PerStrengthPoint) continue;
    vp += rule.points * (state.eliminated_strength[static_cast<std::size_t>(Army::Prussian)] +
                         state.eliminated_strength[static_cast<std::size_t>(Army::Allied)]);
  }
  return {vp, 0};
}

// 20.4C: Prussian strength exited counts only on or before the 18/1500 turn.
bool prussian_exits_until_1500(const GameState& state, Army army) {
  return !(army == Army::Prussian && TurnName{18, 1500} < state.current_turn().name);
}

// 20.4C: 1 VP to the French per Prussian strength point still on the map at the end.
int prussians_left_on_map(const GameState& state, Side side) {
  if (side != Side::French || state.phase != Phase::GameOver) return 0;
  int on_map = 0;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && unit.army == Army::Prussian) on_map += unit.strength();
  return on_map;
}

}  // namespace

extern const RuleModule wavre_20_3A{"20.3A",
                                    "The French level rises by the French VP total",
                                    "hook: morale",
                                    {.morale_levels = french_level_by_vp}};
extern const RuleModule wavre_20_4C{
    "20.4C",
    "Prussian exits count until 18/1500; French VP for Prussians left on the map",
    "hooks: victory",
    {.exit_counts = prussian_exits_until_1500, .vp = prussians_left_on_map}};

}  // namespace hd::engine::modules

// 15.2 The Imperial Guard: each repulse of the Guard's infantry lowers the French demoralization
// level by 20.
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/optional/optional_rules.hpp>

#include <algorithm>
#include <variant>

namespace hd::engine {
namespace {

void guard_repulsed(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  if (!imperial_guard_setback(state, combat.attack, combat.result, combat.coalition_broken)) return;
  state.demoralization_reduction[static_cast<std::size_t>(Army::French)] += 20;
  std::get<CombatResolvedEvent>(events[combat.event_at])
      .odds.modifiers.push_back("Imperial Guard repulsed: French demoralization level reduced by 20 (15.2)");
  update_morale(state, events);
}

}  // namespace

bool imperial_guard_setback(const GameState& state, const AttackAction& attack, CombatResult result,
                            bool coalition_broken) {
  if (!rule_in_force(*state.rules, "15.2") || state.phasing != Side::French) return false;
  if (result != CombatResult::AttackerEliminated && result != CombatResult::AttackerRetreat &&
      result != CombatResult::Exchange) {
    return false;
  }
  if (coalition_broken) return false;  // 15.2 exception 1
  return std::any_of(attack.attackers.begin(), attack.attackers.end(), [&](UnitIndex u) {
    const UnitState& unit = state.units[u];
    return unit.army == Army::French && unit.type == UnitType::Infantry && unit.command == "[G]";
  });
}

namespace modules {
extern const RuleModule imperial_guard_15_2{
    "15.2", "The Imperial Guard", "hook: combat result adjustments", {.combat_resolved = guard_repulsed}};
}  // namespace modules

}  // namespace hd::engine

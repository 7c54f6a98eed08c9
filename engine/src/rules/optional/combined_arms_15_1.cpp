// 15.1 Combined arms: one column right for an attack by infantry, cavalry and artillery together.
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/optional/optional_rules.hpp>

#include <algorithm>
#include <set>
#include <string>

namespace hd::engine {
namespace {

// 15.1: the shift, applied before the chateau cap (8.2B) and the attacker's reduction (6.2C).
void shift_for_combined_arms(const GameState& state, CombatTerms& terms) {
  if (!terms.odds || !combined_arms(state, terms.attack)) return;
  CombatOdds& odds = *terms.odds;
  const bool at_top = odds.computed.index == kOddsColumns - 1;
  odds.computed.index = std::min(odds.computed.index + 1, kOddsColumns - 1);
  odds.modifiers.push_back(at_top ? std::string("combined arms: 6-1 remains 6-1 (15.1)")
                                  : "combined arms: odds shifted one column right to " +
                                        odds.computed.to_string() + " (15.1)");
}

}  // namespace

bool combined_arms(const GameState& state, const AttackAction& attack) {
  if (!rule_in_force(*state.rules, "15.1")) return false;
  std::set<Hex> defended;
  for (UnitIndex u : attack.defenders)
    defended.insert(state.units[u].hex);
  if (defended.size() != 1) return false;
  bool infantry = false;
  bool cavalry = false;
  bool artillery = false;
  for (const auto* units : {&attack.attackers, &attack.bombarding}) {
    for (UnitIndex u : *units) {
      const UnitType type = state.units[u].type;
      infantry = infantry || counts_as_infantry(type);
      cavalry = cavalry || type == UnitType::Cavalry;
      artillery = artillery || is_artillery(type);
    }
  }
  return infantry && cavalry && artillery;
}

namespace modules {
extern const RuleModule combined_arms_15_1{
    "15.1", "Combined arms", "hook: combat (the odds)", {.combat = shift_for_combined_arms}};
}  // namespace modules

}  // namespace hd::engine

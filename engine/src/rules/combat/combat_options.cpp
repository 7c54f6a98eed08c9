#include <hd/engine/rules/combat/combat_options.hpp>

#include <algorithm>
#include <map>

namespace hd::engine {

std::vector<CombatOption> combat_options(const GameState& state) {
  std::vector<CombatOption> options;
  if (state.phase != Phase::Combat || !state.pending_retreats.empty() || state.pending_advance ||
      state.pending_exchange)
    return options;
  std::map<Hex, CombatOption> by_hex;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    // 10.2: leaders neither attack nor defend.
    if (!unit.on_map() || unit.is_leader() || unit.fought || side_of(unit.army) == state.phasing) continue;
    CombatOption& option = by_hex[unit.hex];
    option.target = unit.hex;
    option.defenders.push_back(static_cast<UnitIndex>(i));
    option.owed = option.owed || unit.must_fight;
  }
  for (auto& [hex, option] : by_hex) {
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      const UnitState& unit = state.units[i];
      // 16.17C: a supply train never attacks.
      if (!unit.on_map() || unit.is_leader() || unit.is_supply_train() || unit.fought ||
          side_of(unit.army) != state.phasing)
        continue;
      const auto index = static_cast<UnitIndex>(i);
      // Each candidate alone, against the whole defending stack, as check_attack would see it.
      AttackAction adjacent_attack;
      adjacent_attack.attackers = state.units_at(unit.hex);
      std::erase_if(adjacent_attack.attackers, [&](UnitIndex u) {
        return side_of(state.units[u].army) != state.phasing || state.units[u].fought;
      });
      adjacent_attack.defenders = option.defenders;
      if (distance(unit.hex, hex) == 1 && !check_attack(state, adjacent_attack)) {
        option.attackers.push_back(index);
        continue;
      }
      if (!is_artillery(unit.type)) continue;
      AttackAction bombardment;
      bombardment.bombarding = adjacent_attack.attackers;
      bombardment.defenders = option.defenders;
      if (!check_attack(state, bombardment)) option.bombarding.push_back(index);
    }
    if (!option.attackers.empty() || !option.bombarding.empty()) options.push_back(std::move(option));
  }
  return options;
}

}  // namespace hd::engine

// 15.2 The Imperial Guard: each repulse of the Guard's infantry lowers the French demoralization
// level by 20.
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/optional/optional_rules.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <algorithm>
#include <variant>

namespace hd::engine {

// 15.2's own state, in its slot of GameState::rule_state.
struct ImperialGuardState {
  int repulses = 0;  // each lowers the French demoralization level by 20
  bool operator==(const ImperialGuardState&) const = default;
};

template <>
struct Fields<ImperialGuardState> {
  static constexpr auto list = std::make_tuple(field("repulses", &ImperialGuardState::repulses));
};

namespace {

constexpr std::string_view kImperialGuardRule = "15.2";

[[maybe_unused]] void every_member_is_walked(ImperialGuardState& g) {
  HD_ALL_MEMBERS_WALKED(ImperialGuardState, g, g1);
}

void guard_repulsed(GameState& state, const CombatAftermath& combat, std::vector<Event>& events) {
  if (!imperial_guard_setback(state, combat.attack, combat.result, combat.coalition_broken)) return;
  ++state.rule_state.get<ImperialGuardState>(kImperialGuardRule).repulses;
  std::get<CombatResolvedEvent>(events[combat.event_at])
      .odds.modifiers.push_back("Imperial Guard repulsed: French demoralization level reduced by 20 (15.2)");
  update_morale(state, events);
}

// The slot is made as the game opens, so that a snapshot's reader finds it in the game's first state
// (restore_state fills the first state's slots).
void open_guard_slot(GameState& state) {
  state.rule_state.add<ImperialGuardState>(kImperialGuardRule);
}

// 15.2: the French level, lowered by 20 for each repulse so far.
void lower_french_level(const GameState& state, Army army, MoraleTerms& terms) {
  if (army == Army::French) terms.demoralization -= 20 * imperial_guard_repulses(state);
}

}  // namespace

int imperial_guard_repulses(const GameState& state) {
  const auto* guard = state.rule_state.find<ImperialGuardState>(kImperialGuardRule);
  return guard ? guard->repulses : 0;
}

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
    "15.2",
    "The Imperial Guard",
    "hooks: combat result adjustments, morale; its state slot counts the repulses",
    {.opening = open_guard_slot, .combat_resolved = guard_repulsed, .morale = lower_french_level},
    {},
    {"22.5B", "24.1A"}};  // 15.2 Exception 2: 22.5B (the Defeat of the Old Guard) replaces it; 24.1A
                          // puts 22.5B in effect in the grand scenarios
}  // namespace modules

}  // namespace hd::engine

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/victory/victory.hpp>

#include <algorithm>
#include <vector>

namespace hd::engine {

void update_morale(GameState& state, std::vector<Event>& events) {
  std::vector<Army> order{Army::French, Army::Prussian, Army::Allied};
  std::stable_sort(order.begin(), order.end(), [&](Army a, Army b) {
    return (side_of(a) != state.phasing) > (side_of(b) != state.phasing);
  });
  for (Army army : order) {
    const auto i = static_cast<std::size_t>(army);
    const auto [demoralization, disintegration] = morale_levels(state, army);
    const bool demoralized = demoralization && state.eliminated_strength[i] >= *demoralization &&
                             rules_morale(state, army).demoralization_allowed;  // 18.3A
    const bool disintegrated = disintegration && state.eliminated_strength[i] > *disintegration;
    if ((demoralized && !state.demoralized[i]) || (disintegrated && !state.disintegrated[i])) {
      state.demoralized[i] = state.demoralized[i] || demoralized;
      state.disintegrated[i] = state.disintegrated[i] || disintegrated;
      events.push_back(MoraleEvent{army, state.demoralized[i], state.disintegrated[i]});
    }
  }
  if (!state.result) {
    if (auto result = instant_result(state)) {
      state.result = *result;
      state.phase = Phase::GameOver;
      events.push_back(GameEndedEvent{*result});
    }
  }
}

std::pair<std::optional<int>, std::optional<int>> morale_levels(const GameState& state, Army army) {
  std::optional<int> demoralization, disintegration;
  const TurnName now = state.current_turn().name;
  std::optional<TurnName> latest;
  const auto consider = [&](const std::vector<MoraleLevel>& levels) {
    for (const MoraleLevel& level : levels) {
      if (level.army != army) continue;
      if (level.from_turn && now < *level.from_turn) continue;
      if (level.from_turn && latest && *level.from_turn < *latest) continue;
      if (level.from_turn) latest = level.from_turn;
      if (level.demoralization) demoralization = level.demoralization;
      if (level.disintegration) disintegration = level.disintegration;
    }
  };
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) { consider(forces.morale); });
  // Scenario special rules (18.3B, 20.3A, 21.3A, 21.3B) and 15.2's repulses of the Guard.
  const MoraleTerms terms = rules_morale(state, army);
  if (demoralization) *demoralization += terms.demoralization;
  if (disintegration) *disintegration += terms.disintegration;
  return {demoralization, disintegration};
}

bool suffers_demoralization(const GameState& state, const UnitState& unit) {
  return state.demoralized[static_cast<std::size_t>(unit.army)] || rules_unit_terms(state, unit).demoralized;
}

}  // namespace hd::engine

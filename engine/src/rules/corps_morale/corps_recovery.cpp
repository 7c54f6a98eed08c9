// 13.3: a corps recovers good morale when reorganization takes its losses below its level.
#include "corps_morale_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>

#include <algorithm>

namespace hd::engine {

bool recover_corps_losses(GameState& state, UnitIndex index, std::vector<Event>& events) {
  if (!rule_in_force(*state.rules, "13.0") || index >= state.units.size()) return false;
  const UnitState& unit = state.units[index];
  if (!unit.on_map() || unit.is_leader()) return false;
  const auto corps = corps_of(*state.rules, unit);
  if (!corps) return false;
  // Eliminated again, it counts its full strength.
  std::vector<UnitIndex>& returned = corps_morale_state(state).reorganized;
  if (const auto at = std::lower_bound(returned.begin(), returned.end(), index);
      at == returned.end() || *at != index)
    returned.insert(at, index);
  CorpsMorale& record = corps_morale_detail::record_of(state, unit.army, *corps);
  const int taken = std::min(record.losses, unit.full_strength);
  record.losses -= taken;
  events.push_back(CorpsLossEvent{record.army, record.corps, -taken, record.losses});
  // "Drops the total losses below its demoralization level": for the Allies the measure is the
  // total of all nationalities (13.1), so every nationality whose level is now above it recovers.
  const auto levels = corps_morale_detail::corps_morale_levels(*state.rules);
  for (CorpsMorale& other : corps_morale_state(state).corps) {
    if (!other.demoralized || other.army != unit.army || (unit.army != Army::Allied && other.corps != *corps))
      continue;
    const auto printed = levels.find({other.army, other.corps});
    if (printed == levels.end()) continue;
    const int level =
        corps_morale_detail::level_now(state, other.army, other.corps, printed->second);  // 22.5B
    const int measure = corps_morale_measure(state, other.army, other.corps);
    if (measure >= level) continue;
    other.demoralized = false;
    events.push_back(CorpsMoraleEvent{other.army, other.corps, false, measure, level});
  }
  return true;
}

}  // namespace hd::engine

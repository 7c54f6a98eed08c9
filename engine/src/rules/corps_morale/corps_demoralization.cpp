// 13.0, 13.1: corps (and Allied nationality) levels, and demoralization when losses reach them.
#include "corps_morale_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>

namespace hd::engine {

std::map<std::pair<Army, std::string>, int> corps_morale_detail::corps_morale_levels(const Ruleset& rules) {
  std::map<std::pair<Army, std::string>, int> levels;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    for (const GroupMorale& line : forces.corps_morale)
      levels[{line.army, line.group}] = line.level;
    for (const GroupMorale& line : forces.nationality_morale)
      levels[{line.army, line.group}] = line.level;  // 13.1
  });
  return levels;
}

std::optional<int> corps_morale_level(const Ruleset& rules, Army army, std::string_view corps) {
  const auto levels = corps_morale_detail::corps_morale_levels(rules);
  const auto found = levels.find({army, std::string(corps)});
  if (found == levels.end()) return std::nullopt;
  return found->second;
}

int corps_morale_detail::level_now(const GameState& state, Army army, std::string_view corps, int level) {
  return level + rules_corps_morale(state, army, corps).demoralization;  // 22.5B
}

std::optional<int> corps_level_now(const GameState& state, Army army, std::string_view corps) {
  const auto level = corps_morale_level(*state.rules, army, corps);
  if (!level) return std::nullopt;
  return corps_morale_detail::level_now(state, army, corps, *level);
}

void demoralize_corps(GameState& state, Army army, const std::string& corps, int level,
                      std::vector<Event>& events) {
  CorpsMorale& record = corps_morale_detail::record_of(state, army, corps);
  if (record.demoralized) return;
  record.demoralized = true;
  events.push_back(CorpsMoraleEvent{army, corps, true, corps_morale_measure(state, army, corps), level});
}

void update_corps_morale(GameState& state, std::vector<Event>& events) {
  for (const auto& [key, printed] : corps_morale_detail::corps_morale_levels(*state.rules)) {
    const auto& [army, corps] = key;
    const CorpsMorale* record = find_corps_morale(state, army, corps);
    if (record && record->demoralized) continue;
    // 13.0: "reach or exceed"; 13.1: a nationality against the losses of all Allied nationalities.
    const int level = corps_morale_detail::level_now(state, army, corps, printed);
    const int measure = corps_morale_measure(state, army, corps);
    if (measure < level) continue;
    corps_morale_detail::record_of(state, army, corps).demoralized = true;
    events.push_back(CorpsMoraleEvent{army, corps, true, measure, level});
  }
}

bool corps_demoralized(const GameState& state, const UnitState& unit) {
  const CorpsMoraleState* slot = find_corps_morale_state(state);
  if (!slot || slot->corps.empty()) return false;
  const auto corps = corps_of(*state.rules, unit);
  if (!corps) return false;
  const CorpsMorale* record = find_corps_morale(state, unit.army, *corps);
  return record && record->demoralized;
}

}  // namespace hd::engine

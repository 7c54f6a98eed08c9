// 13.0: the losses of each corps (13.1: each Allied nationality), counted as units are eliminated.
#include "corps_morale_detail.hpp"

#include <algorithm>
#include <tuple>

namespace hd::engine {

const CorpsMoraleState* find_corps_morale_state(const GameState& state) {
  return state.rule_state.find<CorpsMoraleState>(kCorpsMoraleRule);
}

CorpsMoraleState& corps_morale_state(GameState& state) {
  if (auto* slot = state.rule_state.find<CorpsMoraleState>(kCorpsMoraleRule)) return *slot;
  return state.rule_state.add<CorpsMoraleState>(kCorpsMoraleRule);
}

bool reorganized(const GameState& state, UnitIndex unit) {
  const CorpsMoraleState* slot = find_corps_morale_state(state);
  return slot && std::binary_search(slot->reorganized.begin(), slot->reorganized.end(), unit);
}

CorpsMorale& corps_morale_detail::record_of(GameState& state, Army army, const std::string& corps) {
  std::vector<CorpsMorale>& records = corps_morale_state(state).corps;
  const auto key = std::tie(army, corps);
  const auto at = std::lower_bound(records.begin(), records.end(), key,
                                   [](const CorpsMorale& record, const auto& wanted) {
                                     return std::tie(record.army, record.corps) < wanted;
                                   });
  if (at != records.end() && at->army == army && at->corps == corps) return *at;
  return *records.insert(at, CorpsMorale{army, corps, 0, false});
}

const CorpsMorale* find_corps_morale(const GameState& state, Army army, std::string_view corps) {
  const CorpsMoraleState* slot = find_corps_morale_state(state);
  if (!slot) return nullptr;
  for (const CorpsMorale& record : slot->corps)
    if (record.army == army && record.corps == corps) return &record;
  return nullptr;
}

int corps_morale_measure(const GameState& state, Army army, std::string_view corps) {
  int measure = 0;
  const CorpsMoraleState* slot = find_corps_morale_state(state);
  if (!slot) return measure;
  for (const CorpsMorale& record : slot->corps)
    if (record.army == army && (army == Army::Allied || record.corps == corps))
      measure += record.losses;  // 13.1
  return measure;
}

void count_corps_loss(GameState& state, UnitIndex index, std::vector<Event>& events) {
  const UnitState& unit = state.units[index];
  if (unit.is_leader()) return;
  const auto corps = corps_of(*state.rules, unit);
  if (!corps) return;
  // 13.3: a reorganized unit eliminated again counts its full strength, not its reduced strength.
  const int strength = reorganized(state, index) ? unit.full_strength : unit.strength();
  CorpsMorale& record = corps_morale_detail::record_of(state, unit.army, *corps);
  record.losses += strength;
  events.push_back(CorpsLossEvent{record.army, record.corps, strength, record.losses});
  update_corps_morale(state, events);
}

}  // namespace hd::engine

// 13.0: the losses of each corps (13.1: each Allied nationality), counted as units are eliminated.
#include "corps_morale_detail.hpp"

#include <algorithm>
#include <tuple>

namespace hd::engine {

CorpsMorale& corps_morale_detail::record_of(GameState& state, Army army, const std::string& corps) {
  const auto key = std::tie(army, corps);
  const auto at = std::lower_bound(state.corps_morale.begin(), state.corps_morale.end(), key,
                                   [](const CorpsMorale& record, const auto& wanted) {
                                     return std::tie(record.army, record.corps) < wanted;
                                   });
  if (at != state.corps_morale.end() && at->army == army && at->corps == corps) return *at;
  return *state.corps_morale.insert(at, CorpsMorale{army, corps, 0, false});
}

const CorpsMorale* find_corps_morale(const GameState& state, Army army, std::string_view corps) {
  for (const CorpsMorale& record : state.corps_morale)
    if (record.army == army && record.corps == corps) return &record;
  return nullptr;
}

int corps_morale_measure(const GameState& state, Army army, std::string_view corps) {
  int measure = 0;
  for (const CorpsMorale& record : state.corps_morale)
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
  const int strength = unit.reorganized ? unit.full_strength : unit.strength();
  CorpsMorale& record = corps_morale_detail::record_of(state, unit.army, *corps);
  record.losses += strength;
  events.push_back(CorpsLossEvent{record.army, record.corps, strength, record.losses});
  update_corps_morale(state, events);
}

}  // namespace hd::engine

// 10.2: the die for a leader whose stack was eliminated or forced to retreat.
#include <hd/engine/rules/leaders/leaders.hpp>

#include <algorithm>

namespace hd::engine {

std::vector<UnitIndex> accompanied_leaders(const GameState& state) {
  std::vector<UnitIndex> found;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    // 16.14B: an army HQ is a leader for movement (10.1) only: it rolls no casualty die.
    if (unit.is_leader() && unit.on_map() && !is_headquarters(*state.rules, unit) &&
        friendly_combat_unit_in(state, unit.hex, side_of(unit.army)))
      found.push_back(static_cast<UnitIndex>(i));
  }
  return found;
}

void roll_for_bereft_leaders(GameState& state, const std::vector<UnitIndex>& before, const DieRoller& roll,
                             std::vector<Event>& events) {
  for (UnitIndex index : before) {
    UnitState& leader = state.units[index];
    const Side side = side_of(leader.army);
    if (!leader.on_map() || friendly_combat_unit_in(state, leader.hex, side)) continue;
    const int die = roll();
    if (die <= 2) {  // 10.2: "1" or "2": eliminated, never to return
      leader.status = UnitStatus::Eliminated;
      events.push_back(DieRolledEvent{"10.2", die, leader.id + " is eliminated"});
      events.push_back(UnitEliminatedEvent{index, "10.2"});
      continue;
    }
    const Hex from = leader.hex;
    const auto to = nearest_friendly_hex(state, from, side);
    if (!to) {
      leader.status = UnitStatus::Eliminated;  // docs/rules-notes.md, 10.1E
      events.push_back(DieRolledEvent{"10.2", die, leader.id + " survives with no friendly unit to join"});
      events.push_back(UnitEliminatedEvent{index, "10.1E: no friendly unit to join"});
      continue;
    }
    // 10.2: survives, and goes to the nearest friendly unit (10.1E).
    leader.hex = *to;
    events.push_back(DieRolledEvent{"10.2", die, leader.id + " survives, placed at " + format_hex(*to)});
    events.push_back(UnitPlacedEvent{index, from, *to});
  }
}

}  // namespace hd::engine

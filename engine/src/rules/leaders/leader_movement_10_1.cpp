// 10.1: where leaders may go (10.1D) and where they are put when an enemy catches them alone (10.1E).
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <algorithm>

namespace hd::engine {

bool friendly_combat_unit_in(const GameState& state, Hex hex, Side side) {
  for (UnitIndex u : state.units_at(hex))
    if (side_of(state.units[u].army) == side) return true;
  return false;
}

bool leader_may_enter(const GameState& state, Hex hex, Side side) {
  return !in_enemy_zoc(state, hex, side) || friendly_combat_unit_in(state, hex, side);  // 10.1D
}

std::optional<Hex> nearest_friendly_hex(const GameState& state, Hex from, Side side) {
  std::optional<Hex> best;
  for (const UnitState& unit : state.units) {
    if (!unit.on_map() || unit.is_leader() || side_of(unit.army) != side) continue;
    if (!best ||
        std::make_pair(distance(from, unit.hex), unit.hex) < std::make_pair(distance(from, *best), *best))
      best = unit.hex;
  }
  return best;
}

void displace_caught_leaders(GameState& state, std::vector<Event>& events) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    UnitState& leader = state.units[i];
    if (!leader.is_leader() || !leader.on_map()) continue;
    const Side side = side_of(leader.army);
    if (friendly_combat_unit_in(state, leader.hex, side)) continue;
    // 10.1E: placed in an EZOC (or overrun: 10.1E lets enemy combat units move through him).
    if (!in_enemy_zoc(state, leader.hex, side) && !state.enemy_in(leader.hex, side)) continue;
    const auto index = static_cast<UnitIndex>(i);
    const Hex from = leader.hex;
    if (const auto to = nearest_friendly_hex(state, from, side)) {
      leader.hex = *to;
      events.push_back(UnitPlacedEvent{index, from, *to});
    } else {
      // No friendly combat unit on the map to go to: taken (docs/rules-notes.md, 10.1E).
      leader.status = UnitStatus::Eliminated;
      events.push_back(UnitEliminatedEvent{index, "10.1E: no friendly unit to join"});
    }
  }
}

}  // namespace hd::engine

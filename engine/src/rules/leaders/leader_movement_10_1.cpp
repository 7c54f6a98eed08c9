// 10.1: where leaders may go (10.1D) and where they are put when an enemy catches them alone (10.1E).
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <algorithm>

namespace hd::engine {

bool friendly_combat_unit_in(const GameState& state, Hex hex, Side side) {
  for (UnitIndex u : state.units_at(hex))  // 16.17B: a supply train shelters no leader
    if (side_of(state.units[u].army) == side && !state.units[u].is_supply_train()) return true;
  return false;
}

bool leader_may_enter(const GameState& state, Hex hex, Side side) {
  return !in_enemy_zoc(state, hex, side) || friendly_combat_unit_in(state, hex, side);  // 10.1D
}

std::optional<Hex> nearest_friendly_hex(const GameState& state, Hex from, Side side) {
  std::optional<Hex> best;
  for (const UnitState& unit : state.units) {
    // 16.17B: a supply train stacks with no other piece, a leader included.
    if (!unit.on_map() || unit.is_leader() || unit.is_supply_train() || side_of(unit.army) != side) continue;
    if (!best ||
        std::make_pair(distance(from, unit.hex), unit.hex) < std::make_pair(distance(from, *best), *best))
      best = unit.hex;
  }
  return best;
}

namespace {

// 10.1E: places the leader `index` with his nearest friendly unit if he is alone and caught (in an
// enemy ZOC, or overrun: 10.1E lets enemy combat units move through him).
void displace_if_caught(GameState& state, UnitIndex index, std::vector<Event>& events) {
  UnitState& leader = state.units[index];
  if (!leader.is_leader() || !leader.on_map()) return;
  const Side side = side_of(leader.army);
  if (friendly_combat_unit_in(state, leader.hex, side)) return;
  if (!in_enemy_zoc(state, leader.hex, side) && !state.enemy_in(leader.hex, side)) return;
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

}  // namespace

void displace_caught_leaders(GameState& state, std::vector<Event>& events) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    displace_if_caught(state, static_cast<UnitIndex>(i), events);
}

void displace_leaders_caught_in_passing(GameState& state, UnitIndex mover, const std::vector<Hex>& path,
                                        std::vector<Event>& caught) {
  UnitState& unit = state.units[mover];
  if (unit.is_leader() || path.empty()) return;  // 10.1E: leaders catch nobody
  const Side side = side_of(unit.army);
  const auto enemy_leader = [&](const UnitState& u) {
    return u.is_leader() && u.on_map() && side_of(u.army) != side;
  };
  if (std::none_of(state.units.begin(), state.units.end(), enemy_leader)) return;
  const Hex end = unit.hex;
  const UnitStatus status = unit.status;
  unit.status = UnitStatus::OnMap;
  for (Hex hex : path) {
    unit.hex = hex;  // the mover at this step of its path
    for (std::size_t i = 0; i < state.units.size(); ++i)
      if (enemy_leader(state.units[i])) displace_if_caught(state, static_cast<UnitIndex>(i), caught);
  }
  unit.hex = end;
  unit.status = status;
}

}  // namespace hd::engine

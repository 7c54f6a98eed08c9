#include "combat_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>

namespace hd::engine::combat_detail {

bool rough(HexTerrain terrain) {
  return terrain == HexTerrain::Forest || terrain == HexTerrain::Marsh;
}

bool chateau_infantry(const GameState& state, const UnitState& unit) {
  // 8.2: only undemoralized infantry in a chateau (9.3: its army, or its part of it: 27.1A).
  return unit.type == UnitType::Infantry && state.rules->map.terrain(unit.hex) == HexTerrain::Chateau &&
         !suffers_demoralization(state, unit);
}

std::set<Hex> hexes_of(const GameState& state, const std::vector<UnitIndex>& units) {
  std::set<Hex> hexes;
  for (UnitIndex u : units)
    hexes.insert(state.units[u].hex);
  return hexes;
}

bool retreated_this_phase(const GameState& state, const UnitState& unit) {
  return state.phase == Phase::Combat && unit.moved;
}

bool contains(const std::vector<UnitIndex>& units, UnitIndex u) {
  return std::find(units.begin(), units.end(), u) != units.end();
}

void eliminate(GameState& state, UnitIndex index, const std::string& reason, std::vector<Event>& events) {
  UnitState& unit = state.units[index];
  state.eliminated_strength[static_cast<std::size_t>(unit.army)] += unit.strength();
  unit.status = UnitStatus::Eliminated;
  events.push_back(UnitEliminatedEvent{index, reason});
  rules_unit_eliminated(state, index, events);  // 13.0: the corps' losses
}

bool full_friendly_hex(const GameState& state, Hex hex, UnitIndex entering) {
  const UnitState& unit = state.units[entering];
  Stack stack = friendly_stack(state, hex, side_of(unit.army), entering);
  add_to_stack(*state.rules, unit, stack);
  return !stack_fits(state.rules->map, hex, stack);
}

bool can_retreat_safely(const GameState& state, UnitIndex unit, int depth) {
  if (!retreat_hexes(state, unit).empty()) return true;
  if (depth > 6) return false;
  const UnitState& mover = state.units[unit];
  for (Hex next : neighbours(mover.hex)) {
    if (!retreat_ground_ok(state, mover, next) || state.rules->map.terrain(next) == HexTerrain::Chateau)
      continue;
    for (UnitIndex other : state.units_at(next)) {
      if (side_of(state.units[other].army) == side_of(mover.army) &&
          can_retreat_safely(state, other, depth + 1))
        return true;
    }
  }
  return false;
}

std::vector<Hex> defender_hexes_open_to_advance(const GameState& state,
                                                const std::vector<UnitIndex>& defenders) {
  std::vector<Hex> open;
  for (Hex hex : hexes_of(state, defenders)) {
    const bool chateau_infantry_left =
        state.rules->map.terrain(hex) == HexTerrain::Chateau &&
        std::any_of(defenders.begin(), defenders.end(), [&](UnitIndex u) {
          return state.units[u].hex == hex && counts_as_infantry(state.units[u].type);
        });
    if (!chateau_infantry_left) open.push_back(hex);
  }
  return open;
}

void settle(GameState& state, std::vector<Event>& events) {
  while (!state.pending_retreats.empty()) {
    const PendingRetreat& next = state.pending_retreats.front();
    if (!state.units[next.unit].on_map()) {
      state.pending_retreats.erase(state.pending_retreats.begin());
      continue;
    }
    if (next.may_stay || can_retreat_safely(state, next.unit, 0)) break;
    const UnitIndex doomed = next.unit;
    state.pending_retreats.erase(state.pending_retreats.begin());
    eliminate(state, doomed, "no retreat (6.6)", events);
    update_morale(state, events);
  }
  if (!state.pending_retreats.empty() || !state.pending_advance) return;
  PendingAdvance& advance = *state.pending_advance;
  std::erase_if(advance.vacated, [&](Hex hex) { return !state.units_at(hex).empty(); });
  std::erase_if(advance.candidates, [&](UnitIndex u) {
    const UnitState& unit = state.units[u];
    if (!unit.on_map() || demoralized_advance_refusal(state, u)) return true;  // 9.3, 13.2
    return std::none_of(advance.vacated.begin(), advance.vacated.end(),
                        [&](Hex hex) { return adjacent(unit.hex, hex); });
  });
  if (advance.vacated.empty() || advance.candidates.empty() || state.result) state.pending_advance.reset();
}

}  // namespace hd::engine::combat_detail

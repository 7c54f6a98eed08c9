#include "combat_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <algorithm>

namespace hd::engine {

using namespace combat_detail;

bool retreat_ground_ok(const GameState& state, const UnitState& unit, Hex to) {
  const Ruleset& rules = *state.rules;
  const Side side = side_of(unit.army);
  // 6.6A: not off the map, not into or across prohibited terrain, not into enemy units or EZOC.
  if (!rules.map.bounds().contains(to) || !rules.scenario.area.contains(to)) return false;
  if (!step_cost(rules, mover_class(unit.type), unit.hex, to)) return false;
  if (state.enemy_in(to, side) || in_enemy_zoc(state, to, side)) return false;
  // 16.17B: no unit retreats into (or through) a supply train's hex.
  for (UnitIndex other : state.units_at(to))
    if (state.units[other].is_supply_train()) return false;
  return !rules_hex_closed(state, unit, to);  // 16.6B: not into an HM marker's hex
}

std::vector<Hex> retreat_hexes(const GameState& state, UnitIndex index) {
  std::vector<Hex> hexes;
  const UnitState& unit = state.units[index];
  if (!unit.on_map()) return hexes;
  for (Hex next : neighbours(unit.hex)) {
    if (!retreat_ground_ok(state, unit, next)) continue;
    if (full_friendly_hex(state, next, index))
      continue;  // 6.6C: only by displacement; 8.1A: never a chateau's
    hexes.push_back(next);
  }
  return hexes;
}

std::optional<Refusal> check_retreat(const GameState& state, const RetreatAction& retreat) {
  if (state.pending_retreats.empty() || state.pending_retreats.front().unit != retreat.unit) {
    return refuse(RefusalCode::NoRetreatAwaited, "6.6");
  }
  const PendingRetreat& pending = state.pending_retreats.front();
  const UnitState& unit = state.units[retreat.unit];
  if (retreat.stay) {
    if (pending.may_stay) return std::nullopt;
    // 8.2: only undemoralized infantry in a chateau may ignore a Dr (8.2C); say which it is not.
    const bool in_chateau = state.rules->map.terrain(unit.hex) == HexTerrain::Chateau;
    const RefusalArg who = RefusalArg::of_unit(retreat.unit);
    if (in_chateau && unit.type == UnitType::Infantry && suffers_demoralization(state, unit))
      return refuse(RefusalCode::DemoralizedMayNotStay, "8.2C", {who});
    if (in_chateau && unit.type != UnitType::Infantry)
      return refuse(RefusalCode::NotInfantryMayNotStay, "8.2C", {who});
    return refuse(RefusalCode::OnlyChateauMayStay, "8.2C");
  }
  if (!retreat.to) return refuse(RefusalCode::RetreatHexMissing, "6.6");
  const auto open = retreat_hexes(state, retreat.unit);
  if (std::find(open.begin(), open.end(), *retreat.to) != open.end()) {
    if (retreat.displace) return refuse(RefusalCode::NoDisplacementNeeded, "6.6C");
    return std::nullopt;
  }
  // 6.6C, 6.6D: into a full friendly hex only if nothing else is open, displacing one unit that can
  // itself retreat safely; never out of a chateau (8.1A).
  if (!adjacent(unit.hex, *retreat.to) || !retreat_ground_ok(state, unit, *retreat.to)) {
    return refuse(RefusalCode::NotRetreatHex, "6.6A", {RefusalArg::of_hex(*retreat.to)});
  }
  if (!open.empty()) return refuse(RefusalCode::DisplaceOnlyIfBlocked, "6.6C");
  if (state.rules->map.terrain(*retreat.to) == HexTerrain::Chateau) {
    return refuse(RefusalCode::ChateauNoDisplace, "8.1A");
  }
  if (!retreat.displace || *retreat.displace >= state.units.size() ||
      !state.units[*retreat.displace].on_map() || state.units[*retreat.displace].is_leader() ||
      state.units[*retreat.displace].hex != *retreat.to ||
      side_of(state.units[*retreat.displace].army) != side_of(unit.army)) {
    return refuse(RefusalCode::NameUnitToDisplace, "6.6D", {RefusalArg::of_hex(*retreat.to)});
  }
  if (state.units[*retreat.displace].displaced_by_combat == pending.combat) {
    return refuse(RefusalCode::AlreadyDisplaced, "6.6D", {RefusalArg::of_unit(*retreat.displace)});
  }
  if (!can_retreat_safely(state, *retreat.displace, 1)) {
    return refuse(RefusalCode::DisplacedCannotRetreat, "6.6D", {RefusalArg::of_unit(*retreat.displace)});
  }
  return std::nullopt;
}

std::optional<Refusal> demoralized_advance_refusal(const GameState& state, UnitIndex unit) {
  if (unit >= state.units.size()) return std::nullopt;
  if (suffers_demoralization(state, state.units[unit]))  // its army, or its part of it (27.1A)
    return refuse(RefusalCode::DemoralizedMayNotAdvance, "9.3", {RefusalArg::of_unit(unit)});
  return rules_unit_refusal(state, UnitAct::Advance,
                            unit);  // 11.3B, 11.3C, 13.2: a demoralized corps' units do not advance either
}

std::vector<Hex> advance_hexes(const GameState& state) {
  if (!state.pending_advance || !state.pending_retreats.empty()) return {};
  return state.pending_advance->vacated;  // kept empty of units as the retreats end (combat_detail)
}

std::optional<Refusal> check_advance(const GameState& state, const AdvanceAction& advance) {
  if (!state.pending_retreats.empty() || !state.pending_advance)
    return refuse(RefusalCode::NoAdvanceOffered, "6.7");
  if (!advance.unit) return std::nullopt;  // 6.7A: never forced
  if (auto refusal = demoralized_advance_refusal(state, *advance.unit)) return refusal;
  const PendingAdvance& offer = *state.pending_advance;
  if (std::find(offer.candidates.begin(), offer.candidates.end(), *advance.unit) == offer.candidates.end()) {
    return refuse(RefusalCode::NotAdvanceCandidate, "6.7");
  }
  if (!advance.into ||
      std::find(offer.vacated.begin(), offer.vacated.end(), *advance.into) == offer.vacated.end() ||
      !adjacent(state.units[*advance.unit].hex, *advance.into)) {
    return refuse(RefusalCode::BadAdvanceHex, "6.7B");
  }
  return std::nullopt;
}

void resolve_retreat(GameState& state, const RetreatAction& retreat, std::vector<Event>& events) {
  const PendingRetreat pending = state.pending_retreats.front();
  state.pending_retreats.erase(state.pending_retreats.begin());
  UnitState& unit = state.units[retreat.unit];
  if (retreat.stay) {
    events.push_back(UnitStoodFastEvent{retreat.unit});
  } else {
    const Hex from = unit.hex;
    unit.hex = *retreat.to;
    unit.moved = true;  // 6.6C: remembered for a later bombardment of its new hex this phase
    state.control[*retreat.to] = side_of(unit.army);
    events.push_back(UnitRetreatedEvent{retreat.unit, from, *retreat.to, retreat.displace});
    if (retreat.displace) {
      // 6.6D: the displaced unit retreats next; artillery yet to fight may not fire this phase, and
      // no unit is displaced twice by one combat.
      UnitState& displaced = state.units[*retreat.displace];
      if (is_artillery(displaced.type) && !displaced.fought) displaced.may_not_fire = true;
      displaced.displaced_by_combat = pending.combat;
      state.pending_retreats.insert(state.pending_retreats.begin(),
                                    PendingRetreat{*retreat.displace, pending.combat, false});
    }
  }
  settle(state, events);
}

void resolve_advance(GameState& state, const AdvanceAction& advance, std::vector<Event>& events) {
  if (advance.unit) {
    UnitState& unit = state.units[*advance.unit];
    const Hex from = unit.hex;
    unit.hex = *advance.into;
    unit.fought = true;  // 6.7C
    unit.advanced = true;
    state.control[*advance.into] = side_of(unit.army);
    events.push_back(UnitAdvancedEvent{*advance.unit, from, *advance.into});
  }
  state.pending_advance.reset();
}

}  // namespace hd::engine

#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

// 3.2C's own hexes for the unit: within its radius of its named hex, in the playing area, not
// enemy-occupied, and with room (one unit for an "unstacked" group, else the stacking limit, counting
// the friendly units already there other than itself); for a leader, those holding a friendly combat
// unit (10.1A). None for a unit with a fixed hex.
std::vector<Hex> radius_hexes(const GameState& state, UnitIndex index) {
  std::vector<Hex> hexes;
  const UnitState& unit = state.units[index];
  if (unit.setup_radius <= 0 || !unit.on_map()) return hexes;
  const Side side = side_of(unit.army);
  const Ruleset& rules = *state.rules;
  const int n = unit.setup_radius;
  for (int c = unit.setup_hex.column - n; c <= unit.setup_hex.column + n; ++c) {
    for (int r = unit.setup_hex.row - n - 1; r <= unit.setup_hex.row + n + 1; ++r) {
      const Hex hex{c, r};
      if (distance(hex, unit.setup_hex) > n || !rules.scenario.area.contains(hex) ||
          !rules.map.bounds().contains(hex) || state.enemy_in(hex, side))
        continue;
      if (unit.is_leader()) {  // 10.1A, 10.1B: with a friendly combat unit, stacking freely
        if (friendly_combat_unit_in(state, hex, side)) hexes.push_back(hex);
        continue;
      }
      Stack stack = friendly_stack(state, hex, side, index);
      add_to_stack(rules, unit, stack);
      if (unit.setup_unstacked ? stack.total() <= 1 : stack_fits(rules.map, hex, stack)) hexes.push_back(hex);
    }
  }
  return hexes;
}

// The unit's set-up hexes with the rules' changes (23.0B, 22.2C, 26.0E), whatever the phase.
SetupTerms setup_terms(const GameState& state, UnitIndex index) {
  if (!state.units[index].on_map()) return {};
  return rules_setup(state, index, radius_hexes(state, index));
}

}  // namespace

bool has_setup_choices(const GameState& state, Side side) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (!unit.on_map() || side_of(unit.army) != side) continue;
    if (unit.setup_radius > 0 || !setup_terms(state, static_cast<UnitIndex>(i)).hexes.empty()) return true;
  }
  return rules_offer_setup_actions(state, side);  // 16.6A: units going hidden during set-up
}

std::vector<Hex> placement_hexes(const GameState& state, UnitIndex index) {
  if (state.phase != Phase::Setup || index >= state.units.size()) return {};
  if (side_of(state.units[index].army) != state.phasing) return {};
  return setup_terms(state, index).hexes;
}

std::optional<Refusal> check_place(const GameState& state, Side side, const PlaceAction& place) {
  if (state.phase != Phase::Setup) return refuse(RefusalCode::NotSetupPhase, "3.2C");
  if (side != state.phasing) return refuse(RefusalCode::NotYourSetup, "3.2C");
  if (place.unit >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "3.2C");
  const UnitState& unit = state.units[place.unit];
  if (side_of(unit.army) != side)
    return refuse(RefusalCode::NotYourUnit, "3.2C", {RefusalArg::of_unit(place.unit)});
  const SetupTerms terms = setup_terms(state, place.unit);
  const auto among = [](const std::vector<Hex>& hexes, Hex hex) {
    return std::find(hexes.begin(), hexes.end(), hex) != hexes.end();
  };
  if (among(terms.hexes, place.hex)) return std::nullopt;
  // A rule that frees a fixed unit (23.0B's leaders) or keeps a hex of its radius from it (23.0B's
  // [N2] units out of French ZOCs) gives its own refusal.
  if (terms.refusal && unit.on_map() &&
      (unit.setup_radius <= 0 ? !terms.hexes.empty() : among(radius_hexes(state, place.unit), place.hex)))
    return terms.refusal;
  if (unit.setup_radius <= 0 || !unit.on_map())
    return refuse(RefusalCode::FixedSetupHex, "3.2C", {RefusalArg::of_unit(place.unit)});
  if (distance(place.hex, unit.setup_hex) > unit.setup_radius) {
    return refuse(RefusalCode::OutsideSetupRadius, "3.2C",
                  {RefusalArg::of_unit(place.unit), RefusalArg::of_number(unit.setup_radius),
                   RefusalArg::of_hex(unit.setup_hex)});
  }
  if (unit.is_leader())
    return refuse(RefusalCode::LeaderPlacedAlone, "10.1A", {RefusalArg::of_hex(place.hex)});
  return unit.setup_unstacked
             ? refuse(RefusalCode::SetupHexBlockedUnstacked, "3.2C", {RefusalArg::of_hex(place.hex)})
             : refuse(RefusalCode::SetupHexBlocked, "3.2C", {RefusalArg::of_hex(place.hex)});
}

void resolve_place(GameState& state, const PlaceAction& place, std::vector<Event>& events) {
  const SetupTerms terms = setup_terms(state, place.unit);
  UnitState& unit = state.units[place.unit];
  const Hex from = unit.hex;
  unit.hex = place.hex;
  events.push_back(UnitPlacedEvent{place.unit, from, place.hex});
  // 26.0E: a unit placed in the hex of one it may exchange with sends that one to its own hex.
  for (UnitIndex other : terms.exchanges) {
    if (other == place.unit || !state.units[other].on_map() || state.units[other].hex != place.hex) continue;
    state.units[other].hex = from;
    events.push_back(UnitPlacedEvent{other, place.hex, from});
    break;
  }
}

}  // namespace hd::engine

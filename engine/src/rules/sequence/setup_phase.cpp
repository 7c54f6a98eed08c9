#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/engine/state/game_setup.hpp>

#include <algorithm>

namespace hd::engine {
namespace {}  // namespace

bool has_setup_choices(const GameState& state, Side side) {
  return std::any_of(state.units.begin(), state.units.end(), [&](const UnitState& unit) {
    return unit.setup_radius > 0 && unit.on_map() && side_of(unit.army) == side;
  });
}

std::vector<Hex> placement_hexes(const GameState& state, UnitIndex index) {
  std::vector<Hex> hexes;
  if (state.phase != Phase::Setup || index >= state.units.size()) return hexes;
  const UnitState& unit = state.units[index];
  const Side side = side_of(unit.army);
  if (side != state.phasing || unit.setup_radius <= 0 || !unit.on_map()) return hexes;
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
      int friends = 0;
      for (UnitIndex other : state.units_at(hex))
        friends += other != index && side_of(state.units[other].army) == side ? 1 : 0;
      const int limit = unit.setup_unstacked ? 1 : stacking_limit(rules.map, hex);
      if (friends < limit) hexes.push_back(hex);
    }
  }
  std::sort(hexes.begin(), hexes.end());
  return hexes;
}

std::optional<Refusal> check_place(const GameState& state, Side side, const PlaceAction& place) {
  if (state.phase != Phase::Setup) return refuse(RefusalCode::NotSetupPhase, "3.2C");
  if (side != state.phasing) return refuse(RefusalCode::NotYourSetup, "3.2C");
  if (place.unit >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "3.2C");
  const UnitState& unit = state.units[place.unit];
  if (side_of(unit.army) != side)
    return refuse(RefusalCode::NotYourUnit, "3.2C", {RefusalArg::of_unit(place.unit)});
  if (unit.setup_radius <= 0 || !unit.on_map())
    return refuse(RefusalCode::FixedSetupHex, "3.2C", {RefusalArg::of_unit(place.unit)});
  if (distance(place.hex, unit.setup_hex) > unit.setup_radius) {
    return refuse(RefusalCode::OutsideSetupRadius, "3.2C",
                  {RefusalArg::of_unit(place.unit), RefusalArg::of_number(unit.setup_radius),
                   RefusalArg::of_hex(unit.setup_hex)});
  }
  const auto open = placement_hexes(state, place.unit);
  if (std::find(open.begin(), open.end(), place.hex) == open.end()) {
    if (unit.is_leader())
      return refuse(RefusalCode::LeaderPlacedAlone, "10.1A", {RefusalArg::of_hex(place.hex)});
    return unit.setup_unstacked
               ? refuse(RefusalCode::SetupHexBlockedUnstacked, "3.2C", {RefusalArg::of_hex(place.hex)})
               : refuse(RefusalCode::SetupHexBlocked, "3.2C", {RefusalArg::of_hex(place.hex)});
  }
  return std::nullopt;
}

void resolve_place(GameState& state, const PlaceAction& place, std::vector<Event>& events) {
  UnitState& unit = state.units[place.unit];
  const Hex from = unit.hex;
  unit.hex = place.hex;
  events.push_back(UnitPlacedEvent{place.unit, from, place.hex});
}

}  // namespace hd::engine

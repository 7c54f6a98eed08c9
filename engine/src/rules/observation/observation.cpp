// 16.3 Observation (observation.hpp).
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/observation/fields_of_view.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/sequence/weather.hpp>

#include <algorithm>
#include <map>

namespace hd::engine {

namespace {

constexpr int kDaylightDistance = 10;  // 16.3
constexpr int kRainDistance = 5;       // 16.3, 16.5
constexpr int kNightDistance = 1;      // 16.3

}  // namespace

int observation_distance(const GameState& state) {
  const Ruleset& rules = *state.rules;
  const bool night = state.turn >= 0 && state.turn < static_cast<int>(rules.turns.size()) &&
                     rules.turns[static_cast<std::size_t>(state.turn)].night;
  if (night) return kNightDistance;
  // 26.0D: mud turns have the effects of rain turns, but the observation distance stays 10.
  if (raining(state) && !rule_in_force(rules, "26.0D")) return kRainDistance;
  return kDaylightDistance;
}

bool observes(const Ruleset& rules, Hex observer, Hex observed, int distance) {
  const int apart = engine::distance(observer, observed);
  if (apart > distance) return false;
  if (apart <= 1) return true;  // 16.3: never blocked between adjacent hexes
  if (rules.fields_of_view) return rules.fields_of_view->clear(rules, observer, observed);
  return line_of_sight_clear(rules, observer, observed);
}

std::vector<Hex> observing_hexes(const GameState& state, Side side) {
  std::vector<Hex> eyes;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && side_of(unit.army) == side) eyes.push_back(unit.hex);
  std::sort(eyes.begin(), eyes.end());
  eyes.erase(std::unique(eyes.begin(), eyes.end()), eyes.end());
  return eyes;
}

std::vector<Hex> observed_area(const GameState& state, Side side) {
  const Ruleset& rules = *state.rules;
  const GridBounds bounds = rules.map.bounds();
  const int distance = observation_distance(state);
  // One flag per hex of the grid, by (column, row): read out in order, the area comes ascending.
  const auto rows = static_cast<std::size_t>(std::max(bounds.rows, 0));
  std::vector<bool> area(static_cast<std::size_t>(std::max(bounds.columns, 0)) * rows, false);
  const auto slot = [&](Hex hex) {
    return static_cast<std::size_t>(hex.column - 1) * rows + static_cast<std::size_t>(hex.row - 1);
  };
  for (Hex eye : observing_hexes(state, side))
    for (int column = eye.column - distance; column <= eye.column + distance; ++column)
      for (int row = eye.row - distance; row <= eye.row + distance; ++row) {
        const Hex hex{column, row};
        if (!bounds.contains(hex) || area[slot(hex)]) continue;
        if (observes(rules, eye, hex, distance)) area[slot(hex)] = true;  // 16.3
      }
  std::vector<Hex> hexes;
  for (int column = 1; column <= bounds.columns; ++column)
    for (int row = 1; row <= bounds.rows; ++row)
      if (area[slot(Hex{column, row})]) hexes.push_back(Hex{column, row});
  return hexes;
}

std::vector<bool> observed_by(const GameState& state, Side side) {
  const int distance = observation_distance(state);
  // The side's pieces by hex: a hex holding several observes once.
  const std::vector<Hex> eyes = observing_hexes(state, side);
  // Each enemy hex is judged once, whatever it holds.
  std::map<Hex, bool> seen;
  std::vector<bool> observed(state.units.size(), false);
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (!unit.on_map() || side_of(unit.army) == side) continue;
    const auto [at, fresh] = seen.try_emplace(unit.hex, false);
    if (fresh)
      for (Hex eye : eyes)
        if (observes(*state.rules, eye, unit.hex, distance)) {
          at->second = true;
          break;
        }
    observed[i] = at->second;
  }
  return observed;
}

}  // namespace hd::engine

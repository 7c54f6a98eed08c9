#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/state/invariants.hpp>
#include <hd/engine/state/stacking.hpp>

#include <array>
#include <map>
#include <stdexcept>

namespace hd::engine {
namespace {

bool valid_unit(const GameState& state, UnitIndex unit) {
  return unit < state.units.size();
}

void check_units(const GameState& state, std::vector<std::string>& broken) {
  const Ruleset& rules = *state.rules;
  std::map<Hex, std::array<Stack, 2>> stacks;
  std::array<int, 3> eliminated{};
  std::array<int, 2> exited{};
  std::array<bool, 2> retreating{};
  for (const PendingRetreat& retreat : state.pending_retreats)
    if (valid_unit(state, retreat.unit))
      retreating[static_cast<std::size_t>(side_of(state.units[retreat.unit].army))] = true;
  for (const UnitState& unit : state.units) {
    if (unit.status == UnitStatus::Eliminated)
      eliminated[static_cast<std::size_t>(unit.army)] += unit.strength();
    if (unit.status == UnitStatus::Exited)
      exited[static_cast<std::size_t>(side_of(unit.army))] += unit.strength();
    if (state.phase != Phase::Combat && state.phase != Phase::GameOver &&
        (unit.fought || unit.must_fight || unit.advanced))
      broken.push_back(unit.id + " carries combat flags outside a combat phase");
    if (!unit.on_map()) continue;
    if (!rules.map.bounds().contains(unit.hex) || !rules.scenario.area.contains(unit.hex))
      broken.push_back(unit.id + " is on the map out of play at " + format_hex(unit.hex) + " (3.2A)");
    if (unit.is_leader()) {  // 10.1B: stacks freely; 10.1E: never alone in an EZOC or with the enemy
      const Side side = side_of(unit.army);
      if (unit.strength() != 0) broken.push_back(unit.id + " is a leader with strength (10.0)");
      if (!friendly_combat_unit_in(state, unit.hex, side) &&
          (in_enemy_zoc(state, unit.hex, side) || state.enemy_in(unit.hex, side)))
        broken.push_back(unit.id + " is a leader alone in an enemy ZOC at " + format_hex(unit.hex) +
                         " (10.1E)");
      for (UnitIndex other : state.units_at(unit.hex))
        if (state.units[other].is_supply_train())
          broken.push_back(unit.id + " shares " + format_hex(unit.hex) + " with a supply train (16.17B)");
      continue;
    }
    add_to_stack(rules, unit, stacks[unit.hex][static_cast<std::size_t>(side_of(unit.army))]);
  }
  for (const auto& [hex, count] : stacks) {
    if (count[0].total() > 0 && count[1].total() > 0)
      broken.push_back(format_hex(hex) + " holds units of both sides");
    for (std::size_t side = 0; side < 2; ++side) {
      if (count[side].alone > 0 && count[side].total() > 1)  // 16.17B: "at any time"
        broken.push_back(format_hex(hex) + " holds a supply train with another unit (16.17B)");
      const bool moving = state.phase == Phase::Movement && static_cast<std::size_t>(state.phasing) == side;
      if (moving || retreating[side] || stack_fits(rules.map, hex, count[side])) continue;
      broken.push_back(format_hex(hex) + " holds " + std::to_string(count[side].total()) +
                       " units of one side (5.4, 8.1A, 16.1B)");
    }
  }
  for (std::size_t army = 0; army < 3; ++army) {
    if (state.eliminated_strength[army] != eliminated[army]) {
      broken.push_back("army " + std::to_string(army) + " has losses " +
                       std::to_string(state.eliminated_strength[army]) + " but its eliminated units total " +
                       std::to_string(eliminated[army]) + " (9.0)");
    }
  }
  for (std::size_t side = 0; side < 2; ++side) {
    if (state.exited_strength[side] > exited[side])
      broken.push_back("a side scores more exited strength than its exited units have (5.5C)");
  }
}

void check_pending(const GameState& state, std::vector<std::string>& broken) {
  const bool pending = !state.pending_retreats.empty() || state.pending_advance || state.pending_exchange;
  if (!pending || state.phase == Phase::GameOver) return;
  if (state.phase != Phase::Combat) broken.push_back("a decision is pending outside a combat phase");
  for (const PendingRetreat& retreat : state.pending_retreats)
    if (!valid_unit(state, retreat.unit)) broken.push_back("a pending retreat names no unit");
  if (!state.pending_retreats.empty() && valid_unit(state, state.pending_retreats.front().unit) &&
      !state.units[state.pending_retreats.front().unit].on_map())
    broken.push_back("the retreat decided next is of a unit off the map");
  if (state.pending_exchange) {
    const PendingExchange& exchange = *state.pending_exchange;
    if (exchange.side != state.phasing) broken.push_back("an exchange waits for the non-phasing side (6.5A)");
    if (!state.pending_retreats.empty() || state.pending_advance)
      broken.push_back("retreats or an advance are pending before the exchange is chosen (6.5A)");
    for (UnitIndex u : exchange.candidates)
      if (!valid_unit(state, u) || !state.units[u].on_map() || side_of(state.units[u].army) != exchange.side)
        broken.push_back("an exchange candidate is not an attacker on the map (6.5A)");
  }
  if (state.pending_advance && state.pending_retreats.empty()) {
    const PendingAdvance& advance = *state.pending_advance;
    if (advance.candidates.empty() || advance.vacated.empty())
      broken.push_back("an advance is offered with nothing to offer (6.7)");
    for (UnitIndex u : advance.candidates) {
      if (!valid_unit(state, u) || !state.units[u].on_map() || side_of(state.units[u].army) != advance.side ||
          demoralized_advance_refusal(state, u))
        broken.push_back("an advance candidate is not an undemoralized victor on the map (6.7, 9.3, 13.2)");
    }
    for (Hex hex : advance.vacated)
      if (!state.units_at(hex).empty()) broken.push_back("an advance is offered into an occupied hex (6.7)");
  }
}

}  // namespace

std::vector<std::string> broken_invariants(const GameState& state) {
  std::vector<std::string> broken;
  if (state.turn < 0 || static_cast<std::size_t>(state.turn) >= state.rules->turns.size())
    broken.push_back("the turn is off the turn track");
  check_units(state, broken);
  check_pending(state, broken);
  return broken;
}

void check_invariants(const GameState& state) {
  const auto broken = broken_invariants(state);
  if (broken.empty()) return;
  std::string text = "engine invariants broken after " + std::to_string(state.actions_applied) + " actions:";
  for (const std::string& line : broken)
    text += "\n  " + line;
  throw std::logic_error(text);
}

}  // namespace hd::engine

// Test support: scripted play that brings one Prussian and one Allied unit next to the same French
// unit, so that a real scenario (La Belle Alliance) offers a mixed Coalition attack
// (6.1: units of both Coalition armies attacking one defender). The French only end their phases;
// the Coalition marches its nearest Prussian and nearest Allied unit towards a French target,
// staying out of contact (2 hexes or more from every French unit, so nobody owes an attack, 6.1)
// until both can step next to the target in the same movement phase. Header-only.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/scenarios/quatre_bras.hpp>

#include <algorithm>
#include <climits>
#include <optional>
#include <tuple>
#include <vector>

namespace hd::test {

// A legal Coalition attack with at least one Prussian and one Allied attacker, if there is one.
inline std::optional<engine::AttackAction> find_mixed_attack(const engine::GameState& state) {
  if (state.phase != engine::Phase::Combat || state.phasing != engine::Side::Coalition) return std::nullopt;
  if (!state.pending_retreats.empty() || state.pending_advance || state.pending_exchange) return std::nullopt;
  for (const engine::CombatOption& option : engine::combat_options(state)) {
    std::optional<engine::UnitIndex> prussian, allied;
    for (engine::UnitIndex unit : option.attackers) {
      if (state.units[unit].army == engine::Army::Prussian && !prussian) prussian = unit;
      if (state.units[unit].army == engine::Army::Allied && !allied) allied = unit;
    }
    if (!prussian || !allied) continue;
    engine::AttackAction attack({*prussian, *allied}, option.defenders);
    if (!engine::validate(state, engine::Side::Coalition, attack)) return attack;
    engine::AttackAction everyone(option.attackers, option.defenders);
    if (!engine::validate(state, engine::Side::Coalition, everyone)) return everyone;
  }
  return std::nullopt;
}

class MixedAttackScript {
 public:
  // The next action of the side whose decision is pending: an end of phase, or a Coalition march.
  engine::Action next(const engine::GameState& state) {
    const engine::Action end{engine::EndPhaseAction{}};
    if (engine::pending_decision(state).side != engine::Side::Coalition ||
        state.phase != engine::Phase::Movement)
      return end;
    if (const auto move = march(state)) return engine::MoveAction{*move};
    return end;
  }

 private:
  // The distance from a hex to the nearest French unit on the map outside `except`.
  static int french_distance(const engine::GameState& state, engine::Hex hex,
                             std::optional<engine::Hex> except = std::nullopt) {
    int best = INT_MAX;
    for (const engine::UnitState& unit : state.units)
      if (unit.on_map() && !unit.is_leader() && unit.army == engine::Army::French &&
          (!except || unit.hex != *except))
        best = std::min(best, engine::distance(hex, unit.hex));
    return best;
  }

  // True if no unit at all is in the hex (so that no stack grows, 5.4).
  static bool empty(const engine::GameState& state, engine::Hex hex) {
    for (const engine::UnitState& unit : state.units)
      if (unit.on_map() && unit.hex == hex) return false;
    return true;
  }

  // Where a unit is, or (waiting) its first entry hex.
  static std::optional<engine::Hex> position(const engine::UnitState& unit) {
    if (unit.on_map()) return unit.hex;
    if (unit.status == engine::UnitStatus::Waiting && !unit.entry_hexes.empty())
      return unit.entry_hexes.front();
    return std::nullopt;
  }

  // The unit of `army` nearest to the target, not yet moved this phase.
  static std::optional<engine::UnitIndex> nearest(const engine::GameState& state, engine::Army army,
                                                  engine::Hex target) {
    std::optional<engine::UnitIndex> best;
    int best_distance = INT_MAX;
    for (engine::UnitIndex i = 0; i < state.units.size(); ++i) {
      const engine::UnitState& unit = state.units[i];
      const auto at = position(unit);
      if (unit.army != army || unit.is_leader() || !at || unit.moved || engine::unreleased_cavalry(state, i))
        continue;  // 10.0, 19.5C
      if (engine::distance(*at, target) < best_distance)
        best_distance = engine::distance(*at, target), best = i;
    }
    return best;
  }

  // The French target: the French unit nearest to the Prussians' way in and the Allied line.
  std::optional<engine::UnitIndex> pick_target(const engine::GameState& state) {
    if (target_ && state.units[*target_].on_map()) return target_;
    target_.reset();
    int best = INT_MAX;
    for (engine::UnitIndex t = 0; t < state.units.size(); ++t) {
      if (!state.units[t].on_map() || state.units[t].is_leader() ||
          state.units[t].army != engine::Army::French)
        continue;
      int prussian = INT_MAX, allied = INT_MAX;
      for (const engine::UnitState& unit : state.units) {
        const auto at = position(unit);
        if (!at) continue;
        if (unit.army == engine::Army::Prussian)
          prussian = std::min(prussian, engine::distance(*at, state.units[t].hex));
        if (unit.army == engine::Army::Allied)
          allied = std::min(allied, engine::distance(*at, state.units[t].hex));
      }
      if (prussian == INT_MAX || allied == INT_MAX) continue;
      if (prussian + allied < best) best = prussian + allied, target_ = t;
    }
    return target_;
  }

  // The best reachable empty hex for `unit`: next to the target (and no other French unit) if
  // `strike`, else as near the target as it can get while two hexes or more from every French unit.
  static std::optional<engine::ReachableHex> best_hex(const engine::GameState& state, engine::UnitIndex unit,
                                                      engine::Hex target, bool strike,
                                                      std::optional<engine::Hex> taken = {}) {
    std::optional<engine::ReachableHex> best;
    int best_distance = INT_MAX;
    for (const engine::ReachableHex& reach : engine::reachable_hexes(state, unit)) {
      if (reach.path.empty() || !empty(state, reach.hex) || (taken && reach.hex == *taken)) continue;
      const int to_target = engine::distance(reach.hex, target);
      if (strike ? to_target != 1 || french_distance(state, reach.hex, target) < 2
                 : french_distance(state, reach.hex) < 2)
        continue;
      if (to_target < best_distance) best_distance = to_target, best = reach;
    }
    return best;
  }

  // One Coalition move, or nullopt when this phase's marching is done.
  std::optional<engine::MoveRequest> march(const engine::GameState& state) {
    const std::tuple<int, engine::Side, engine::Phase> phase{state.turn, state.phasing, state.phase};
    if (phase != phase_) phase_ = phase, striking_.reset(), moves_ = 0;
    if (++moves_ > kMovesPerPhase) return std::nullopt;
    const auto target_unit = pick_target(state);
    if (!target_unit) return std::nullopt;
    const engine::Hex target = state.units[*target_unit].hex;
    const auto prussian = nearest(state, engine::Army::Prussian, target);
    const auto allied = nearest(state, engine::Army::Allied, target);
    if (striking_) {
      // The second of the two strikers steps in.
      if (!striking_->second) return std::nullopt;
      const engine::MoveRequest move = *striking_->second;
      striking_->second.reset();
      if (engine::check_move(state, move)) return std::nullopt;
      return move;
    }
    if (prussian && allied) {
      const auto p = best_hex(state, *prussian, target, true);
      const auto a = p ? best_hex(state, *allied, target, true, p->hex) : std::nullopt;
      if (p && a) {
        striking_.emplace(engine::MoveRequest{*prussian, p->path, false},
                          engine::MoveRequest{*allied, a->path, false});
        return striking_->first;
      }
    }
    for (const auto& unit : {prussian, allied}) {
      if (!unit) continue;
      const auto at = position(state.units[*unit]);
      const auto hex = best_hex(state, *unit, target, false);
      if (hex && (!state.units[*unit].on_map() ||
                  engine::distance(hex->hex, target) < engine::distance(*at, target)))
        return engine::MoveRequest{*unit, hex->path, false};
    }
    return std::nullopt;
  }

  static constexpr int kMovesPerPhase = 6;
  std::optional<engine::UnitIndex> target_;
  std::tuple<int, engine::Side, engine::Phase> phase_{-1, engine::Side::French, engine::Phase::Setup};
  int moves_ = 0;
  std::optional<std::pair<engine::MoveRequest, std::optional<engine::MoveRequest>>> striking_;
};

}  // namespace hd::test

#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/state/game_setup.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

void add_moves(const GameState& state, Side side, std::vector<Action>& actions) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const auto unit = static_cast<UnitIndex>(i);
    if (side_of(state.units[i].army) != side) continue;
    for (const ReachableHex& reach : reachable_hexes(state, unit)) {
      if (reach.can_stop) actions.push_back(MoveAction{MoveRequest{unit, reach.path, false}});
      if (reach.can_exit) actions.push_back(MoveAction{MoveRequest{unit, reach.path, true}});  // 5.5
    }
  }
}

// The phasing units in `hex` that have not fought: a stack fights whole (6.1D).
std::vector<UnitIndex> unfought_stack(const GameState& state, Hex hex) {
  std::vector<UnitIndex> stack;
  for (UnitIndex u : state.units_at(hex))
    if (side_of(state.units[u].army) == state.phasing && !state.units[u].fought) stack.push_back(u);
  return stack;
}

// The stacks (by hex) the listed units stand in.
std::vector<std::vector<UnitIndex>> stacks_of(const GameState& state, const std::vector<UnitIndex>& units) {
  std::vector<Hex> hexes;
  for (UnitIndex u : units)
    if (std::find(hexes.begin(), hexes.end(), state.units[u].hex) == hexes.end())
      hexes.push_back(state.units[u].hex);
  std::vector<std::vector<UnitIndex>> stacks;
  for (Hex hex : hexes)
    stacks.push_back(unfought_stack(state, hex));
  return stacks;
}

void add_attack(const GameState& state, AttackAction attack, std::vector<Action>& actions) {
  actions.push_back(attack);
  // compute_odds needs a combat check_attack accepts; a combination it refuses is left for the
  // property test to find.
  if (check_attack(state, attack)) return;
  // 6.2C: one column fewer, where the computed odds allow it.
  if (compute_odds(state, attack).computed.index > 0) {
    attack.odds_reduction = 1;
    actions.push_back(attack);
  }
  // 7.1E: bombarding artillery electing to suffer an Ar.
  if (!attack.bombarding.empty()) {
    attack.odds_reduction = 0;
    attack.retreat_on_ar = attack.bombarding;
    actions.push_back(std::move(attack));
  }
}

void add_attacks(const GameState& state, std::vector<Action>& actions) {
  for (const CombatOption& option : combat_options(state)) {
    const auto adjacent = stacks_of(state, option.attackers);
    const auto bombarding = stacks_of(state, option.bombarding);
    AttackAction all;
    all.defenders = option.defenders;
    for (const auto& stack : adjacent) {
      AttackAction alone;
      alone.attackers = stack;
      alone.defenders = option.defenders;
      add_attack(state, alone, actions);
      all.attackers.insert(all.attackers.end(), stack.begin(), stack.end());
    }
    if (adjacent.size() > 1) add_attack(state, all, actions);
    for (const auto& stack : bombarding) {
      AttackAction alone;
      alone.bombarding = stack;
      alone.defenders = option.defenders;
      add_attack(state, alone, actions);
      if (adjacent.empty()) continue;
      AttackAction combined = all;  // 7.2
      combined.bombarding = stack;
      add_attack(state, combined, actions);
    }
  }
}

void add_retreats(const GameState& state, Side side, std::vector<Action>& actions) {
  const PendingRetreat& pending = state.pending_retreats.front();
  const UnitState& unit = state.units[pending.unit];
  if (side_of(unit.army) != side) return;
  if (pending.may_stay)
    actions.push_back(RetreatAction{pending.unit, std::nullopt, std::nullopt, true});  // 8.2C
  const auto open = retreat_hexes(state, pending.unit);
  for (Hex hex : open)
    actions.push_back(RetreatAction{pending.unit, hex, std::nullopt, false});
  if (!open.empty()) return;
  // 6.6C, 6.6D: only with nothing open, into a full friendly hex, displacing one unit that can itself
  // get away; whether it can is the validator's search (combat_detail's can_retreat_safely).
  for (Hex next : neighbours(unit.hex)) {
    if (!retreat_ground_ok(state, unit, next)) continue;
    for (UnitIndex other : state.units_at(next)) {
      const RetreatAction displacing{pending.unit, next, other, false};
      if (side_of(state.units[other].army) == side && !validate(state, side, displacing))
        actions.push_back(displacing);
    }
  }
}

void add_advances(const GameState& state, Side side, std::vector<Action>& actions) {
  const PendingAdvance& offer = *state.pending_advance;
  if (offer.side != side) return;
  actions.push_back(AdvanceAction{});  // 6.7A: never forced
  for (UnitIndex unit : offer.candidates)
    for (Hex hex : offer.vacated)
      if (adjacent(state.units[unit].hex, hex)) actions.push_back(AdvanceAction{unit, hex});
}

void add_placements(const GameState& state, Side side, std::vector<Action>& actions) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (side_of(state.units[i].army) != side) continue;
    for (Hex hex : placement_hexes(state, static_cast<UnitIndex>(i)))
      actions.push_back(PlaceAction{static_cast<UnitIndex>(i), hex});
  }
}

}  // namespace

std::vector<Action> legal_actions(const GameState& state, Side side) {
  std::vector<Action> actions;
  if (state.phase == Phase::GameOver) return actions;
  if (state.pending_exchange) {
    if (state.pending_exchange->side == side) {
      for (auto& choice : exchange_loss_choices(state))
        actions.push_back(ExchangeLossAction{std::move(choice)});
    }
    return actions;
  }
  if (!state.pending_retreats.empty()) {
    add_retreats(state, side, actions);
    return actions;
  }
  if (state.pending_advance) {
    add_advances(state, side, actions);
    return actions;
  }
  if (side != state.phasing) return actions;
  if (state.phase == Phase::Setup) add_placements(state, side, actions);
  if (state.phase == Phase::Movement) add_moves(state, side, actions);
  if (state.phase == Phase::Combat) add_attacks(state, actions);
  if (!validate(state, side, EndPhaseAction{})) actions.push_back(EndPhaseAction{});
  return actions;
}

}  // namespace hd::engine

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace hd::engine {
namespace {

template <typename T>
const T& pick(const std::vector<T>& items, SplitMix64& random) {
  return items[static_cast<std::size_t>(random.below(items.size()))];
}

Action choose_retreat(const GameState& state, SplitMix64& random) {
  const PendingRetreat& pending = state.pending_retreats.front();
  const auto open = retreat_hexes(state, pending.unit);
  const Side side = side_of(state.units[pending.unit].army);
  if (pending.may_stay && (open.empty() || random.below(2) == 0))
    return RetreatAction{pending.unit, std::nullopt, std::nullopt, true};
  if (!open.empty()) return RetreatAction{pending.unit, pick(open, random), std::nullopt, false};
  // 6.6D: displace a friend that can get away.
  for (Hex next : neighbours(state.units[pending.unit].hex)) {
    for (UnitIndex other : state.units_at(next)) {
      const RetreatAction displacing{pending.unit, next, other, false};
      if (!validate(state, side, displacing)) return displacing;
    }
  }
  return RetreatAction{pending.unit, std::nullopt, std::nullopt,
                       true};  // unreachable: settle() eliminates such units
}

// 6.5A: any legal choice of the attackers an exchange eliminates.
Action choose_exchange(const GameState& state, SplitMix64& random) {
  return ExchangeLossAction{pick(exchange_loss_choices(state), random)};
}

// 3.2C: now and then set a unit up elsewhere in its radius; mostly accept the placement.
Action choose_placement(const GameState& state, SplitMix64& random) {
  if (random.below(3) == 0) return EndPhaseAction{};
  std::vector<UnitIndex> placeable;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (!placement_hexes(state, static_cast<UnitIndex>(i)).empty())
      placeable.push_back(static_cast<UnitIndex>(i));
  if (placeable.empty()) return EndPhaseAction{};
  const UnitIndex unit = pick(placeable, random);
  return PlaceAction{unit, pick(placement_hexes(state, unit), random)};
}

Action choose_advance(const GameState& state, SplitMix64& random) {
  const PendingAdvance& offer = *state.pending_advance;
  if (random.below(2) == 0) return AdvanceAction{};
  const UnitIndex unit = pick(offer.candidates, random);
  std::vector<Hex> into;
  for (Hex hex : offer.vacated)
    if (adjacent(hex, state.units[unit].hex)) into.push_back(hex);
  if (into.empty()) return AdvanceAction{};
  return AdvanceAction{unit, pick(into, random)};
}

Action choose_move(const GameState& state, SplitMix64& random) {
  std::vector<UnitIndex> movable;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (side_of(unit.army) != state.phasing || unit.moved) continue;
    if (unit.on_map() ||
        (unit.status == UnitStatus::Waiting && unit.arrival_turn >= 0 && unit.arrival_turn <= state.turn)) {
      movable.push_back(static_cast<UnitIndex>(i));
    }
  }
  // Mostly move; sometimes stop early so some units stand.
  for (int attempt = 0; attempt < 4 && !movable.empty() && random.below(10) != 0; ++attempt) {
    const UnitIndex unit = pick(movable, random);
    auto reach = reachable_hexes(state, unit);
    // Only destinations that keep within the stacking limit (5.4, 8.1A, 16.1B), so the phase can
    // end. Leaders stack freely (10.1B).
    std::erase_if(reach, [&](const ReachableHex& r) {
      if (state.units[unit].is_leader()) return false;
      Stack stack = friendly_stack(state, r.hex, state.phasing, unit);
      add_to_stack(*state.rules, state.units[unit], stack);
      return !stack_fits(state.rules->map, r.hex, stack);
    });
    if (reach.empty()) continue;
    const ReachableHex& target = pick(reach, random);
    return MoveAction{MoveRequest{unit, target.path, target.can_exit && random.below(4) == 0}};
  }
  return EndPhaseAction{};
}

// Plans the phase's owed combats hex by hex, most constrained defending hex first, and returns the
// first one that validate() accepts.
Action choose_combat(const GameState& state, SplitMix64& random) {
  std::map<Hex, std::vector<UnitIndex>> defending;
  for (UnitIndex u : owed_combat(state)) {
    const UnitState& unit = state.units[u];
    if (side_of(unit.army) != state.phasing) defending[unit.hex].push_back(u);
  }
  std::vector<std::pair<std::size_t, Hex>> order;
  for (const auto& [hex, units] : defending) {
    std::size_t attackers = 0;
    for (Hex next : neighbours(hex))
      for (UnitIndex u : state.units_at(next))
        attackers += side_of(state.units[u].army) == state.phasing && !state.units[u].fought;
    order.emplace_back(attackers * 64 + random.below(64), hex);
  }
  std::sort(order.begin(), order.end());
  for (const auto& [ignored, hex] : order) {
    AttackAction attack;
    for (UnitIndex u : state.units_at(hex))
      if (!state.units[u].fought) attack.defenders.push_back(u);
    for (Hex next : neighbours(hex)) {
      if (state.rules->map.terrain(next) == HexTerrain::Chateau)
        continue;  // 8.2A: chateau units need not attack
      std::vector<UnitIndex> stack;
      for (UnitIndex u : state.units_at(next))
        if (side_of(state.units[u].army) == state.phasing && !state.units[u].fought) stack.push_back(u);
      std::vector<UnitIndex> with = attack.attackers;
      with.insert(with.end(), stack.begin(), stack.end());
      AttackAction trial = attack;
      trial.attackers = with;
      if (!stack.empty() && !validate(state, state.phasing, trial)) attack.attackers = with;
    }
    if (attack.attackers.empty() || attack.defenders.empty()) continue;
    // Now and then a cautious player reduces the odds (6.2C).
    const auto odds = compute_odds(state, attack);
    if (odds.computed.index > 0 && random.below(8) == 0) attack.odds_reduction = 1;
    if (!validate(state, state.phasing, attack)) return attack;
  }
  return EndPhaseAction{};
}

// A rule's segment (12.0's reorganization, say): mostly one of its choices, now and then closing
// it with `end` where the segment allows it (28.0D's does not while a choice is due).
Action choose_rule_choice(const GameState& state, Side side, SplitMix64& random) {
  const std::vector<DecisionChoice> choices = decision_choices(state, side);
  const bool may_end = !validate(state, side, EndPhaseAction{});
  if (choices.empty() || (may_end && random.below(4) == 0)) return EndPhaseAction{};
  return pick(choices, random).action;
}

}  // namespace

Action choose_random_action(const GameState& state, SplitMix64& random) {
  const PendingDecision pending = pending_decision(state);
  if (pending.kind == DecisionKind::Rule) return choose_rule_choice(state, pending.side, random);
  if (state.phase == Phase::Setup) return choose_placement(state, random);
  if (state.pending_exchange) return choose_exchange(state, random);
  if (!state.pending_retreats.empty()) return choose_retreat(state, random);
  if (state.pending_advance) return choose_advance(state, random);
  if (state.phase == Phase::Movement) return choose_move(state, random);
  return choose_combat(state, random);
}

}  // namespace hd::engine

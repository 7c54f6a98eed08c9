#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/reorganization/reorganization.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <climits>
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

// 3.2C: now and then set a unit up elsewhere in its radius, or take a rule's set-up action (16.6A:
// hide units); mostly accept the placement.
Action choose_placement(const GameState& state, SplitMix64& random) {
  if (random.below(3) == 0) return EndPhaseAction{};
  std::vector<Action> rule_actions;  // none unless a rule adds actions to the set-up
  for (const RuleModule* module : state.rules->modules)
    for (const RulePhaseActions* added : module->hooks.phase_actions)
      if (added && added->decision == DecisionKind::SetupPlacement)
        for (const RuleActionKind* kind : added->actions)
          if (kind) kind->generate(state, state.phasing, rule_actions);
  if (!rule_actions.empty() && random.below(2) == 0) return pick(rule_actions, random);
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

// The units of the phasing side that may still move this phase: on the map, or arriving now.
std::vector<UnitIndex> movable_units(const GameState& state) {
  std::vector<UnitIndex> movable;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (side_of(unit.army) != state.phasing || unit.moved) continue;
    if (unit.on_map() ||
        (unit.status == UnitStatus::Waiting && unit.arrival_turn >= 0 && unit.arrival_turn <= state.turn)) {
      movable.push_back(static_cast<UnitIndex>(i));
    }
  }
  return movable;
}

// Where `unit` may move, keeping within the stacking limit (5.4, 8.1A, 16.1B) so the phase can end.
// Leaders stack freely (10.1B).
std::vector<ReachableHex> stackable_reach(const GameState& state, UnitIndex unit) {
  auto reach = reachable_hexes(state, unit);
  std::erase_if(reach, [&](const ReachableHex& r) {
    if (state.units[unit].is_leader()) return false;
    Stack stack = friendly_stack(state, r.hex, state.phasing, unit);
    add_to_stack(*state.rules, state.units[unit], stack);
    return !stack_fits(state.rules->map, r.hex, stack);
  });
  return reach;
}

Action choose_move(const GameState& state, SplitMix64& random) {
  const std::vector<UnitIndex> movable = movable_units(state);
  // Mostly move; sometimes stop early so some units stand.
  for (int attempt = 0; attempt < 4 && !movable.empty() && random.below(10) != 0; ++attempt) {
    const UnitIndex unit = pick(movable, random);
    const auto reach = stackable_reach(state, unit);
    if (reach.empty()) continue;
    const ReachableHex& target = pick(reach, random);
    return MoveAction{MoveRequest{unit, target.path, target.can_exit && random.below(4) == 0}};
  }
  return EndPhaseAction{};
}

int nearest(const std::vector<Hex>& hexes, Hex from) {
  int best = INT_MAX;
  for (Hex hex : hexes)
    best = std::min(best, distance(hex, from));
  return best;
}

// Battle-seeking movement: the phasing side's combat units, in random order, each close on the
// nearest enemy combat unit on the map: the move goes to one of the reachable hexes nearest to an
// enemy (ties at random), if that is nearer than where it stands; one move in ten goes anywhere, as
// the uniform player's. Units already in contact stand. Then the leaders and trains, which join or
// draw near the nearest friendly combat unit (an officer: of his organization, 11.1B), then the
// enemy. Only hexes reachable_hexes() already
// lists are scored, against the units on the map: no search beyond the move's own.
Action choose_battle_move(const GameState& state, SplitMix64& random) {
  std::vector<UnitIndex> combat_units;
  std::vector<UnitIndex> followers;
  for (UnitIndex unit : movable_units(state))
    (state.units[unit].projects_zoc() ? combat_units : followers).push_back(unit);
  if ((combat_units.empty() && followers.empty()) || random.below(64) == 0) return EndPhaseAction{};
  std::vector<Hex> enemies;
  std::vector<Hex> friends;
  for (const UnitState& unit : state.units) {
    if (!unit.on_map() || !unit.projects_zoc()) continue;
    (side_of(unit.army) == state.phasing ? friends : enemies).push_back(unit.hex);
  }
  const auto shuffle = [&](std::vector<UnitIndex>& units) {
    for (std::size_t i = units.size(); i > 1; --i)
      std::swap(units[i - 1], units[static_cast<std::size_t>(random.below(i))]);
  };
  shuffle(combat_units);
  shuffle(followers);
  // 12.0: officers with a unit of their organization in the reorganization area, who must stand
  // more than ten hexes from the enemy to reorganize it (12.1B).
  std::set<UnitIndex> to_the_rear;
  if (const ReorganizationState* slot = find_reorganization_state(state)) {
    for (UnitIndex unit : followers) {
      const UnitState& leader = state.units[unit];
      if (!leader.is_leader() || !is_officer(*state.rules, leader)) continue;
      for (const ReorganizationCandidate& candidate : slot->area)
        if (in_organization(state.units[candidate.unit], leader)) to_the_rear.insert(unit);
    }
  }
  // A hex's score, lower is better: its distance to the nearest enemy for a combat unit; for a
  // leader or train, to the nearest friendly combat unit first, then to the enemy; for an officer
  // going to the rear, first how far within ten hexes of the enemy it is.
  UnitIndex scoring = 0;
  std::vector<Hex> own;  // an officer's: the combat units of his organization on the map (11.1B)
  const auto score = [&](bool follower, Hex hex) -> long long {
    const long long to_enemy = enemies.empty() ? 0 : nearest(enemies, hex);
    if (!follower) return to_enemy;
    const std::vector<Hex>& near = own.empty() ? friends : own;
    const long long with_friends =
        (near.empty() ? 0 : static_cast<long long>(nearest(near, hex))) * 1024 + to_enemy;
    if (!to_the_rear.count(scoring)) return with_friends;
    return std::max(0LL, kReorganizationEnemyDistance + 1 - to_enemy) * (1LL << 32) + with_friends;
  };
  for (const bool follower : {false, true}) {
    for (UnitIndex unit : follower ? followers : combat_units) {
      scoring = unit;
      const UnitState& here = state.units[unit];
      own.clear();
      if (follower && here.is_leader() && is_officer(*state.rules, here))
        for (const UnitState& other : state.units)
          if (other.on_map() && other.projects_zoc() && in_organization(other, here))
            own.push_back(other.hex);
      if (!follower && !enemies.empty() && here.on_map() && nearest(enemies, here.hex) <= 1) continue;
      const auto reach = stackable_reach(state, unit);
      if (reach.empty()) continue;
      if (random.below(10) == 0 || (!follower && enemies.empty())) {
        const ReachableHex& target = pick(reach, random);
        return MoveAction{MoveRequest{unit, target.path, target.can_exit && random.below(4) == 0}};
      }
      long long best = here.on_map() ? score(follower, here.hex) : LLONG_MAX;
      std::vector<const ReachableHex*> nearest_hexes;
      for (const ReachableHex& r : reach) {
        const long long s = score(follower, r.hex);
        if (s > best) continue;
        if (s < best) nearest_hexes.clear();
        best = s;
        nearest_hexes.push_back(&r);
      }
      // Only moves that gain ground: a unit as near as it can get stands (the list still holds
      // equally good hexes then, when the unit's own hex scored best).
      if (nearest_hexes.empty() || (here.on_map() && best == score(follower, here.hex))) continue;
      return MoveAction{MoveRequest{unit, pick(nearest_hexes, random)->path, false}};
    }
  }
  return EndPhaseAction{};
}

// Battle-seeking, once no combat is owed: of the attacks the phasing side may still make (7.1B's
// bombardments, a chateau's units), the one at the best odds (ties at random). Each enemy hex is
// tried with every phasing unit within two hexes that validate() lets join, one by one. Taken at
// 1-1 or better, half the time below; else the phase ends.
Action choose_optional_attack(const GameState& state, SplitMix64& random) {
  std::map<Hex, std::vector<UnitIndex>> targets;
  std::vector<UnitIndex> able;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (!unit.on_map() || unit.fought || !unit.projects_zoc()) continue;
    if (side_of(unit.army) == state.phasing)
      able.push_back(static_cast<UnitIndex>(i));
    else
      targets[unit.hex].push_back(static_cast<UnitIndex>(i));
  }
  std::optional<AttackAction> best;
  std::uint64_t best_key = 0;
  for (const auto& [hex, defenders] : targets) {
    AttackAction attack;
    attack.defenders = defenders;
    for (UnitIndex u : able) {
      const int range = distance(state.units[u].hex, hex);
      if (range > bombardment_range(state.units[u].type)) continue;
      AttackAction trial = attack;
      (range == 1 ? trial.attackers : trial.bombarding).push_back(u);
      if (!validate(state, state.phasing, trial)) attack = std::move(trial);
    }
    if (attack.attackers.empty() && attack.bombarding.empty()) continue;
    if (validate(state, state.phasing, attack)) continue;
    const std::uint64_t key =
        static_cast<std::uint64_t>(compute_odds(state, attack).computed.index + 1) * 1024 +
        random.below(1024);
    if (!best || key > best_key) {
      best = attack;
      best_key = key;
    }
  }
  if (!best) return EndPhaseAction{};
  const int index = static_cast<int>(best_key / 1024) - 1;
  if (index < OddsColumn{}.index + 4 && random.below(2) == 0) return EndPhaseAction{};
  return *best;
}

// Plans the phase's owed combats hex by hex, most constrained defending hex first, and returns the
// first one that validate() accepts.
Action choose_combat(const GameState& state, SplitMix64& random, RandomPlayerStyle style) {
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
    // Battle-seeking: the attackers also take on every other owed hex next to them that no other
    // unit could attack, so none is left owed with nobody to attack it (6.1).
    if (style == RandomPlayerStyle::BattleSeeking) {
      for (const auto& [other, units] : defending) {
        if (other == hex) continue;
        std::vector<UnitIndex> owed_here;
        for (UnitIndex u : state.units_at(other))
          if (!state.units[u].fought) owed_here.push_back(u);
        bool next_to_attackers = false;
        bool others_may_attack = false;
        for (Hex next : neighbours(other)) {
          for (UnitIndex u : state.units_at(next)) {
            if (side_of(state.units[u].army) != state.phasing || state.units[u].fought) continue;
            if (std::find(attack.attackers.begin(), attack.attackers.end(), u) != attack.attackers.end())
              next_to_attackers = true;
            else if (!others_may_attack)
              others_may_attack = !validate(state, state.phasing, AttackAction{{u}, owed_here});
          }
        }
        if (!next_to_attackers || others_may_attack) continue;
        AttackAction trial = attack;
        trial.defenders.insert(trial.defenders.end(), owed_here.begin(), owed_here.end());
        if (!validate(state, state.phasing, trial)) attack = std::move(trial);
      }
      // Better odds: artillery in range, not in an EZOC, bombards as well (7.1).
      for (std::size_t i = 0; i < state.units.size(); ++i) {
        const UnitState& unit = state.units[i];
        if (!unit.on_map() || unit.fought || side_of(unit.army) != state.phasing || !unit.projects_zoc() ||
            distance(unit.hex, hex) < 2 || distance(unit.hex, hex) > bombardment_range(unit.type))
          continue;
        AttackAction trial = attack;
        trial.bombarding.push_back(static_cast<UnitIndex>(i));
        if (!validate(state, state.phasing, trial)) attack = std::move(trial);
      }
    }
    // Now and then a cautious player reduces the odds (6.2C); a battle-seeking one never does.
    const auto odds = compute_odds(state, attack);
    if (style == RandomPlayerStyle::Uniform && odds.computed.index > 0 && random.below(8) == 0)
      attack.odds_reduction = 1;
    if (!validate(state, state.phasing, attack)) return attack;
  }
  if (style == RandomPlayerStyle::BattleSeeking) {
    // An owed attacker whose owed neighbours are gone may still have an enemy next to it that it
    // can fight (6.1: "must fight if it can"): the phase cannot end until it does.
    if (validate(state, state.phasing, EndPhaseAction{})) {
      for (UnitIndex u : owed_combat(state)) {
        if (side_of(state.units[u].army) != state.phasing) continue;
        for (Hex next : neighbours(state.units[u].hex)) {
          AttackAction attack;
          for (UnitIndex d : state.units_at(next))
            if (side_of(state.units[d].army) != state.phasing && !state.units[d].fought)
              attack.defenders.push_back(d);
          if (attack.defenders.empty()) continue;
          for (UnitIndex a : state.units_at(state.units[u].hex))  // with its stack (6.1D), or alone
            if (side_of(state.units[a].army) == state.phasing && state.units[a].projects_zoc() &&
                !state.units[a].fought)
              attack.attackers.push_back(a);
          if (!validate(state, state.phasing, attack)) return attack;
          attack.attackers = {u};
          if (!validate(state, state.phasing, attack)) return attack;
        }
      }
    }
    if (order.empty()) return choose_optional_attack(state, random);
  }
  return EndPhaseAction{};
}

// A rule's segment (12.0's reorganization, say): mostly one of its choices, now and then closing
// it with `end` where the segment allows it (28.0D's does not while a choice is due).
// Battle-seeking, every choice is taken while one is offered (a reorganization, say), the segment
// ended only when none is left.
Action choose_rule_choice(const GameState& state, Side side, SplitMix64& random, RandomPlayerStyle style) {
  std::vector<DecisionChoice> choices = decision_choices(state, side);
  const bool may_end = !validate(state, side, EndPhaseAction{});
  if (style == RandomPlayerStyle::BattleSeeking) {
    std::erase_if(choices,
                  [](const DecisionChoice& c) { return std::holds_alternative<EndPhaseAction>(c.action); });
    if (choices.empty()) return EndPhaseAction{};
    return pick(choices, random).action;
  }
  if (choices.empty() || (may_end && random.below(4) == 0)) return EndPhaseAction{};
  return pick(choices, random).action;
}

}  // namespace

Action choose_random_action(const GameState& state, SplitMix64& random, RandomPlayerStyle style) {
  const PendingDecision pending = pending_decision(state);
  if (pending.kind == DecisionKind::Rule) return choose_rule_choice(state, pending.side, random, style);
  if (state.phase == Phase::Setup) return choose_placement(state, random);
  if (state.pending_exchange) return choose_exchange(state, random);
  if (!state.pending_retreats.empty()) return choose_retreat(state, random);
  if (state.pending_advance) return choose_advance(state, random);
  if (state.phase == Phase::Movement)
    return style == RandomPlayerStyle::BattleSeeking ? choose_battle_move(state, random)
                                                     : choose_move(state, random);
  return choose_combat(state, random, style);
}

Action choose_action_from_knowledge(const GameState& state, SplitMix64& random, RandomPlayerStyle style,
                                    int* fallbacks) {
  if (!knowledge_kept(state)) return choose_random_action(state, random, style);
  const Side side = pending_decision(state).side;
  const GameState believed = believed_board(state, side);
  for (int draw = 0; draw < kKnowledgeDraws; ++draw) {
    Action action = choose_random_action(believed, random, style);
    if (!validate(state, side, action)) return action;
  }
  const Action end{EndPhaseAction{}};
  if (!validate(state, side, end)) return end;
  if (fallbacks) ++*fallbacks;
  return choose_random_action(state, random, style);
}

}  // namespace hd::engine

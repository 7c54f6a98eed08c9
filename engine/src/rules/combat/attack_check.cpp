#include "combat_detail.hpp"

#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/variant/supply_trains.hpp>

#include <algorithm>
#include <set>

namespace hd::engine {

using namespace combat_detail;

namespace {

// 7.1-7.4, 8.1C: the bombarding part of a combat whose units check_attack has already vetted.
std::optional<Refusal> check_bombardment(const GameState& state, const AttackAction& attack) {
  const GameMap& map = state.rules->map;
  const auto targets = hexes_of(state, attack.defenders);
  // 7.1: a bombardment alone strikes one hex; 7.2 lets adjacent attackers take on several.
  if (attack.attackers.empty() && targets.size() > 1) return refuse(RefusalCode::BombardOneHex, "7.1");
  for (Hex hex : targets) {
    if (map.terrain(hex) == HexTerrain::Chateau) return refuse(RefusalCode::BombardIntoChateau, "8.1C");
  }
  for (UnitIndex b : attack.bombarding) {
    if (auto refusal = rules_unit_refusal(state, UnitAct::Bombard, b)) return refusal;  // 11.3B
    const UnitState& unit = state.units[b];
    bool in_range = false;
    bool in_sight = false;
    bool through_chateau = false;
    // 7.2: in range (and sight) of one defending hex suffices.
    for (Hex hex : targets) {
      if (distance(unit.hex, hex) > bombardment_range(unit.type)) continue;
      in_range = true;
      // 8.1C: never through a chateau (chateaux also block sight: 7.3A).
      const SightLine line = trace_sight_line(unit.hex, hex);
      const bool chateau = std::any_of(line.hexes.begin(), line.hexes.end(),
                                       [&](Hex h) { return map.terrain(h) == HexTerrain::Chateau; });
      through_chateau = through_chateau || chateau;
      in_sight = in_sight || (!chateau && line_of_sight_clear(*state.rules, unit.hex, hex));
    }
    if (!in_range) return refuse(RefusalCode::OutOfRange, "7.1B", {RefusalArg::of_unit(b)});
    if (!in_sight && through_chateau) {
      return refuse(RefusalCode::BombardThroughChateau, "8.1C", {RefusalArg::of_unit(b)});
    }
    if (!in_sight) return refuse(RefusalCode::NoLineOfSight, "7.3", {RefusalArg::of_unit(b)});
    // 7.1C: stacked bombarding artillery bombard the same target, so together.
    for (UnitIndex other : state.units_at(unit.hex)) {
      const UnitState& o = state.units[other];
      if (side_of(o.army) == state.phasing && is_artillery(o.type) && !o.fought && !o.may_not_fire &&
          !contains(attack.bombarding, other)) {
        return refuse(RefusalCode::StackedBombardTogether, "7.1C",
                      {RefusalArg::of_unit(other), RefusalArg::of_unit(b)});
      }
    }
  }
  return std::nullopt;
}

// 6.7C: a unit that advanced after combat may neither attack nor be attacked later in the phase.
std::optional<Refusal> advanced_refusal(const GameState& state, UnitIndex u) {
  if (!state.units[u].advanced) return std::nullopt;
  return refuse(RefusalCode::AdvancedAfterCombat, "6.7C", {RefusalArg::of_unit(u)});
}

// A phasing unit that may take part in a combat this phase, adjacent or bombarding: on the map, not
// advanced (6.7C), not yet fought (6.1B), not displaced artillery that may not fire (6.6D).
std::optional<Refusal> attacker_refusal(const GameState& state, UnitIndex u) {
  const UnitState& unit = state.units[u];
  if (!unit.on_map() || side_of(unit.army) != state.phasing)
    return refuse(RefusalCode::CannotAttack, "6.0", {RefusalArg::of_unit(u)});
  if (unit.is_leader()) return refuse(RefusalCode::LeaderCannotFight, "10.2", {RefusalArg::of_unit(u)});
  if (unit.is_supply_train()) {  // 16.17C
    return refuse_by_rule("16.17C", "supply-train-cannot-attack",
                          "{0} has no combat strength and cannot attack", {RefusalArg::of_unit(u)});
  }
  if (auto refusal = advanced_refusal(state, u)) return refusal;
  if (unit.fought) return refuse(RefusalCode::AlreadyFought, "6.1B", {RefusalArg::of_unit(u)});
  if (unit.may_not_fire) return refuse(RefusalCode::DisplacedMayNotFire, "6.6D", {RefusalArg::of_unit(u)});
  return std::nullopt;
}

}  // namespace

int bombardment_range([[maybe_unused]] UnitType type) {
  // 7.1B counting is distance(). 16.10 would give heavy artillery 3 hexes; it is not offered yet.
  return 2;
}

bool attack_crosses(const GameMap& map, Hex from, Hex to) {
  const auto features = map.hexside(*Hexside::between(from, to));
  if (features.has(HexsideFeature::Lake)) return false;
  return !features.has(HexsideFeature::River) || features.has(HexsideFeature::Bridge);
}

void mark_obligations(GameState& state) {
  for (UnitState& unit : state.units)
    unit.must_fight = false;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    UnitState& unit = state.units[i];
    // 10.2: leaders neither attack nor defend; 16.17C: a supply train has no strength and no ZOC.
    if (!unit.on_map() || !unit.projects_zoc() || side_of(unit.army) != state.phasing) continue;
    for (UnitState& enemy : state.units) {
      if (!enemy.on_map() || !enemy.projects_zoc() || side_of(enemy.army) == state.phasing ||
          !adjacent(enemy.hex, unit.hex))
        continue;
      // The phasing unit is in the enemy's ZOC: both must fight (6.1). A unit in a chateau is in no
      // ZOC and need not attack (8.2A), but its own ZOC obliges its neighbours.
      if (zoc_reaches(*state.rules, enemy.hex, unit.hex)) {
        unit.must_fight = true;
        enemy.must_fight = true;
      }
    }
  }
}

std::vector<UnitIndex> owed_combat(const GameState& state) {
  std::vector<UnitIndex> owed;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.must_fight && !unit.fought && unit.on_map()) owed.push_back(static_cast<UnitIndex>(i));
  }
  return owed;
}

std::optional<Refusal> check_attack(const GameState& state, const AttackAction& attack) {
  if (state.phase == Phase::GameOver) return refuse(RefusalCode::GameOver, "3.0");
  if (state.phase != Phase::Combat) return refuse(RefusalCode::NotCombatPhase, "4.1");
  if (!state.pending_retreats.empty() || state.pending_advance || state.pending_exchange) {
    return refuse(RefusalCode::CombatUnfinished, "6.7");
  }
  if ((attack.attackers.empty() && attack.bombarding.empty()) || attack.defenders.empty())
    return refuse(RefusalCode::NoAttackersOrDefenders, "6.1");
  const bool bombardment = !attack.bombarding.empty();
  std::set<UnitIndex> seen;
  for (UnitIndex u : attack.attackers) {
    if (u >= state.units.size() || !seen.insert(u).second) return refuse(RefusalCode::BadAttacker, "6.1");
    if (auto refusal = attacker_refusal(state, u)) return refusal;
  }
  for (UnitIndex u : attack.defenders) {
    if (u >= state.units.size() || !seen.insert(u).second) return refuse(RefusalCode::BadDefender, "6.1");
    const UnitState& unit = state.units[u];
    if (!unit.on_map() || side_of(unit.army) == state.phasing)
      return refuse(RefusalCode::NotEnemyUnit, "6.0", {RefusalArg::of_unit(u)});
    if (unit.is_leader()) return refuse(RefusalCode::LeaderCannotFight, "10.2", {RefusalArg::of_unit(u)});
    if (auto refusal = advanced_refusal(state, u)) return refusal;
    // 6.6C: a unit that retreated into a hex bombarded later in the phase suffers the result.
    if (unit.fought && !(bombardment && retreated_this_phase(state, unit)))
      return refuse(RefusalCode::AlreadyAttacked, "6.1B", {RefusalArg::of_unit(u)});
  }
  for (UnitIndex u : attack.bombarding) {
    if (u >= state.units.size() || !seen.insert(u).second)
      return refuse(RefusalCode::BadBombardingUnit, "7.1");
    const UnitState& unit = state.units[u];
    if (auto refusal = attacker_refusal(state, u)) return refusal;
    if (!is_artillery(unit.type)) return refuse(RefusalCode::NotArtillery, "7.0", {RefusalArg::of_unit(u)});
    if (in_enemy_zoc(state, unit.hex, state.phasing)) {
      return refuse(RefusalCode::BombardFromZoc, "7.4A", {RefusalArg::of_unit(u)});
    }
    // 7.4A: artillery that began the phase in an EZOC owes an adjacent attack; it may not bombard
    // even once the enemy exerting the EZOC has been attacked by others (docs/rules-notes.md, 7.4A).
    if (unit.must_fight) return refuse(RefusalCode::OwesAdjacentAttack, "7.4A", {RefusalArg::of_unit(u)});
  }
  for (UnitIndex u : attack.retreat_on_ar) {
    if (!contains(attack.bombarding, u)) return refuse(RefusalCode::ArElectionNotBombarding, "7.1E");
  }
  const GameMap& map = state.rules->map;
  for (UnitIndex a : attack.attackers) {
    for (UnitIndex d : attack.defenders) {
      const Hex from = state.units[a].hex;
      const Hex to = state.units[d].hex;
      if (!adjacent(from, to)) {
        return refuse(RefusalCode::NotAdjacentToDefender, "6.1E",
                      {RefusalArg::of_unit(a), RefusalArg::of_unit(d)});
      }
      if (!attack_crosses(map, from, to)) {
        return refuse(RefusalCode::AttackAcrossHexside, "TEC", {RefusalArg::of_unit(a)});
      }
    }
  }
  if (bombardment) {
    if (auto refusal = check_bombardment(state, attack)) return refusal;
  }
  // 6.1D: stacked units fight together (with 6.6C, units retreated into a bombarded hex too).
  const auto whole_stacks = [&](const std::vector<UnitIndex>& units, bool phasing) -> std::optional<Refusal> {
    for (Hex hex : hexes_of(state, units)) {
      for (UnitIndex u : state.units_at(hex)) {
        const bool ours = side_of(state.units[u].army) == state.phasing;
        // 6.6D: displaced artillery that may not fire stays out.
        const bool joins = (!state.units[u].fought && !(phasing && state.units[u].may_not_fire)) ||
                           (!phasing && bombardment && retreated_this_phase(state, state.units[u]));
        if (ours != phasing || !joins) continue;
        if (std::find(units.begin(), units.end(), u) == units.end()) {
          return refuse(RefusalCode::StackMustJoin, "6.1D",
                        {RefusalArg::of_unit(u), RefusalArg::of_hex(hex)});
        }
      }
    }
    return std::nullopt;
  };
  if (auto refusal = whole_stacks(attack.attackers, true)) return refusal;
  if (auto refusal = whole_stacks(attack.defenders, false)) return refusal;
  // 8.2A: a unit in a chateau that attacks must attack every adjacent enemy unit.
  for (UnitIndex a : attack.attackers) {
    const UnitState& attacker = state.units[a];
    if (map.terrain(attacker.hex) != HexTerrain::Chateau) continue;
    for (std::size_t e = 0; e < state.units.size(); ++e) {
      const UnitState& enemy = state.units[e];
      if (!enemy.on_map() || enemy.is_leader() || side_of(enemy.army) == state.phasing ||
          !adjacent(enemy.hex, attacker.hex))
        continue;
      if (std::find(attack.defenders.begin(), attack.defenders.end(), e) == attack.defenders.end()) {
        return refuse(RefusalCode::ChateauMustAttackAll, "8.2A",
                      {RefusalArg::of_unit(a), RefusalArg::of_unit(static_cast<UnitIndex>(e))});
      }
    }
  }
  const CombatOdds odds = compute_odds(state, attack);
  // 16.17C: a supply train has no strength; any attack on it destroys it.
  const bool trains_only = only_supply_trains(state, attack.defenders);
  if (odds.attack <= 0 || (odds.defence <= 0 && !bombardment && !trains_only))
    return refuse(RefusalCode::NoStrength, "6.2");
  if (attack.odds_reduction < 0 || attack.odds_reduction > odds.computed.index) {
    return refuse(RefusalCode::OddsReduction, "6.2C", {RefusalArg::of_odds(odds.computed.to_string())});
  }
  return std::nullopt;
}

}  // namespace hd::engine

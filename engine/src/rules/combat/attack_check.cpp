#include "combat_detail.hpp"

#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/state/game_setup.hpp>

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
  if (attack.attackers.empty() && targets.size() > 1)
    return refuse(RefusalCode::Malformed, "7.1", "a bombardment strikes a single enemy-occupied hex");
  for (Hex hex : targets) {
    if (map.terrain(hex) == HexTerrain::Chateau)
      return refuse(RefusalCode::ProhibitedTerrain, "8.1C", "no bombardment into a chateau");
  }
  for (UnitIndex b : attack.bombarding) {
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
    if (!in_range) return refuse(RefusalCode::NotAdjacent, "7.1B", unit.id + " is out of bombardment range");
    if (!in_sight && through_chateau) {
      return refuse(RefusalCode::ProhibitedTerrain, "8.1C", unit.id + " may not bombard through a chateau");
    }
    if (!in_sight) return refuse(RefusalCode::Malformed, "7.3", unit.id + " has no clear line of sight");
    // 7.1C: stacked bombarding artillery bombard the same target, so together.
    for (UnitIndex other : state.units_at(unit.hex)) {
      const UnitState& o = state.units[other];
      if (side_of(o.army) == state.phasing && is_artillery(o.type) && !o.fought && !o.may_not_fire &&
          !contains(attack.bombarding, other)) {
        return refuse(RefusalCode::Malformed, "7.1C",
                      o.id + " is stacked with " + unit.id + " and must bombard the same target");
      }
    }
  }
  return std::nullopt;
}

// 6.7C: a unit that advanced after combat may neither attack nor be attacked later in the phase.
std::optional<Refusal> advanced_refusal(const UnitState& unit) {
  if (!unit.advanced) return std::nullopt;
  return refuse(RefusalCode::AlreadyMoved, "6.7C",
                unit.id + " advanced after combat: it may neither attack nor be attacked this phase");
}

// A phasing unit that may take part in a combat this phase, adjacent or bombarding: on the map, not
// advanced (6.7C), not yet fought (6.1B), not displaced artillery that may not fire (6.6D).
std::optional<Refusal> attacker_refusal(const GameState& state, const UnitState& unit) {
  if (!unit.on_map() || side_of(unit.army) != state.phasing)
    return refuse(RefusalCode::NotYourUnit, "6.0", unit.id + " cannot attack");
  if (auto refusal = advanced_refusal(unit)) return refusal;
  if (unit.fought)
    return refuse(RefusalCode::AlreadyMoved, "6.1B", unit.id + " has already fought this phase");
  if (unit.may_not_fire)
    return refuse(RefusalCode::AlreadyMoved, "6.6D",
                  unit.id + " was displaced before it fought and may not fire");
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
    if (!unit.on_map() || side_of(unit.army) != state.phasing) continue;
    for (UnitState& enemy : state.units) {
      if (!enemy.on_map() || side_of(enemy.army) == state.phasing || !adjacent(enemy.hex, unit.hex)) continue;
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
  if (state.phase == Phase::GameOver) return refuse(RefusalCode::GameOver, "3.0", "the game is over");
  if (state.phase != Phase::Combat)
    return refuse(RefusalCode::WrongPhase, "4.1", "combat happens in the combat phase");
  if (!state.pending_retreats.empty() || state.pending_advance || state.pending_exchange) {
    return refuse(RefusalCode::WrongPhase, "6.7",
                  "finish the last combat's exchange, retreats and advance first");
  }
  if ((attack.attackers.empty() && attack.bombarding.empty()) || attack.defenders.empty())
    return refuse(RefusalCode::Malformed, "6.1", "a combat needs attackers and defenders");
  const bool bombardment = !attack.bombarding.empty();
  std::set<UnitIndex> seen;
  for (UnitIndex u : attack.attackers) {
    if (u >= state.units.size() || !seen.insert(u).second)
      return refuse(RefusalCode::UnknownUnit, "6.1", "unknown or repeated attacker");
    const UnitState& unit = state.units[u];
    if (auto refusal = attacker_refusal(state, unit)) return refusal;
  }
  for (UnitIndex u : attack.defenders) {
    if (u >= state.units.size() || !seen.insert(u).second)
      return refuse(RefusalCode::UnknownUnit, "6.1", "unknown or repeated defender");
    const UnitState& unit = state.units[u];
    if (!unit.on_map() || side_of(unit.army) == state.phasing)
      return refuse(RefusalCode::NotYourUnit, "6.0", unit.id + " is not an enemy unit");
    if (auto refusal = advanced_refusal(unit)) return refusal;
    // 6.6C: a unit that retreated into a hex bombarded later in the phase suffers the result.
    if (unit.fought && !(bombardment && retreated_this_phase(state, unit)))
      return refuse(RefusalCode::AlreadyMoved, "6.1B", unit.id + " has already been attacked this phase");
  }
  for (UnitIndex u : attack.bombarding) {
    if (u >= state.units.size() || !seen.insert(u).second)
      return refuse(RefusalCode::UnknownUnit, "7.1", "unknown or repeated bombarding unit");
    const UnitState& unit = state.units[u];
    if (auto refusal = attacker_refusal(state, unit)) return refusal;
    if (!is_artillery(unit.type))
      return refuse(RefusalCode::Malformed, "7.0", unit.id + " is not artillery and cannot bombard");
    if (in_enemy_zoc(state, unit.hex, state.phasing)) {
      return refuse(
          RefusalCode::EnemyZoc, "7.4A",
          unit.id + " is in an enemy zone of control: it attacks adjacent units and may not bombard");
    }
    // 7.4A: artillery that began the phase in an EZOC owes an adjacent attack; it may not bombard
    // even once the enemy exerting the EZOC has been attacked by others (docs/rules-notes.md, 7.4A).
    if (unit.must_fight) {
      return refuse(RefusalCode::EnemyZoc, "7.4A",
                    unit.id +
                        " began the combat phase in an enemy zone of control: it attacks adjacent "
                        "units and may not bombard this phase");
    }
  }
  for (UnitIndex u : attack.retreat_on_ar) {
    if (!contains(attack.bombarding, u))
      return refuse(RefusalCode::Malformed, "7.1E", "only bombarding artillery may elect to suffer an Ar");
  }
  const GameMap& map = state.rules->map;
  for (UnitIndex a : attack.attackers) {
    for (UnitIndex d : attack.defenders) {
      const Hex from = state.units[a].hex;
      const Hex to = state.units[d].hex;
      if (!adjacent(from, to)) {
        return refuse(RefusalCode::NotAdjacent, "6.1E",
                      state.units[a].id + " is not adjacent to " + state.units[d].id);
      }
      if (!attack_crosses(map, from, to)) {
        return refuse(RefusalCode::ProhibitedTerrain, "TEC",
                      state.units[a].id + " cannot attack across that hexside");
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
          return refuse(
              RefusalCode::Malformed, "6.1D",
              state.units[u].id + " is stacked in " + format_hex(hex) + " and must join this combat");
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
      if (!enemy.on_map() || side_of(enemy.army) == state.phasing || !adjacent(enemy.hex, attacker.hex))
        continue;
      if (std::find(attack.defenders.begin(), attack.defenders.end(), e) == attack.defenders.end()) {
        return refuse(RefusalCode::Malformed, "8.2A",
                      attacker.id + " attacks from a chateau and must attack " + enemy.id + " too");
      }
    }
  }
  const CombatOdds odds = compute_odds(state, attack);
  if (odds.attack <= 0 || (odds.defence <= 0 && !bombardment))
    return refuse(RefusalCode::Malformed, "6.2", "both sides need strength");
  if (attack.odds_reduction < 0 || attack.odds_reduction > odds.computed.index) {
    return refuse(
        RefusalCode::Malformed, "6.2C",
        "odds may be reduced only to columns left of " + odds.computed.to_string() + ", down to 1-5");
  }
  return std::nullopt;
}

}  // namespace hd::engine

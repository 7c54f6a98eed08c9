#include <hd/engine/combat.hpp>
#include <hd/engine/game_setup.hpp>
#include <hd/engine/line_of_sight.hpp>
#include <hd/engine/movement.hpp>
#include <hd/engine/scenario_rules.hpp>
#include <hd/engine/victory.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <string>

namespace hd::engine {
namespace {

Refusal refuse(RefusalCode code, std::string rule, std::string message) {
  return Refusal{code, std::move(rule), std::move(message)};
}

bool rough(HexTerrain terrain) {
  return terrain == HexTerrain::Forest || terrain == HexTerrain::Marsh;
}

bool chateau_infantry(const GameState& state, const UnitState& unit) {
  // 8.2: only undemoralized infantry in a chateau.
  return unit.type == UnitType::Infantry && state.rules->map.terrain(unit.hex) == HexTerrain::Chateau &&
         !state.demoralized[static_cast<std::size_t>(unit.army)];
}

std::set<Hex> hexes_of(const GameState& state, const std::vector<UnitIndex>& units) {
  std::set<Hex> hexes;
  for (UnitIndex u : units)
    hexes.insert(state.units[u].hex);
  return hexes;
}

// 6.6C: the unit retreated (or was displaced) into its hex earlier in this combat phase.
bool retreated_this_phase(const GameState& state, const UnitState& unit) {
  return state.phase == Phase::Combat && unit.moved;
}

// 15.1: infantry for combined arms; rifles "operate like other infantry" (16.1B).
bool counts_as_infantry(UnitType type) {
  return type == UnitType::Infantry || type == UnitType::Rifles;
}

bool contains(const std::vector<UnitIndex>& units, UnitIndex u) {
  return std::find(units.begin(), units.end(), u) != units.end();
}

void eliminate(GameState& state, UnitIndex index, const std::string& reason, std::vector<Event>& events) {
  UnitState& unit = state.units[index];
  state.eliminated_strength[static_cast<std::size_t>(unit.army)] += unit.strength();
  unit.status = UnitStatus::Eliminated;
  events.push_back(UnitEliminatedEvent{index, reason});
}

// 9.1, 9.2: checks every army's losses against its levels; the non-phasing side first (9.2B).
void check_morale(GameState& state, std::vector<Event>& events) {
  std::vector<Army> order{Army::French, Army::Prussian, Army::Allied};
  std::stable_sort(order.begin(), order.end(), [&](Army a, Army b) {
    return (side_of(a) != state.phasing) > (side_of(b) != state.phasing);
  });
  for (Army army : order) {
    const auto i = static_cast<std::size_t>(army);
    const auto [demoralization, disintegration] = morale_levels(state, army);
    const bool demoralized = demoralization && state.eliminated_strength[i] >= *demoralization &&
                             special_allows_demoralization(state, army);  // 18.3A
    const bool disintegrated = disintegration && state.eliminated_strength[i] > *disintegration;
    if ((demoralized && !state.demoralized[i]) || (disintegrated && !state.disintegrated[i])) {
      state.demoralized[i] = state.demoralized[i] || demoralized;
      state.disintegrated[i] = state.disintegrated[i] || disintegrated;
      events.push_back(MoraleEvent{army, state.demoralized[i], state.disintegrated[i]});
    }
  }
  if (!state.result) {
    if (auto result = instant_result(state)) {
      state.result = *result;
      state.phase = Phase::GameOver;
      events.push_back(GameEndedEvent{*result});
    }
  }
}

bool full_friendly_hex(const GameState& state, Hex hex, Side side) {
  int friends = 0;
  for (UnitIndex u : state.units_at(hex))
    friends += side_of(state.units[u].army) == side ? 1 : 0;
  return friends >= stacking_limit(state.rules->map, hex);
}

// 6.6D: can `unit` get out of its hex without being eliminated, displacing others if it must?
bool can_retreat_safely(const GameState& state, UnitIndex unit, int depth) {
  if (!retreat_hexes(state, unit).empty()) return true;
  if (depth > 6) return false;
  const UnitState& mover = state.units[unit];
  for (Hex next : neighbours(mover.hex)) {
    if (!retreat_ground_ok(state, mover, next) || state.rules->map.terrain(next) == HexTerrain::Chateau)
      continue;
    for (UnitIndex other : state.units_at(next)) {
      if (side_of(state.units[other].army) == side_of(mover.army) &&
          can_retreat_safely(state, other, depth + 1))
        return true;
    }
  }
  return false;
}

// Offers the advance once no retreat is pending, for the losers' hexes that are now empty; drops
// it if nothing can advance. Also eliminates retreating units that have nowhere to go (6.6).
void settle(GameState& state, std::vector<Event>& events) {
  while (!state.pending_retreats.empty()) {
    const PendingRetreat& next = state.pending_retreats.front();
    if (!state.units[next.unit].on_map()) {
      state.pending_retreats.erase(state.pending_retreats.begin());
      continue;
    }
    if (next.may_stay || can_retreat_safely(state, next.unit, 0)) break;
    const UnitIndex doomed = next.unit;
    state.pending_retreats.erase(state.pending_retreats.begin());
    eliminate(state, doomed, "no retreat (6.6)", events);
    check_morale(state, events);
  }
  if (!state.pending_retreats.empty() || !state.pending_advance) return;
  PendingAdvance& advance = *state.pending_advance;
  std::erase_if(advance.vacated, [&](Hex hex) {
    return !state.units_at(hex).empty() || state.rules->map.terrain(hex) == HexTerrain::Chateau;  // 8.1B
  });
  std::erase_if(advance.candidates, [&](UnitIndex u) {
    const UnitState& unit = state.units[u];
    if (!unit.on_map() || state.demoralized[static_cast<std::size_t>(unit.army)]) return true;  // 9.3
    return std::none_of(advance.vacated.begin(), advance.vacated.end(),
                        [&](Hex hex) { return adjacent(unit.hex, hex); });
  });
  if (advance.vacated.empty() || advance.candidates.empty() || state.result) state.pending_advance.reset();
}

// 6.5A: eliminates the chosen attackers of the pending exchange and offers the survivors the
// advance (6.7).
void eliminate_exchange_losses(GameState& state, const std::vector<UnitIndex>& chosen,
                               std::vector<Event>& events) {
  PendingExchange exchange = std::move(*state.pending_exchange);
  state.pending_exchange.reset();
  std::vector<UnitIndex> survivors;
  for (UnitIndex u : exchange.candidates) {
    if (contains(chosen, u)) {
      eliminate(state, u, "Ex", events);
    } else {
      survivors.push_back(u);
    }
  }
  state.pending_advance = PendingAdvance{exchange.side, survivors, exchange.vacated};
}

// 15.1: an attack on a single hex by at least one infantry, one cavalry and one artillery unit,
// bombarding or adjacent, when the optional rule is in play.
bool combined_arms(const GameState& state, const AttackAction& attack) {
  if (!state.rules->optional_rules.combined_arms || hexes_of(state, attack.defenders).size() != 1)
    return false;
  bool infantry = false;
  bool cavalry = false;
  bool artillery = false;
  for (const auto* units : {&attack.attackers, &attack.bombarding}) {
    for (UnitIndex u : *units) {
      const UnitType type = state.units[u].type;
      infantry = infantry || counts_as_infantry(type);
      cavalry = cavalry || type == UnitType::Cavalry;
      artillery = artillery || is_artillery(type);
    }
  }
  return infantry && cavalry && artillery;
}

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

void update_morale(GameState& state, std::vector<Event>& events) {
  check_morale(state, events);
}

bool retreat_ground_ok(const GameState& state, const UnitState& unit, Hex to) {
  const Ruleset& rules = *state.rules;
  const Side side = side_of(unit.army);
  // 6.6A: not off the map, not into or across prohibited terrain, not into enemy units or EZOC.
  if (!rules.map.bounds().contains(to) || !rules.scenario.area.contains(to)) return false;
  if (!step_cost(rules, mover_class(unit.type), unit.hex, to)) return false;
  if (state.enemy_in(to, side) || in_enemy_zoc(state, to, side)) return false;
  return true;
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

std::pair<std::optional<int>, std::optional<int>> morale_levels(const GameState& state, Army army) {
  std::optional<int> demoralization, disintegration;
  const TurnName now = state.current_turn().name;
  std::optional<TurnName> latest;
  const auto consider = [&](const std::vector<MoraleLevel>& levels) {
    for (const MoraleLevel& level : levels) {
      if (level.army != army) continue;
      if (level.from_turn && now < *level.from_turn) continue;
      if (level.from_turn && latest && *level.from_turn < *latest) continue;
      if (level.from_turn) latest = level.from_turn;
      if (level.demoralization) demoralization = level.demoralization;
      if (level.disintegration) disintegration = level.disintegration;
    }
  };
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) { consider(forces.morale); });
  // Scenario special rules (18.3B, 20.3A, 21.3A, 21.3B).
  const auto [demoralization_change, disintegration_change] = special_morale_adjustment(state, army);
  if (demoralization) *demoralization += demoralization_change;
  if (disintegration) *disintegration += disintegration_change;
  // 15.2: each repulse of the Guard lowers the level by 20.
  if (demoralization) *demoralization -= state.demoralization_reduction[static_cast<std::size_t>(army)];
  return {demoralization, disintegration};
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
    if (!unit.on_map() || side_of(unit.army) != state.phasing)
      return refuse(RefusalCode::NotYourUnit, "6.0", unit.id + " cannot attack");
    if (unit.fought)
      return refuse(RefusalCode::AlreadyMoved, "6.1B", unit.id + " has already fought this phase");
    if (unit.may_not_fire)
      return refuse(RefusalCode::AlreadyMoved, "6.6D",
                    unit.id + " was displaced before it fought and may not fire");
  }
  for (UnitIndex u : attack.defenders) {
    if (u >= state.units.size() || !seen.insert(u).second)
      return refuse(RefusalCode::UnknownUnit, "6.1", "unknown or repeated defender");
    const UnitState& unit = state.units[u];
    if (!unit.on_map() || side_of(unit.army) == state.phasing)
      return refuse(RefusalCode::NotYourUnit, "6.0", unit.id + " is not an enemy unit");
    // 6.6C: a unit that retreated into a hex bombarded later in the phase suffers the result.
    if (unit.fought && !(bombardment && retreated_this_phase(state, unit)))
      return refuse(RefusalCode::AlreadyMoved, "6.1B", unit.id + " has already been attacked this phase");
  }
  for (UnitIndex u : attack.bombarding) {
    if (u >= state.units.size() || !seen.insert(u).second)
      return refuse(RefusalCode::UnknownUnit, "7.1", "unknown or repeated bombarding unit");
    const UnitState& unit = state.units[u];
    if (!unit.on_map() || side_of(unit.army) != state.phasing)
      return refuse(RefusalCode::NotYourUnit, "6.0", unit.id + " cannot attack");
    if (!is_artillery(unit.type))
      return refuse(RefusalCode::Malformed, "7.0", unit.id + " is not artillery and cannot bombard");
    if (unit.fought)
      return refuse(RefusalCode::AlreadyMoved, "6.1B", unit.id + " has already fought this phase");
    if (unit.may_not_fire)
      return refuse(RefusalCode::AlreadyMoved, "6.6D",
                    unit.id + " was displaced before it fought and may not fire");
    if (in_enemy_zoc(state, unit.hex, state.phasing)) {
      return refuse(
          RefusalCode::EnemyZoc, "7.4A",
          unit.id + " is in an enemy zone of control: it attacks adjacent units and may not bombard");
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

CombatOdds compute_odds(const GameState& state, const AttackAction& attack) {
  const GameMap& map = state.rules->map;
  CombatOdds odds;
  // Attack: cavalry attacking into forest or marsh is halved (TEC); halved strengths are summed and
  // rounded up once (6.3B).
  int halved = 0;
  for (UnitIndex a : attack.attackers) {
    const UnitState& unit = state.units[a];
    const bool into_rough = unit.type == UnitType::Cavalry &&
                            std::any_of(attack.defenders.begin(), attack.defenders.end(),
                                        [&](UnitIndex d) { return rough(map.terrain(state.units[d].hex)); });
    if (into_rough) {
      halved += unit.strength();
      odds.modifiers.push_back(unit.id + " halved attacking into forest or marsh (TEC, 6.3)");
    } else {
      odds.attack += unit.strength();
    }
  }
  if (halved > 0) odds.attack += (halved + 1) / 2;
  // 7.1, 7.1D: bombarding artillery adds its strength; several bombarding hexes add up.
  for (UnitIndex b : attack.bombarding) {
    const UnitState& unit = state.units[b];
    odds.attack += unit.strength();
    odds.modifiers.push_back(unit.id + " bombards from " + format_hex(unit.hex) + " (7.1)");
  }

  // Defence: each unit takes the single terrain effect that helps it most (6.3C).
  int defence_halved = 0;
  bool chateau_cap = false;
  bool undefended = false;
  for (UnitIndex d : attack.defenders) {
    const UnitState& unit = state.units[d];
    const HexTerrain terrain = map.terrain(unit.hex);
    if (!attack.bombarding.empty() && retreated_this_phase(state, unit)) {
      undefended = true;
      odds.modifiers.push_back(unit.id + " retreated into its hex this phase: no defence strength (6.6C)");
      continue;
    }
    int multiplier = 1;
    std::string why;
    if (terrain == HexTerrain::Town) {
      multiplier = 2;
      why = "doubled in a town (TEC)";
    }
    if (chateau_infantry(state, unit)) {
      multiplier = 3;
      why = "tripled in a chateau (8.2)";
      chateau_cap = true;
    }
    // 6.3A: streams and bridges double only if every adjacent attacker attacks across one; a
    // bombardment alone crosses no hexside and earns no doubling.
    const bool all_across =
        !attack.attackers.empty() &&
        std::all_of(attack.attackers.begin(), attack.attackers.end(), [&](UnitIndex a) {
          const auto features = map.hexside(*Hexside::between(state.units[a].hex, unit.hex));
          return features.has(HexsideFeature::Stream) || features.has(HexsideFeature::Bridge);
        });
    if (all_across && multiplier < 2) {
      multiplier = 2;
      why = "doubled behind a stream or bridge (6.3A)";
    }
    if (multiplier == 1 && unit.type == UnitType::Cavalry && rough(terrain)) {
      defence_halved += unit.strength();
      odds.modifiers.push_back(unit.id + " halved defending in forest or marsh (TEC)");
      continue;
    }
    odds.defence += unit.strength() * multiplier;
    if (multiplier > 1) odds.modifiers.push_back(unit.id + " " + why);
  }
  if (defence_halved > 0) odds.defence += (defence_halved + 1) / 2;

  if (odds.attack > 0 && odds.defence > 0) odds.computed = odds_column(odds.attack, odds.defence);
  if (odds.attack > 0 && odds.defence == 0 && undefended) {
    odds.computed = OddsColumn{kOddsColumns - 1};
    odds.modifiers.push_back("no defence strength: resolved at " + odds.computed.to_string() + " (6.6C)");
  }
  if (combined_arms(state, attack)) {
    const bool at_top = odds.computed.index == kOddsColumns - 1;
    odds.computed.index = std::min(odds.computed.index + 1, kOddsColumns - 1);
    odds.modifiers.push_back(at_top ? std::string("combined arms: 6-1 remains 6-1 (15.1)")
                                    : "combined arms: odds shifted one column right to " +
                                          odds.computed.to_string() + " (15.1)");
  }
  if (chateau_cap && odds.computed.index > 7) {
    odds.computed.index = 7;
    odds.modifiers.push_back("odds capped at 4-1 against a chateau (8.2B)");
  }
  odds.used = OddsColumn{std::max(0, odds.computed.index - std::max(0, attack.odds_reduction))};
  if (attack.odds_reduction > 0)
    odds.modifiers.push_back("odds reduced to " + odds.used.to_string() + " by the attacker (6.2C)");
  return odds;
}

std::vector<Hex> retreat_hexes(const GameState& state, UnitIndex index) {
  std::vector<Hex> hexes;
  const UnitState& unit = state.units[index];
  if (!unit.on_map()) return hexes;
  const Side side = side_of(unit.army);
  for (Hex next : neighbours(unit.hex)) {
    if (!retreat_ground_ok(state, unit, next)) continue;
    if (full_friendly_hex(state, next, side))
      continue;  // 6.6C: only by displacement; 8.1A: never a chateau's
    hexes.push_back(next);
  }
  return hexes;
}

std::optional<Refusal> check_retreat(const GameState& state, const RetreatAction& retreat) {
  if (state.pending_retreats.empty() || state.pending_retreats.front().unit != retreat.unit) {
    return refuse(RefusalCode::WrongPhase, "6.6", "no retreat of that unit is awaited now");
  }
  const PendingRetreat& pending = state.pending_retreats.front();
  const UnitState& unit = state.units[retreat.unit];
  if (retreat.stay) {
    if (!pending.may_stay)
      return refuse(RefusalCode::Malformed, "8.2C", "only a chateau defender may ignore a Dr");
    return std::nullopt;
  }
  if (!retreat.to) return refuse(RefusalCode::Malformed, "6.6", "name the hex to retreat into");
  const auto open = retreat_hexes(state, retreat.unit);
  if (std::find(open.begin(), open.end(), *retreat.to) != open.end()) {
    if (retreat.displace)
      return refuse(RefusalCode::Malformed, "6.6C", "there is room: no unit is displaced");
    return std::nullopt;
  }
  // 6.6C, 6.6D: into a full friendly hex only if nothing else is open, displacing one unit that can
  // itself retreat safely; never out of a chateau (8.1A).
  if (!adjacent(unit.hex, *retreat.to) || !retreat_ground_ok(state, unit, *retreat.to)) {
    return refuse(RefusalCode::ProhibitedTerrain, "6.6A",
                  format_hex(*retreat.to) + " is not an eligible retreat hex");
  }
  if (!open.empty())
    return refuse(RefusalCode::Malformed, "6.6C", "a unit may be displaced only if no other retreat is open");
  if (state.rules->map.terrain(*retreat.to) == HexTerrain::Chateau) {
    return refuse(RefusalCode::Overstacked, "8.1A", "a chateau's defender cannot be displaced");
  }
  if (!retreat.displace || *retreat.displace >= state.units.size() ||
      !state.units[*retreat.displace].on_map() || state.units[*retreat.displace].hex != *retreat.to ||
      side_of(state.units[*retreat.displace].army) != side_of(unit.army)) {
    return refuse(RefusalCode::Malformed, "6.6D",
                  "name the friendly unit in " + format_hex(*retreat.to) + " to displace");
  }
  if (state.units[*retreat.displace].displaced_by_combat == pending.combat) {
    return refuse(RefusalCode::Malformed, "6.6D",
                  state.units[*retreat.displace].id + " was already displaced by this combat");
  }
  if (!can_retreat_safely(state, *retreat.displace, 1)) {
    return refuse(RefusalCode::Malformed, "6.6D",
                  state.units[*retreat.displace].id + " could not retreat safely");
  }
  return std::nullopt;
}

std::optional<Refusal> check_advance(const GameState& state, const AdvanceAction& advance) {
  if (!state.pending_retreats.empty() || !state.pending_advance)
    return refuse(RefusalCode::WrongPhase, "6.7", "no advance is on offer");
  if (!advance.unit) return std::nullopt;  // 6.7A: never forced
  const PendingAdvance& offer = *state.pending_advance;
  if (std::find(offer.candidates.begin(), offer.candidates.end(), *advance.unit) == offer.candidates.end()) {
    return refuse(RefusalCode::NotYourUnit, "6.7",
                  "only a participating, adjacent victorious unit may advance");
  }
  if (!advance.into ||
      std::find(offer.vacated.begin(), offer.vacated.end(), *advance.into) == offer.vacated.end() ||
      !adjacent(state.units[*advance.unit].hex, *advance.into)) {
    return refuse(RefusalCode::NotAdjacent, "6.7B", "advance one hex into a hex the combat vacated");
  }
  return std::nullopt;
}

void resolve_attack(GameState& state, const AttackAction& attack, int die, std::vector<Event>& events) {
  const CombatOdds odds = compute_odds(state, attack);
  const CombatResult result = state.rules->crt.result(odds.used, die);
  const int combat = ++state.combats_this_phase;
  // The event lists adjacent attackers first, then bombarding artillery (its modifiers name them).
  std::vector<UnitIndex> all_attackers = attack.attackers;
  all_attackers.insert(all_attackers.end(), attack.bombarding.begin(), attack.bombarding.end());
  events.push_back(CombatResolvedEvent{combat, all_attackers, attack.defenders, odds, die, result});
  const std::size_t event_at = events.size() - 1;
  // 15.2 exception 1: did this combat demoralize or disintegrate the Prussian or Allied army?
  const auto coalition_broken = [&] {
    constexpr auto prussian = static_cast<std::size_t>(Army::Prussian);
    constexpr auto allied = static_cast<std::size_t>(Army::Allied);
    return std::array<bool, 4>{state.demoralized[prussian], state.demoralized[allied],
                               state.disintegrated[prussian], state.disintegrated[allied]};
  };
  const auto coalition_before = coalition_broken();
  for (UnitIndex u : all_attackers)
    state.units[u].fought = true;
  for (UnitIndex u : attack.defenders)
    state.units[u].fought = true;
  const Side attacker_side = state.phasing;
  const Side defender_side = other(attacker_side);
  const auto attacker_hexes = hexes_of(state, attack.attackers);
  const auto defender_hexes = hexes_of(state, attack.defenders);

  switch (result) {
    case CombatResult::AttackerEliminated:
      for (UnitIndex u : attack.attackers)
        eliminate(state, u, "Ae", events);
      state.pending_advance =
          PendingAdvance{defender_side, attack.defenders, {attacker_hexes.begin(), attacker_hexes.end()}};
      break;
    case CombatResult::AttackerRetreat:
      // 7.1E: bombarding artillery retreats only if its owner elected to.
      for (UnitIndex u : attack.attackers)
        state.pending_retreats.push_back(PendingRetreat{u, combat, false});
      for (UnitIndex u : attack.retreat_on_ar)
        state.pending_retreats.push_back(PendingRetreat{u, combat, false});
      state.pending_advance =
          PendingAdvance{defender_side, attack.defenders, {attacker_hexes.begin(), attacker_hexes.end()}};
      break;
    case CombatResult::Exchange: {
      int lost = 0;
      for (UnitIndex u : attack.defenders) {
        lost += state.units[u].strength();  // 6.5A: current printed strength, no terrain
        eliminate(state, u, "Ex", events);
      }
      // 6.5A: the attacker chooses attackers of at least equal strength; bombarding artillery is
      // immune (7.0). A single legal choice is carried out at once.
      state.pending_exchange = PendingExchange{
          attacker_side, combat, lost, attack.attackers, {defender_hexes.begin(), defender_hexes.end()}};
      if (const auto choices = exchange_loss_choices(state); choices.size() == 1) {
        eliminate_exchange_losses(state, choices.front(), events);
      }
      break;
    }
    case CombatResult::DefenderRetreat:
      for (UnitIndex u : attack.defenders) {
        state.pending_retreats.push_back(PendingRetreat{u, combat, chateau_infantry(state, state.units[u])});
      }
      state.pending_advance =
          PendingAdvance{attacker_side, attack.attackers, {defender_hexes.begin(), defender_hexes.end()}};
      break;
    case CombatResult::DefenderEliminated:
      for (UnitIndex u : attack.defenders)
        eliminate(state, u, "De", events);
      state.pending_advance =
          PendingAdvance{attacker_side, attack.attackers, {defender_hexes.begin(), defender_hexes.end()}};
      break;
  }
  check_morale(state, events);
  if (state.result) state.pending_exchange.reset();  // an instant victory ends the game at once
  if (imperial_guard_setback(state, attack, result, coalition_broken() != coalition_before)) {
    state.demoralization_reduction[static_cast<std::size_t>(Army::French)] += 20;
    std::get<CombatResolvedEvent>(events[event_at])
        .odds.modifiers.push_back(
            "Imperial Guard repulsed: French demoralization level reduced by 20 (15.2)");
    check_morale(state, events);
  }
  settle(state, events);
}

bool imperial_guard_setback(const GameState& state, const AttackAction& attack, CombatResult result,
                            bool coalition_broken) {
  if (!state.rules->optional_rules.imperial_guard || state.phasing != Side::French) return false;
  if (result != CombatResult::AttackerEliminated && result != CombatResult::AttackerRetreat &&
      result != CombatResult::Exchange) {
    return false;
  }
  if (coalition_broken) return false;  // 15.2 exception 1
  return std::any_of(attack.attackers.begin(), attack.attackers.end(), [&](UnitIndex u) {
    const UnitState& unit = state.units[u];
    return unit.army == Army::French && unit.type == UnitType::Infantry && unit.command == "[G]";
  });
}

std::vector<std::vector<UnitIndex>> exchange_loss_choices(const GameState& state) {
  std::vector<std::vector<UnitIndex>> choices;
  if (!state.pending_exchange) return choices;
  const PendingExchange& exchange = *state.pending_exchange;
  const std::vector<UnitIndex>& candidates = exchange.candidates;
  int everything = 0;
  for (UnitIndex u : candidates)
    everything += state.units[u].strength();
  // Too little strength to meet the loss: every attacker goes.
  if (everything < exchange.loss) {
    std::vector<UnitIndex> all = candidates;
    std::sort(all.begin(), all.end());
    choices.push_back(std::move(all));
    return choices;
  }
  // Every attacker is adjacent to every defender (6.1E), so at most 6 hexes of 2 units (5.4).
  const std::size_t n = candidates.size();
  for (std::size_t mask = 0; mask < (std::size_t{1} << n); ++mask) {
    int total = 0;
    int weakest = 1 << 30;
    for (std::size_t i = 0; i < n; ++i) {
      if (!(mask & (std::size_t{1} << i))) continue;
      total += state.units[candidates[i]].strength();
      weakest = std::min(weakest, state.units[candidates[i]].strength());
    }
    // At least the loss, and no unit could be dropped while still meeting it (the empty choice
    // only when nothing is lost).
    if (total < exchange.loss || total - weakest >= exchange.loss) continue;
    std::vector<UnitIndex> choice;
    for (std::size_t i = 0; i < n; ++i)
      if (mask & (std::size_t{1} << i)) choice.push_back(candidates[i]);
    std::sort(choice.begin(), choice.end());
    choices.push_back(std::move(choice));
  }
  return choices;
}

std::optional<Refusal> check_exchange(const GameState& state, const ExchangeLossAction& choice) {
  if (!state.pending_exchange) return refuse(RefusalCode::WrongPhase, "6.5A", "no exchange awaits a choice");
  std::vector<UnitIndex> chosen = choice.units;
  std::sort(chosen.begin(), chosen.end());
  if (std::adjacent_find(chosen.begin(), chosen.end()) != chosen.end())
    return refuse(RefusalCode::UnknownUnit, "6.5A", "a unit is named twice");
  for (UnitIndex u : chosen) {
    if (!contains(state.pending_exchange->candidates, u)) {
      return refuse(RefusalCode::NotYourUnit, "6.5A",
                    (u < state.units.size() ? state.units[u].id : std::string("that unit")) +
                        " is not an adjacent attacker of this exchange");
    }
  }
  const auto choices = exchange_loss_choices(state);
  if (std::find(choices.begin(), choices.end(), chosen) != choices.end()) return std::nullopt;
  int total = 0;
  for (UnitIndex u : chosen)
    total += state.units[u].strength();
  if (total < state.pending_exchange->loss) {
    return refuse(RefusalCode::Malformed, "6.5A",
                  "the attackers chosen total " + std::to_string(total) + "; the defenders lost " +
                      std::to_string(state.pending_exchange->loss));
  }
  return refuse(RefusalCode::Malformed, "6.5A",
                "more attackers than the loss requires: a unit could be left out and still meet " +
                    std::to_string(state.pending_exchange->loss));
}

void resolve_exchange(GameState& state, const ExchangeLossAction& choice, std::vector<Event>& events) {
  eliminate_exchange_losses(state, choice.units, events);
  check_morale(state, events);
  settle(state, events);
}

void resolve_retreat(GameState& state, const RetreatAction& retreat, std::vector<Event>& events) {
  const PendingRetreat pending = state.pending_retreats.front();
  state.pending_retreats.erase(state.pending_retreats.begin());
  UnitState& unit = state.units[retreat.unit];
  if (retreat.stay) {
    events.push_back(UnitStoodFastEvent{retreat.unit});
  } else {
    const Hex from = unit.hex;
    unit.hex = *retreat.to;
    unit.moved = true;  // 6.6C: remembered for a later bombardment of its new hex this phase
    state.control[*retreat.to] = side_of(unit.army);
    events.push_back(UnitRetreatedEvent{retreat.unit, from, *retreat.to, retreat.displace});
    if (retreat.displace) {
      // 6.6D: the displaced unit retreats next; artillery yet to fight may not fire this phase, and
      // no unit is displaced twice by one combat.
      UnitState& displaced = state.units[*retreat.displace];
      if (is_artillery(displaced.type) && !displaced.fought) displaced.may_not_fire = true;
      displaced.displaced_by_combat = pending.combat;
      state.pending_retreats.insert(state.pending_retreats.begin(),
                                    PendingRetreat{*retreat.displace, pending.combat, false});
    }
  }
  settle(state, events);
}

void resolve_advance(GameState& state, const AdvanceAction& advance, std::vector<Event>& events) {
  if (advance.unit) {
    UnitState& unit = state.units[*advance.unit];
    const Hex from = unit.hex;
    unit.hex = *advance.into;
    unit.fought = true;  // 6.7C
    state.control[*advance.into] = side_of(unit.army);
    events.push_back(UnitAdvancedEvent{*advance.unit, from, *advance.into});
  }
  state.pending_advance.reset();
}

}  // namespace hd::engine

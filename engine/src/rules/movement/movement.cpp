#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/scenarios/scenario_rules.hpp>

#include <algorithm>
#include <map>
#include <queue>

namespace hd::engine {
namespace {

bool road_runs_through(const GameMap& map, Hex hex) {
  for (Hex next : neighbours(hex)) {
    const auto side = Hexside::between(hex, next);
    if (map.path(*side) == PathKind::Road) return true;
  }
  return false;
}

}  // namespace

bool zoc_reaches(const Ruleset& rules, Hex from, Hex to) {
  const GameMap& map = rules.map;
  const auto side = Hexside::between(from, to);
  if (!side || map.terrain(to) == HexTerrain::Chateau) return false;
  const auto features = map.hexside(*side);
  if (features.has(HexsideFeature::Lake)) return false;
  if (features.has(HexsideFeature::River) && !features.has(HexsideFeature::Bridge)) return false;
  if (features.has(HexsideFeature::Bridge) && rules.option_chosen("25.0E-2")) return false;
  return true;
}

MoverClass mover_class(UnitType type) {
  return (type == UnitType::Cavalry || type == UnitType::HorseArtillery) ? MoverClass::Mounted
                                                                         : MoverClass::Foot;
}

bool in_enemy_zoc(const GameState& state, Hex hex, Side side) {
  for (const UnitState& unit : state.units) {
    if (!unit.on_map() || side_of(unit.army) == side || distance(unit.hex, hex) != 1) continue;
    if (zoc_reaches(*state.rules, unit.hex, hex)) return true;
  }
  return false;
}

std::optional<int> step_cost(const Ruleset& rules, MoverClass mover, Hex from, Hex to) {
  const auto side = Hexside::between(from, to);
  if (!side) return std::nullopt;
  const auto klass = static_cast<std::size_t>(mover);
  const auto features = rules.map.hexside(*side);
  const bool bridged = features.has(HexsideFeature::Bridge);
  if (features.has(HexsideFeature::River) && !bridged) return std::nullopt;  // 5.2A
  if (features.has(HexsideFeature::Lake)) return std::nullopt;
  // 5.2B: along a road or trail the path's rate replaces the hex's terrain cost.
  const PathKind path = rules.map.path(*side);
  std::optional<int> cost = path != PathKind::None ? rules.terrain.path(path).half_mp[klass]
                                                   : rules.terrain.hex(rules.map.terrain(to)).half_mp[klass];
  if (!cost) return std::nullopt;
  // 5.2A, 5.2C: hexside costs are added; a bridge carries the move over the stream at no cost.
  if (features.has(HexsideFeature::Stream) && !bridged) {
    const auto extra = rules.terrain.hexside(HexsideFeature::Stream).half_mp[klass];
    if (!extra) return std::nullopt;
    *cost += *extra;
  }
  for (HexsideFeature feature : {HexsideFeature::Crest}) {
    if (!features.has(feature)) continue;
    const auto extra = rules.terrain.hexside(feature).half_mp[klass];
    if (!extra) return std::nullopt;
    *cost += *extra;
  }
  return cost;
}

int movement_allowance(const GameState& state, const UnitState& unit) {
  int half_mp = unit.movement * 2;
  // 25.0E-1 French Double Move: Fourth Corps ([4] and its divisions) moves double on 18/1200.
  if (unit.army == Army::French && (unit.command == "[4]" || unit.command.ends_with("/[4]")) &&
      state.current_turn().name == TurnName{18, 1200} && state.rules->option_chosen("25.0E-1")) {
    half_mp *= 2;
  }
  return unit.half_movement_entry && unit.status == UnitStatus::Waiting ? half_mp / 2 : half_mp;
}

int entry_cost(const GameState& state, const UnitState& unit, Hex hex) {
  const Ruleset& rules = *state.rules;
  const auto klass = static_cast<std::size_t>(mover_class(unit.type));
  const bool road = road_runs_through(rules.map, hex);
  const int base = road ? *rules.terrain.path(PathKind::Road).half_mp[klass]
                        : rules.terrain.hex(rules.map.terrain(hex)).half_mp[klass].value_or(2);
  // 5.6A: the column of stacks: each earlier stack (two units, or one for a group entering
  // "unstacked": 18.5C, 19.5D) adds 1 MP, or 1/2 MP on a road.
  const auto entered = state.entries_this_phase.find(hex);
  const int units_before = entered == state.entries_this_phase.end() ? 0 : entered->second;
  const int stacks_before = unit.unstacked_entry ? units_before : units_before / 2;
  return base + stacks_before * (road ? 1 : 2);
}

std::vector<Hex> entry_hexes_now(const GameState& state, const UnitState& unit) {
  const Side side = side_of(unit.army);
  const auto blocked = [&](Hex hex) { return state.enemy_in(hex, side) || in_enemy_zoc(state, hex, side); };
  std::vector<Hex> open;
  for (Hex hex : unit.entry_hexes)
    if (!blocked(hex)) open.push_back(hex);
  if (!open.empty() || unit.entry_hexes.empty()) return open;
  // 5.6D: all blocked: the closest available edge hexes of the playing area.
  const PlayingArea& area = state.rules->scenario.area;
  int best = 1 << 30;
  for (int c = area.first_column; c <= area.last_column; ++c) {
    for (int r = area.first_row; r <= area.last_row; ++r) {
      const Hex hex{c, r};
      if (!area.on_edge(hex) || blocked(hex)) continue;
      int nearest = 1 << 30;
      for (Hex planned : unit.entry_hexes)
        nearest = std::min(nearest, distance(hex, planned));
      if (nearest < best) {
        best = nearest;
        open.clear();
      }
      if (nearest == best) open.push_back(hex);
    }
  }
  return open;
}

bool is_exit_hex(const Ruleset& rules, Army army, Hex hex) {
  // 5.5: units leave the map only at hexes the scenario names: those where it scores exits.
  // The same exit VP lines victory_points() scores: the scenario's and its chosen options'.
  const Side side = side_of(army);
  bool found = false;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    for (const VpRule& rule : forces.vp) {
      found = found || (rule.kind == VpKind::Exit && rule.side == side &&
                        std::find(rule.hexes.begin(), rule.hexes.end(), hex) != rule.hexes.end());
    }
  });
  return found;
}

std::optional<Refusal> check_move(const GameState& state, const MoveRequest& move, int* spent_half) {
  const Ruleset& rules = *state.rules;
  if (state.phase == Phase::GameOver) return refuse(RefusalCode::GameOver, "3.0");
  if (state.phase != Phase::Movement) return refuse(RefusalCode::NotMovementPhase, "4.1");
  if (move.unit >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "5.0");
  const UnitState& unit = state.units[move.unit];
  const Side side = side_of(unit.army);
  if (side != state.phasing) return refuse(RefusalCode::NotPhasingUnit, "5.1");
  if (unit.moved) return refuse(RefusalCode::AlreadyMoved, "5.1C", {RefusalArg::of_unit(move.unit)});
  if (unit.immobile) return refuse(RefusalCode::NotReleased, "19.5C", {RefusalArg::of_unit(move.unit)});
  if (unit.status == UnitStatus::Eliminated || unit.status == UnitStatus::Exited) {
    return refuse(RefusalCode::NotInPlay, "5.5A", {RefusalArg::of_unit(move.unit)});
  }
  if (move.path.empty()) return refuse(RefusalCode::EmptyPath, "5.0");

  const bool night_or_rain = state.current_turn().night || state.current_turn().rain;
  const MoverClass mover = mover_class(unit.type);
  int spent = 0;
  Hex at = unit.hex;
  std::size_t first_step = 0;

  if (unit.status == UnitStatus::Waiting) {
    if (unit.arrival_turn < 0 || state.turn < unit.arrival_turn) {
      return refuse(RefusalCode::NotArrived, "5.6", {RefusalArg::of_unit(move.unit)});
    }
    if (auto refusal = special_entry_refusal(state, move.unit)) return refusal;  // 19.2C
    const Hex entry = move.path.front();
    const auto allowed = entry_hexes_now(state, unit);
    if (std::find(allowed.begin(), allowed.end(), entry) == allowed.end()) {
      return refuse(RefusalCode::BadEntryHex, "5.6D",
                    {RefusalArg::of_hex(entry), RefusalArg::of_unit(move.unit)});
    }
    if (state.enemy_in(entry, side)) return refuse(RefusalCode::EntryHexEnemyHeld, "5.6D");
    if (night_or_rain && in_enemy_zoc(state, entry, side)) {
      return refuse(RefusalCode::ZocAtNightOrRain, "5.3F");
    }
    spent = entry_cost(state, unit, entry);
    at = entry;
    first_step = 1;
    if (in_enemy_zoc(state, entry, side) && move.path.size() > 1) {
      return refuse(RefusalCode::StopInZoc, "5.0");
    }
  } else if (in_enemy_zoc(state, unit.hex, side)) {
    return refuse(RefusalCode::LeaveZoc, "5.3E", {RefusalArg::of_unit(move.unit)});
  }

  for (std::size_t i = first_step; i < move.path.size(); ++i) {
    const Hex next = move.path[i];
    if (!adjacent(at, next))
      return refuse(RefusalCode::NotNeighbours, "5.0", {RefusalArg::of_hex(at), RefusalArg::of_hex(next)});
    if (!rules.scenario.area.contains(next) || !rules.map.bounds().contains(next)) {
      return refuse(RefusalCode::OutOfPlay, "3.2A", {RefusalArg::of_hex(next)});
    }
    if (state.enemy_in(next, side))
      return refuse(RefusalCode::EnemyOccupied, "5.0", {RefusalArg::of_hex(next)});
    const auto cost = step_cost(rules, mover, at, next);
    if (!cost)
      return refuse(RefusalCode::ProhibitedCrossing, "5.2A",
                    {RefusalArg::of_hex(at), RefusalArg::of_hex(next)});
    spent += *cost;
    const bool zoc = in_enemy_zoc(state, next, side);
    if (zoc && night_or_rain) return refuse(RefusalCode::ZocAtNightOrRain, "5.3F");
    if (zoc && i + 1 < move.path.size()) return refuse(RefusalCode::StopInZoc, "5.0");
    at = next;
  }
  if (move.exit_map) {
    if (!is_exit_hex(rules, unit.army, at))
      return refuse(RefusalCode::NotExitHex, "5.5", {RefusalArg::of_hex(at)});
    spent += rules.terrain.hex(rules.map.terrain(at))
                 .half_mp[static_cast<std::size_t>(mover)]
                 .value_or(2);  // 5.5: cost as entering
  }
  if (spent > movement_allowance(state, unit)) {
    return refuse(RefusalCode::NotEnoughMovement, "5.1",
                  {RefusalArg::of_half_mp(spent), RefusalArg::of_unit(move.unit),
                   RefusalArg::of_half_mp(movement_allowance(state, unit))});
  }
  if (spent_half) *spent_half = spent;
  return std::nullopt;
}

std::vector<ReachableHex> reachable_hexes(const GameState& state, UnitIndex index) {
  std::vector<ReachableHex> result;
  if (state.phase != Phase::Movement || index >= state.units.size() || state.units[index].immobile)
    return result;
  const UnitState& unit = state.units[index];
  const Side side = side_of(unit.army);
  if (side != state.phasing || unit.moved) return result;
  const Ruleset& rules = *state.rules;
  const bool night_or_rain = state.current_turn().night || state.current_turn().rain;
  const MoverClass mover = mover_class(unit.type);
  const int allowance = movement_allowance(state, unit);

  // Dijkstra over half MP. A hex in an EZOC can be entered but not left (5.0, 5.3E).
  std::map<Hex, std::pair<int, std::optional<Hex>>> best;  // cost, previous hex (none: first hex)
  using Item = std::pair<int, Hex>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  if (unit.status == UnitStatus::Waiting) {
    if (unit.arrival_turn < 0 || state.turn < unit.arrival_turn) return result;
    if (special_entry_refusal(state, index)) return result;  // 19.2C
    for (Hex entry : entry_hexes_now(state, unit)) {
      if (night_or_rain && in_enemy_zoc(state, entry, side)) continue;
      const int cost = entry_cost(state, unit, entry);
      if (cost > allowance) continue;
      if (!best.count(entry) || cost < best[entry].first) {
        best[entry] = {cost, std::nullopt};
        queue.push({cost, entry});
      }
    }
  } else if (unit.on_map()) {
    if (in_enemy_zoc(state, unit.hex, side)) return result;
    best[unit.hex] = {0, std::nullopt};
    queue.push({0, unit.hex});
  } else {
    return result;
  }
  while (!queue.empty()) {
    const auto [cost, hex] = queue.top();
    queue.pop();
    if (cost != best[hex].first) continue;
    const bool starting_hex = unit.on_map() && hex == unit.hex;
    if (!starting_hex && in_enemy_zoc(state, hex, side)) continue;  // stops here
    for (Hex next : neighbours(hex)) {
      if (!rules.scenario.area.contains(next) || !rules.map.bounds().contains(next) ||
          state.enemy_in(next, side))
        continue;
      const auto step = step_cost(rules, mover, hex, next);
      if (!step || cost + *step > allowance) continue;
      if (night_or_rain && in_enemy_zoc(state, next, side)) continue;
      const int total = cost + *step;
      const auto found = best.find(next);
      if (found == best.end() || total < found->second.first) {
        best[next] = {total, hex};
        queue.push({total, next});
      }
    }
  }
  for (const auto& [hex, entry] : best) {
    if (unit.on_map() && hex == unit.hex) continue;
    ReachableHex reach{hex, entry.first, {}, false};
    for (std::optional<Hex> at = hex; at; at = best[*at].second) {
      if (unit.on_map() && *at == unit.hex) break;
      reach.path.push_back(*at);
    }
    std::reverse(reach.path.begin(), reach.path.end());
    const int exit_cost =
        rules.terrain.hex(rules.map.terrain(hex)).half_mp[static_cast<std::size_t>(mover)].value_or(2);
    reach.can_exit = is_exit_hex(rules, unit.army, hex) && entry.first + exit_cost <= allowance;
    result.push_back(std::move(reach));
  }
  return result;
}

}  // namespace hd::engine

#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/state/stacking.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>

namespace hd::engine {
namespace {

// The best path (road over trail) along any hexside of `hex`: the path "runs through" it.
PathKind best_path_through(const GameMap& map, Hex hex) {
  PathKind best = PathKind::None;
  for (Hex next : neighbours(hex)) {
    const auto side = Hexside::between(hex, next);
    const PathKind kind = map.path(*side);
    if (static_cast<int>(kind) > static_cast<int>(best)) best = kind;
  }
  return best;
}

// What one unit's move is checked against, fixed for the whole move (5.0-5.6).
struct Mover {
  const GameState& state;
  UnitIndex index;
  const UnitState& unit;
  Side side;
  MoverClass mover;
  bool night_or_rain;  // 5.3F
  bool leader;         // 10.1D replaces 5.0, 5.3E and 5.3F's EZOC rules
  UnitTerms terms;     // the rules' changes: 11.3A's EZOC bar (leaders included), 13.2's terrain
  bool supply_trains;  // 16.17: the game has supply trains (their stacking is checked at each step)
};

Mover mover_of(const GameState& state, UnitIndex index) {
  const UnitState& unit = state.units[index];
  return Mover{state,
               index,
               unit,
               side_of(unit.army),
               mover_class(unit.type),
               state.current_turn().night || raining(state),  // 4.2, 4.3
               unit.is_leader(),
               rules_unit_terms(state, unit),
               std::any_of(state.units.begin(), state.units.end(),
                           [](const UnitState& u) { return u.is_supply_train(); })};
}

// Whether the unit may begin a move now at all (4.1, 5.1, 5.1C, 5.5A, 5.6, 5.3E, and the rules'
// own: 19.2C, 19.5C).
std::optional<Refusal> start_refusal(const GameState& state, UnitIndex index) {
  if (state.phase == Phase::GameOver) return refuse(RefusalCode::GameOver, "3.0");
  if (state.phase != Phase::Movement) return refuse(RefusalCode::NotMovementPhase, "4.1");
  if (index >= state.units.size()) return refuse(RefusalCode::NoSuchUnit, "5.0");
  const RefusalArg who = RefusalArg::of_unit(index);
  const UnitState& unit = state.units[index];
  const Side side = side_of(unit.army);
  if (side != state.phasing) return refuse(RefusalCode::NotPhasingUnit, "5.1");
  if (unit.moved) return refuse(RefusalCode::AlreadyMoved, "5.1C", {who});
  if (unit.status == UnitStatus::Eliminated || unit.status == UnitStatus::Exited)
    return refuse(RefusalCode::NotInPlay, "5.5A", {who});
  if (unit.status == UnitStatus::Withdrawn) {  // the rule that withdrew it says why (24.4D, 27.2D)
    if (auto refusal = rules_unit_refusal(state, UnitAct::BeginMove, index)) return refusal;
    return refuse(RefusalCode::NotInPlay, "3.1", {who});
  }
  if (unit.status == UnitStatus::Hidden)  // 16.6B: its pair's markers move for it
    return refuse_by_rule("16.6B", "held-hidden",
                          "{0} is held under a hidden movement marker: it does not move", {who});
  if (unit.status == UnitStatus::Waiting) {
    if (unit.arrival_turn < 0 || state.turn < unit.arrival_turn)
      return refuse(RefusalCode::NotArrived, "5.6", {who});
    return rules_unit_refusal(state, UnitAct::BeginMove, index);  // 19.2C
  }
  if (auto refusal = rules_unit_refusal(state, UnitAct::BeginMove, index)) return refusal;  // 19.5C
  // 10.1D: a leader in an EZOC (always with a friendly combat unit: 10.1E) leaves it freely.
  if (!unit.is_leader() && in_enemy_zoc(state, unit.hex, side))
    return refuse(RefusalCode::LeaveZoc, "5.3E", {who});
  return std::nullopt;
}

// 5.3F: no unit enters an enemy zone of control at night or in rain. 10.1D: a leader enters one
// only where a friendly combat unit is, by night or day.
// 11.3A: an out-of-command unit or leader enters no enemy zone of control.
std::optional<Refusal> night_zoc_refusal(const Mover& m, Hex hex) {
  if (m.terms.zoc_entry_barred && m.unit.is_supply_train() && in_enemy_zoc(m.state, hex, m.side))
    return refuse_by_rule("16.17A", "supply-train-enters-zoc",
                          "a supply train enters no enemy zone of control: {0}", {RefusalArg::of_hex(hex)});
  if (m.terms.zoc_entry_barred && in_enemy_zoc(m.state, hex, m.side))
    return refuse(RefusalCode::OocEntersZoc, "11.3A",
                  {RefusalArg::of_unit(m.index), RefusalArg::of_hex(hex)});
  if (m.leader) {
    if (leader_may_enter(m.state, hex, m.side)) return std::nullopt;
    return refuse(RefusalCode::LeaderEntersZoc, "10.1D", {RefusalArg::of_hex(hex)});
  }
  if (m.night_or_rain && in_enemy_zoc(m.state, hex, m.side))
    return refuse(RefusalCode::ZocAtNightOrRain, "5.3F");
  return std::nullopt;
}

// 16.17B: true if the mover may not enter `hex` for a supply train: the hex holds a train (no unit
// moves through one), or the mover is a train and the hex holds any unit or leader (it stacks with
// nothing). Enemy-held hexes are refused before this.
bool supply_train_blocks(const Mover& m, Hex hex) {
  if (!m.supply_trains) return false;
  for (const UnitState& other : m.state.units) {
    if (!other.on_map() || other.hex != hex || &other == &m.unit) continue;
    if (other.is_supply_train() || m.unit.is_supply_train()) return true;
  }
  return false;
}

// 16.17B: the refusal of a step into `hex` that a supply train blocks.
Refusal supply_train_refusal(Hex hex) {
  return refuse_by_rule("16.17B", "supply-train-stacks-alone",
                        "a supply train stacks with no other unit and no unit moves through it: {0}",
                        {RefusalArg::of_hex(hex)});
}

// A reinforcement's first hex (5.6, 5.6D): its cost in half MP, or why it may not enter there.
std::optional<Refusal> enter(const Mover& m, Hex entry, int& cost) {
  const auto allowed = entry_hexes_now(m.state, m.unit);
  if (std::find(allowed.begin(), allowed.end(), entry) == allowed.end()) {
    return refuse(RefusalCode::BadEntryHex, "5.6D",
                  {RefusalArg::of_hex(entry), RefusalArg::of_unit(m.index)});
  }
  if (m.state.enemy_in(entry, m.side)) return refuse(RefusalCode::EntryHexEnemyHeld, "5.6D");
  if (auto refusal = rules_hex_closed(m.state, m.unit, entry)) return refusal;  // 16.6B
  if (supply_train_blocks(m, entry)) return supply_train_refusal(entry);
  if (auto refusal = night_zoc_refusal(m, entry)) return refusal;
  cost = entry_cost(m.state, m.unit, entry);
  return std::nullopt;
}

// Why a step may not be taken (kept apart from the refusal's text: the search tries many steps).
enum class Block : std::uint8_t {
  None,
  NotNeighbour,
  OutOfPlay,
  Enemy,
  Terrain,
  NightZoc,
  SupplyTrain,
  OffRoad,
  Closed
};

// One step of a move from `at` into `next` (5.0-5.3, 3.2A): its cost in half MP, or what blocks it.
Block step(const Mover& m, Hex at, Hex next, int& cost) {
  const Ruleset& rules = *m.state.rules;
  if (!adjacent(at, next)) return Block::NotNeighbour;
  if (!rules.scenario.area.contains(next) || !rules.map.bounds().contains(next)) return Block::OutOfPlay;
  if (m.state.enemy_in(next, m.side)) return Block::Enemy;
  // 10.1E: lone enemy leaders do not block combat units; a leader keeps out of their hex.
  if (m.leader && !m.state.leaders_at(next).empty() &&
      side_of(m.state.units[m.state.leaders_at(next).front()].army) != m.side)
    return Block::Enemy;
  if (supply_train_blocks(m, next)) return Block::SupplyTrain;        // 16.17B
  if (rules_hex_closed(m.state, m.unit, next)) return Block::Closed;  // 16.6B
  const auto stepped = step_cost(rules, m.mover, at, next);
  if (!stepped) return Block::Terrain;
  // 16.17A: a supply train moves only along roads and trails.
  if (m.terms.roads_only && rules.map.path(*Hexside::between(at, next)) == PathKind::None)
    return Block::OffRoad;
  if (m.leader ? !leader_may_enter(m.state, next, m.side)
               : m.night_or_rain && in_enemy_zoc(m.state, next, m.side))
    return Block::NightZoc;
  if (m.terms.zoc_entry_barred && in_enemy_zoc(m.state, next, m.side)) return Block::NightZoc;  // 11.3A
  cost = *stepped;
  // 13.2: off a road or trail, the rules may change what this unit pays for the hex's own terrain.
  if (rules.map.path(*Hexside::between(at, next)) == PathKind::None) {
    const HexTerrain terrain = rules.map.terrain(next);
    if (const auto base = rules.terrain.hex(terrain).half_mp[static_cast<std::size_t>(m.mover)])
      cost += std::max(*base, m.terms.terrain_half_mp_at_least[static_cast<std::size_t>(terrain)]) - *base;
  }
  return Block::None;
}

Refusal step_refusal(Block block, const Mover& m, Hex at, Hex next) {
  switch (block) {
    case Block::NotNeighbour:
      return refuse(RefusalCode::NotNeighbours, "5.0", {RefusalArg::of_hex(at), RefusalArg::of_hex(next)});
    case Block::OutOfPlay:
      return refuse(RefusalCode::OutOfPlay, "3.2A", {RefusalArg::of_hex(next)});
    case Block::Enemy:
      return refuse(RefusalCode::EnemyOccupied, "5.0", {RefusalArg::of_hex(next)});
    case Block::Terrain:
      return refuse(RefusalCode::ProhibitedCrossing, "5.2A",
                    {RefusalArg::of_hex(at), RefusalArg::of_hex(next)});
    case Block::SupplyTrain:
      return supply_train_refusal(next);
    case Block::Closed:
      return *rules_hex_closed(m.state, m.unit, next);
    case Block::OffRoad:
      return refuse_by_rule("16.17A", "supply-train-off-road",
                            "a supply train moves only along roads and trails, not from {0} to {1}",
                            {RefusalArg::of_hex(at), RefusalArg::of_hex(next)});
    case Block::NightZoc:
    case Block::None:
      break;
  }
  return *night_zoc_refusal(m, next);
}

// 5.0: a unit stops on entering an enemy zone of control (the hex it starts in was checked by 5.3E).
// 10.1D: a leader enters only EZOC hexes a friendly combat unit holds, and leaves them freely.
bool stops_in(const Mover& m, Hex hex) {
  return !m.leader && in_enemy_zoc(m.state, hex, m.side);
}

}  // namespace

bool zoc_reaches(const Ruleset& rules, Hex from, Hex to) {
  const GameMap& map = rules.map;
  const auto side = Hexside::between(from, to);
  if (!side || map.terrain(to) == HexTerrain::Chateau) return false;
  const auto features = map.hexside(*side);
  if (features.has(HexsideFeature::Lake)) return false;
  if (features.has(HexsideFeature::River) && !features.has(HexsideFeature::Bridge)) return false;
  return !rules_block_zoc(rules, from, to);  // 25.0E-2
}

MoverClass mover_class(UnitType type) {
  // 10.1C: leaders pay costs as cavalry.
  return (type == UnitType::Cavalry || type == UnitType::HorseArtillery || type == UnitType::Leader)
             ? MoverClass::Mounted
             : MoverClass::Foot;
}

bool in_enemy_zoc(const GameState& state, Hex hex, Side side) {
  for (const UnitState& unit : state.units) {
    // 10.1E: leaders project no ZOC; 16.17C: nor does a supply train.
    if (!unit.on_map() || !unit.projects_zoc() || side_of(unit.army) == side || distance(unit.hex, hex) != 1)
      continue;
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
  const int half_mp = rules_unit_terms(state, unit).allowance_half_mp;  // 10.1C, 25.0E-1
  return unit.half_movement_entry && unit.status == UnitStatus::Waiting ? half_mp / 2 : half_mp;
}

int entry_cost(const GameState& state, const UnitState& unit, Hex hex) {
  const Ruleset& rules = *state.rules;
  const auto klass = static_cast<std::size_t>(mover_class(unit.type));
  const bool road = best_path_through(rules.map, hex) == PathKind::Road;
  const HexTerrain terrain = rules.map.terrain(hex);
  const int base = road ? *rules.terrain.path(PathKind::Road).half_mp[klass]
                        : std::max(rules.terrain.hex(terrain).half_mp[klass].value_or(2),
                                   rules_unit_terms(state, unit)
                                       .terrain_half_mp_at_least[static_cast<std::size_t>(terrain)]);  // 13.2
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

int exit_cost(const Ruleset& rules, MoverClass mover, Hex hex) {
  const auto klass = static_cast<std::size_t>(mover);
  // 5.5: the cost to enter the edge hex, at the road or trail rate where a path runs through it.
  int cost = rules.terrain.hex(rules.map.terrain(hex)).half_mp[klass].value_or(2);
  const PathKind path = best_path_through(rules.map, hex);
  if (path != PathKind::None) {
    if (const auto rate = rules.terrain.path(path).half_mp[klass]) cost = std::min(cost, *rate);
  }
  return cost;
}

std::optional<Refusal> end_of_move_refusal(const GameState& state, UnitIndex index, Hex end) {
  const UnitState& unit = state.units[index];
  if (unit.is_leader()) return std::nullopt;  // 10.1B
  const Side side = side_of(unit.army);
  // The friends that must stay (16.1B: counted by kind), with the mover; those that may still move
  // away are left out.
  Stack staying;
  add_to_stack(*state.rules, unit, staying);
  for (UnitIndex other : state.units_at(end)) {
    if (other != index && side_of(state.units[other].army) == side && start_refusal(state, other))
      add_to_stack(*state.rules, state.units[other], staying);  // not its reach: that would recurse here
  }
  if (stack_fits(state.rules->map, end, staying)) return std::nullopt;
  const bool chateau = state.rules->map.terrain(end) == HexTerrain::Chateau;
  Stack with_mover = friendly_stack(state, end, side, index);
  add_to_stack(*state.rules, unit, with_mover);
  return refuse(RefusalCode::Overstacked, chateau ? "8.1A" : "5.4",
                {RefusalArg::of_hex(end), RefusalArg::of_number(with_mover.total()),
                 RefusalArg::of_number(stack_limit_for(state.rules->map, end, with_mover))});
}

namespace {

// The first `hexes` hexes of `move`'s path walked as a move goes (5.6 entering, 5.1-5.3 each step, no
// stop in an enemy ZOC short of the path's end): their cost in half MP, or the refusal of the first
// hex the rules forbid. check_move() walks the whole path; path_cost() the part of a checked move a
// rule cut short (16.6C).
std::variant<int, Refusal> walk_path(const Mover& m, const MoveRequest& move, std::size_t hexes) {
  int spent = 0;
  Hex at = m.unit.hex;
  for (std::size_t i = 0; i < hexes && i < move.path.size(); ++i) {
    const Hex next = move.path[i];
    int cost = 0;
    if (i == 0 && m.unit.status == UnitStatus::Waiting) {
      if (auto refusal = enter(m, next, cost)) return *refusal;
    } else if (const Block block = step(m, at, next, cost); block != Block::None) {
      return step_refusal(block, m, at, next);
    }
    spent += cost;
    if (stops_in(m, next) && i + 1 < move.path.size()) return refuse(RefusalCode::StopInZoc, "5.0");
    at = next;
  }
  return spent;
}

}  // namespace

std::optional<Refusal> check_move(const GameState& state, const MoveRequest& move, int* spent_half) {
  if (auto refusal = start_refusal(state, move.unit)) return refusal;
  if (move.path.empty()) return refuse(RefusalCode::EmptyPath, "5.0");
  const Mover m = mover_of(state, move.unit);
  const auto walked = walk_path(m, move, move.path.size());
  if (const auto* refusal = std::get_if<Refusal>(&walked)) return *refusal;
  int spent = std::get<int>(walked);
  const Hex at = move.path.back();
  if (move.exit_map) {
    if (!is_exit_hex(*state.rules, m.unit.army, at))
      return refuse(RefusalCode::NotExitHex, "5.5", {RefusalArg::of_hex(at)});
    spent += exit_cost(*state.rules, m.mover, at);
  }
  if (!move.exit_map) {
    if (auto refusal = end_of_move_refusal(state, move.unit, at)) return refusal;  // 5.4, 8.1A
  }
  const int allowance = movement_allowance(state, m.unit);
  if (spent > allowance) {
    return refuse(
        RefusalCode::NotEnoughMovement, "5.1",
        {RefusalArg::of_half_mp(spent), RefusalArg::of_unit(m.index), RefusalArg::of_half_mp(allowance)});
  }
  if (spent_half) *spent_half = spent;
  return std::nullopt;
}

int path_cost(const GameState& state, const MoveRequest& move, std::size_t hexes) {
  const auto walked = walk_path(mover_of(state, move.unit), move, hexes);
  return std::holds_alternative<int>(walked) ? std::get<int>(walked) : 0;
}

std::optional<Refusal> check_group_path(const GameState& state, const std::vector<UnitIndex>& units,
                                        Hex start, const std::vector<Hex>& path, int* spent_half) {
  if (units.empty()) return refuse(RefusalCode::NoSuchUnit, "5.0");
  if (path.empty()) return refuse(RefusalCode::EmptyPath, "5.0");
  std::vector<Mover> movers;
  int allowance = 1 << 30;
  for (UnitIndex index : units) {
    movers.push_back(mover_of(state, index));
    allowance = std::min(allowance, movement_allowance(state, state.units[index]));
  }
  int spent = 0;
  Hex at = start;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const Hex next = path[i];
    int highest = 0;
    for (const Mover& m : movers) {
      int cost = 0;
      if (const Block block = step(m, at, next, cost); block != Block::None)
        return step_refusal(block, m, at, next);
      highest = std::max(highest, cost);
    }
    spent += highest;
    const bool stops =
        std::any_of(movers.begin(), movers.end(), [&](const Mover& m) { return stops_in(m, next); });
    if (stops && i + 1 < path.size()) return refuse(RefusalCode::StopInZoc, "5.0");
    at = next;
  }
  if (spent > allowance)
    return refuse(RefusalCode::NotEnoughMovement, "5.1",
                  {RefusalArg::of_half_mp(spent), RefusalArg::of_unit(units.front()),
                   RefusalArg::of_half_mp(allowance)});
  if (spent_half) *spent_half = spent;
  return std::nullopt;
}

std::vector<ReachableHex> reachable_hexes(const GameState& state, UnitIndex index) {
  std::vector<ReachableHex> result;
  if (start_refusal(state, index)) return result;
  const Mover m = mover_of(state, index);
  const int allowance = movement_allowance(state, m.unit);
  const bool on_map = m.unit.on_map();

  // Dijkstra over half MP with the steps check_move takes. A hex in an EZOC can be entered but not
  // left (5.0); the start hex was checked by start_refusal (5.3E). The best costs are kept in a
  // grid of the map's hexes, column by column (a std::map cost a fifth of the search, issue 15);
  // a hex off the map is never entered.
  const GridBounds bounds = state.rules->map.bounds();
  const auto slot = [&](Hex hex) {
    return static_cast<std::size_t>((hex.column - 1) * bounds.rows + (hex.row - 1));
  };
  constexpr int kUnreached = std::numeric_limits<int>::max();
  constexpr std::size_t kNoHex = std::numeric_limits<std::size_t>::max();
  struct Best {
    int cost = kUnreached;
    std::size_t from = kNoHex;  // the previous hex's slot; none for a first hex
  };
  std::vector<Best> best(static_cast<std::size_t>(bounds.columns) * static_cast<std::size_t>(bounds.rows));
  const auto hex_at = [&](std::size_t at) {
    return Hex{static_cast<int>(at) / bounds.rows + 1, static_cast<int>(at) % bounds.rows + 1};
  };
  using Item = std::pair<int, Hex>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  const auto reach = [&](Hex hex, int total, std::size_t from) {
    if (total > allowance || !bounds.contains(hex)) return;
    Best& known = best[slot(hex)];
    if (total >= known.cost) return;
    known = {total, from};
    queue.push({total, hex});
  };
  if (on_map) {
    reach(m.unit.hex, 0, kNoHex);
  } else {
    for (Hex entry : entry_hexes_now(state, m.unit)) {
      int cost = 0;
      if (!enter(m, entry, cost)) reach(entry, cost, kNoHex);
    }
  }
  while (!queue.empty()) {
    const auto [cost, hex] = queue.top();
    queue.pop();
    if (cost != best[slot(hex)].cost) continue;
    if (!(on_map && hex == m.unit.hex) && stops_in(m, hex)) continue;
    for (Hex next : neighbours(hex)) {
      int step_half = 0;
      if (step(m, hex, next, step_half) == Block::None) reach(next, cost + step_half, slot(hex));
    }
  }
  // The hexes in order, column then row.
  const std::size_t start = on_map ? slot(m.unit.hex) : kNoHex;
  for (std::size_t at = 0; at < best.size(); ++at) {
    if (best[at].cost == kUnreached || at == start) continue;
    const Hex hex = hex_at(at);
    ReachableHex reached{hex, best[at].cost, {}, false};
    for (std::size_t on = at; on != kNoHex && on != start; on = best[on].from)
      reached.path.push_back(hex_at(on));
    std::reverse(reached.path.begin(), reached.path.end());
    reached.can_exit = is_exit_hex(*state.rules, m.unit.army, hex) &&
                       best[at].cost + exit_cost(*state.rules, m.mover, hex) <= allowance;
    reached.can_stop = !end_of_move_refusal(state, index, hex);  // 5.4, 8.1A
    if (!reached.can_stop && !reached.can_exit) continue;
    result.push_back(std::move(reached));
  }
  return result;
}

}  // namespace hd::engine

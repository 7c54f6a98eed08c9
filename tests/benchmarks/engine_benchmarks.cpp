// Engine speed on the real map and scenarios: reachable hexes, line of sight, a player turn of the
// random player, a whole game, the state hash, the supply lines of the campaign's armies (14.0), the
// command structure of a whole side (11.0), 16.3's observation of a whole board. Figures go to
// docs/performance.md.
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/fields_of_view.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <benchmark/benchmark.h>
#include <memory>
#include <optional>
#include <stdexcept>

using namespace hd::engine;

namespace {

// The campaign, by the book, is the largest map and armies the engine handles.
// `allow_missing`: a scenario still waiting for rule modules (the Campaign Variant), marked not by the
// book, as a development server plays it.
GameState new_game(const std::string& scenario, bool allow_missing = false) {
  auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                              {scenario, {}, {}, std::nullopt, allow_missing});
  if (!game.value) throw std::runtime_error("cannot start " + scenario);
  return std::move(*game.value);
}

// Plays random actions until a movement phase of turn `turn` begins (through any set-up).
void play_until(GameState& state, int turn, SplitMix64& random, SplitMix64& dice) {
  while (state.phase != Phase::GameOver && !(state.turn == turn && state.phase == Phase::Movement)) {
    const Side side = pending_decision(state).side;
    apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
  }
}

// The cheapest paths for a cavalry unit on the campaign map, in the first movement phase (after the
// set-up): the phasing side's cavalry unit that reaches the most hexes.
void BM_ReachableHexesCavalry(benchmark::State& bench) {
  GameState state = new_game("campaign");
  SplitMix64 random(1), dice(2);
  play_until(state, 0, random, dice);
  std::optional<UnitIndex> cavalry;
  std::size_t most = 0;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (!unit.on_map() || unit.type != UnitType::Cavalry || side_of(unit.army) != state.phasing) continue;
    const std::size_t reach = reachable_hexes(state, static_cast<UnitIndex>(i)).size();
    if (reach > most) {
      most = reach;
      cavalry = static_cast<UnitIndex>(i);
    }
  }
  // The workload must be real: a cavalry unit that can move somewhere (50 hexes at least).
  if (!cavalry || most < 50) return bench.SkipWithError("no phasing cavalry unit reaches 50 hexes");
  std::size_t hexes = 0;
  for (auto _ : bench) {
    const auto reach = reachable_hexes(state, *cavalry);
    hexes = reach.size();
    benchmark::DoNotOptimize(reach);
  }
  if (hexes != most) bench.SkipWithError("reachable hexes changed between runs");
  bench.counters["hexes"] = static_cast<double>(hexes);
}
BENCHMARK(BM_ReachableHexesCavalry);

// Line of sight between every hex and the hexes two and three away, across the whole map.
void BM_LineOfSightWholeMap(benchmark::State& bench) {
  GameState state = new_game("campaign");
  const Ruleset& rules = *state.rules;
  std::vector<std::pair<Hex, Hex>> pairs;
  for (int c = 1; c <= 57; c += 2)
    for (int r = 1; r <= 67; r += 2)
      for (int dc = -3; dc <= 3; ++dc)
        for (int dr = -3; dr <= 3; ++dr) {
          const Hex a{c, r};
          const Hex b{c + dc, r + dr};
          if (rules.map.bounds().contains(b) && distance(a, b) >= 2 && distance(a, b) <= 3)
            pairs.emplace_back(a, b);
        }
  if (pairs.size() < 20000) return bench.SkipWithError("too few hex pairs on the map");
  for (auto _ : bench) {
    int clear = 0;
    for (const auto& [a, b] : pairs)
      clear += line_of_sight_clear(rules, a, b) ? 1 : 0;
    benchmark::DoNotOptimize(clear);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations() * pairs.size()));
}
BENCHMARK(BM_LineOfSightWholeMap);

// One whole player turn (movement and combat) of the random player in La Belle Alliance, turn 3.
void BM_RandomPlayerTurn(benchmark::State& bench) {
  SplitMix64 random(11), dice(12);
  GameState start = new_game("la-belle-alliance");
  play_until(start, 2, random, dice);
  if (start.phase != Phase::Movement || start.turn != 2) return bench.SkipWithError("turn 3 not reached");
  std::int64_t actions = 0;
  for (auto _ : bench) {
    GameState state = start;
    const Side side = state.phasing;
    SplitMix64 r(13), d(14);
    while (state.phase != Phase::GameOver && state.phasing == side) {
      apply(state, pending_decision(state).side, choose_random_action(state, r), [&] { return d.die(); });
      ++actions;
    }
  }
  if (actions < 2 * static_cast<std::int64_t>(bench.iterations()))
    return bench.SkipWithError("the player turn took fewer than two actions");
  bench.SetItemsProcessed(actions);
}
BENCHMARK(BM_RandomPlayerTurn);

// Everything the phasing side may do at the start of La Belle Alliance's turn 3 (legal_actions).
void BM_LegalActionsMovement(benchmark::State& bench) {
  SplitMix64 random(11), dice(12);
  GameState state = new_game("la-belle-alliance");
  play_until(state, 2, random, dice);
  std::size_t count = 0;
  for (auto _ : bench) {
    const auto actions = legal_actions(state, state.phasing);
    count = actions.size();
    benchmark::DoNotOptimize(actions);
  }
  if (count < 100) return bench.SkipWithError("fewer than 100 legal actions: nothing measured");
  bench.counters["actions"] = static_cast<double>(count);
}
BENCHMARK(BM_LegalActionsMovement);

// A whole game of Quatre Bras, of the Campaign and of the Campaign Variant (16.14's HQs, 16.17's trains;
// not yet by the book) played by the random player for both sides.
void BM_WholeGame(benchmark::State& bench, const std::string& scenario, bool allow_missing) {
  const GameState start = new_game(scenario, allow_missing);
  std::int64_t actions = 0;
  std::uint64_t seed = 1;
  for (auto _ : bench) {
    GameState state = start;
    SplitMix64 random(seed), dice(seed + 1000);
    ++seed;
    while (state.phase != Phase::GameOver) {
      apply(state, pending_decision(state).side, choose_random_action(state, random),
            [&] { return dice.die(); });
      ++actions;
    }
  }
  if (actions < 50 * static_cast<std::int64_t>(bench.iterations()))
    return bench.SkipWithError("a whole game took fewer than 50 actions");
  bench.SetItemsProcessed(actions);
}
BENCHMARK_CAPTURE(BM_WholeGame, quatre_bras, std::string("quatre-bras"), false)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_WholeGame, campaign, std::string("campaign"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_WholeGame, campaign_variant, std::string("campaign-variant"), true)
    ->Unit(benchmark::kMillisecond);

void BM_StateHash(benchmark::State& bench) {
  const GameState state = new_game("campaign");
  if (state.units.size() < 100) return bench.SkipWithError("the campaign has fewer than 100 units");
  for (auto _ : bench)
    benchmark::DoNotOptimize(state_hash(state));
}
BENCHMARK(BM_StateHash);

}  // namespace

// 14.0: the daily check's work, for all three armies of the campaign in its opening position: one
// road-and-trail network per army and a line for every combat unit on the map.
void BM_SupplyAllArmies(benchmark::State& bench) {
  GameState state = new_game("campaign");
  SplitMix64 random(1), dice(2);
  play_until(state, 0, random, dice);
  std::size_t units = 0;
  for (const UnitState& unit : state.units)
    units += unit.on_map() ? 1 : 0;
  // The workload must be real: the campaign's opening armies (over 100 units on the map).
  if (units < 100) return bench.SkipWithError("fewer than 100 units on the map");
  std::size_t traced = 0, supplied = 0, visited = 0;
  for (auto _ : bench) {
    traced = supplied = visited = 0;
    for (Army army : {Army::French, Army::Prussian, Army::Allied}) {
      const SupplyNetwork network(state, army);
      visited += network.visited();
      for (std::size_t i = 0; i < state.units.size(); ++i) {
        if (!state.units[i].on_map() || state.units[i].army != army) continue;
        ++traced;
        supplied += in_supply(state, network, static_cast<UnitIndex>(i)) ? 1 : 0;
      }
    }
    benchmark::DoNotOptimize(supplied);
  }
  // Every unit traced, most in supply at the start, and the networks reach far along the roads.
  if (traced != units || supplied * 2 < units || visited < 300)
    bench.SkipWithError("the supply workload is not the campaign's armies");
  bench.counters["units"] = static_cast<double>(traced);
  bench.counters["in_supply"] = static_cast<double>(supplied);
  bench.counters["network_hexes"] = static_cast<double>(visited);
}
BENCHMARK(BM_SupplyAllArmies);

// 11.0-11.2: the command segment's work for a whole side: the Coalition's command structure (both
// armies' commanders and officers, their traced ranges and the two capacity matchings) in the
// Campaign's first Coalition movement phase.
void BM_CommandWholeSide(benchmark::State& bench) {
  GameState state = new_game("campaign");
  SplitMix64 random(1), dice(2);
  play_until(state, 0, random, dice);
  while (state.phase != Phase::GameOver &&
         !(state.phasing == Side::Coalition && state.phase == Phase::Movement)) {
    const Side side = pending_decision(state).side;
    apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
  }
  std::size_t leaders = 0, units = 0;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && side_of(unit.army) == Side::Coalition) (unit.is_leader() ? leaders : units) += 1;
  // The workload must be real: both Coalition armies' leaders and units on the map.
  if (leaders < 8 || units < 50) return bench.SkipWithError("too few Coalition leaders or units on the map");
  std::size_t links = 0, in_command = 0;
  for (auto _ : bench) {
    const CommandStructure structure = trace_command(state, Side::Coalition);
    links = structure.links.size();
    in_command =
        static_cast<std::size_t>(std::count(structure.in_command.begin(), structure.in_command.end(), true));
    benchmark::DoNotOptimize(links);
  }
  if (links < 20) bench.SkipWithError("fewer than 20 command links: the structure is not the Coalition's");
  bench.counters["leaders"] = static_cast<double>(leaders);
  bench.counters["units"] = static_cast<double>(units);
  bench.counters["links"] = static_cast<double>(links);
  bench.counters["in_command"] = static_cast<double>(in_command);
}
BENCHMARK(BM_CommandWholeSide);

// 16.3: judging observation for both sides on a full board (the work 16.3's module does after every
// action, before the moves' hexes): the Campaign at its 17/0900 movement phase (daylight: 10 hexes),
// after random play, with 16.3 put in force. Counters: the pieces on the map and the enemy pieces observed.
void BM_ObservationWholeBoard(benchmark::State& bench) {
  GameState state = new_game("campaign");
  SplitMix64 random(1), dice(2);
  const int turn = state.rules->turn_index({17, 900});
  play_until(state, turn, random, dice);
  if (state.turn != turn) return bench.SkipWithError("the game ended before 17/0900");
  auto rules = std::make_shared<Ruleset>(*state.rules);
  rules->optional_rules.push_back("16.3");
  resolve_rule_modules(*rules);
  state.rules = rules;
  std::size_t on_map = 0;
  for (const UnitState& unit : state.units)
    on_map += unit.on_map();
  // The workload must be real: both sides' armies on the map, and some of each observed.
  if (on_map < 100) return bench.SkipWithError("fewer than 100 pieces on the map");
  std::size_t observed = 0;
  for (auto _ : bench) {
    update_knowledge(state, {});
    observed = 0;
    for (std::size_t i = 0; i < state.units.size(); ++i)
      for (Side side : {Side::French, Side::Coalition})
        if (const Sighting* seen = sighting(state, side, static_cast<UnitIndex>(i)))
          observed += seen->observed;
    benchmark::DoNotOptimize(observed);
  }
  if (observed == 0) return bench.SkipWithError("no enemy piece observed");
  bench.counters["on_map"] = static_cast<double>(on_map);
  bench.counters["observed"] = static_cast<double>(observed);
}
BENCHMARK(BM_ObservationWholeBoard)->Unit(benchmark::kMicrosecond);

// 16.3, 7.3: tracing one hex's field of view (every line of sight within ten hexes) on the real map,
// the work FieldsOfView does once per observing hex before it answers by lookup. From 2020, near the
// map's middle. Counter: the hexes in sight.
void BM_FieldOfViewTrace(benchmark::State& bench) {
  const GameState state = new_game("campaign");
  const Ruleset& rules = *state.rules;
  const Hex eye{20, 20};
  std::size_t in_sight = 0;
  for (auto _ : bench) {
    const FieldsOfView fields(rules.map.bounds());
    in_sight = 0;
    for (int column = eye.column - 10; column <= eye.column + 10; ++column)
      for (int row = eye.row - 10; row <= eye.row + 10; ++row) {
        const Hex hex{column, row};
        if (distance(eye, hex) <= 10) in_sight += fields.clear(rules, eye, hex);
      }
    benchmark::DoNotOptimize(in_sight);
  }
  // The workload must be real: the map blocks some lines and leaves most clear.
  if (in_sight < 100 || in_sight >= 331) return bench.SkipWithError("the field of view is not the map's");
  bench.counters["in_sight"] = static_cast<double>(in_sight);
}
BENCHMARK(BM_FieldOfViewTrace)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();

// Engine speed on the real map and scenarios: reachable hexes, line of sight, a player turn of the
// random player, a whole game, the state hash. Figures go to docs/performance.md.
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/loader/data_files.hpp>

#include <benchmark/benchmark.h>
#include <stdexcept>

using namespace hd::engine;

namespace {

// The campaign plays without its rules 10.0-14.0 (not by the book) until the engine has them: it is
// measured as the largest map and armies the engine handles.
GameState new_game(const std::string& scenario) {
  auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                              {scenario, {}, {}, std::nullopt, scenario == "campaign"});
  if (!game.value) throw std::runtime_error("cannot start " + scenario);
  return std::move(*game.value);
}

// Plays random actions until the given side's movement phase of turn `turn` begins.
void play_until(GameState& state, int turn, SplitMix64& random, SplitMix64& dice) {
  while (state.phase != Phase::GameOver && !(state.turn == turn && state.phase == Phase::Movement)) {
    const Side side = pending_decision(state).side;
    apply(state, side, choose_random_action(state, random), [&] { return dice.die(); });
  }
}

// The cheapest paths for a cavalry unit (MA 6) on the open map of the campaign, mid-game.
void BM_ReachableHexesCavalry(benchmark::State& bench) {
  GameState state = new_game("campaign");
  UnitIndex cavalry = 0;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (state.units[i].on_map() && state.units[i].type == UnitType::Cavalry &&
        side_of(state.units[i].army) == state.phasing) {
      cavalry = static_cast<UnitIndex>(i);
      break;
    }
  }
  std::size_t hexes = 0;
  for (auto _ : bench) {
    const auto reach = reachable_hexes(state, cavalry);
    hexes = reach.size();
    benchmark::DoNotOptimize(reach);
  }
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
  bench.SetItemsProcessed(actions);
}
BENCHMARK(BM_RandomPlayerTurn);

// A whole game of Quatre Bras and of the Campaign played by the random player for both sides.
void BM_WholeGame(benchmark::State& bench, const std::string& scenario) {
  const GameState start = new_game(scenario);
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
  bench.SetItemsProcessed(actions);
}
BENCHMARK_CAPTURE(BM_WholeGame, quatre_bras, std::string("quatre-bras"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_WholeGame, campaign, std::string("campaign"))->Unit(benchmark::kMillisecond);

void BM_StateHash(benchmark::State& bench) {
  const GameState state = new_game("campaign");
  for (auto _ : bench)
    benchmark::DoNotOptimize(state_hash(state));
}
BENCHMARK(BM_StateHash);

}  // namespace

BENCHMARK_MAIN();

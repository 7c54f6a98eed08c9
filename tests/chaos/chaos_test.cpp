// Chaos test (docs/fuzzing.md, "Chaos test"): two bots (chaos_bot.hpp) play a whole Quatre Bras
// game against the real hd_server (loopback, a real SQLite file) through ChaosProxy, which delays,
// stalls and cuts their connections at random (seeded), mid-frame too. Checked: every acknowledged
// action is in the game log exactly once with the sequence it was acknowledged with and nothing
// else is; no client is sent an update twice; a repeated request gets its first answer; every
// client's final view equals the view the server gives it on a direct connection.
#include "chaos_bot.hpp"
#include "chaos_proxy.hpp"
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <iostream>

using namespace hd::test;

TEST_CASE("bots play Quatre Bras to the end through delays, stalls and cut connections", "[chaos]") {
  const std::uint64_t seed = GENERATE(20261201u, 7u);
  auto args = game_server_args();
  args.insert(args.end(), {"--max-connections-per-address", "64"});
  ServerProcess server(ServerOptions{args, {}});
  ChaosOptions faults;
  faults.seed = seed;
  faults.cut_probability = 0.03;  // about 20 cuts a game, so that some hit a request in flight
  ChaosProxy proxy(server.port(), faults);
  ChaosGameOptions options;
  options.seed = seed;
  options.database = server.database_path();
  const std::function<int()> port = [&] { return proxy.port(); };

  const auto started = std::chrono::steady_clock::now();
  ChaosGameResult result;
  try {
    result = play_chaos_game(port, "chaos" + std::to_string(seed), options, [&] { proxy.set_faults(true); });
  } catch (const ChaosGameError& error) {
    FAIL(error.what());
  }
  proxy.set_faults(false);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const ChaosCounts counts = proxy.counts();
  std::cout << "chaos seed " << seed << ": " << result.actions << " actions in " << seconds
            << " s; proxy: " << counts.connections << " connections, " << counts.chunks << " chunks, "
            << counts.delays << " delayed, " << counts.stalls << " stalled, " << counts.cuts << " cuts ("
            << counts.mid_chunk_cuts << " mid-chunk); " << result.reconnects << " reconnect attempts, "
            << result.lost_attempts << " connections lost, " << result.resends << " actions sent again, "
            << result.deliberate_repeats << " repeated on purpose\n";

  // The faults happened, so the run is not vacuous.
  CHECK(counts.cuts > 0);
  CHECK(counts.mid_chunk_cuts > 0);
  CHECK(counts.stalls > 0);
  CHECK(result.resends > 0);
  // Exactly once, as the clients and the log see it.
  CHECK(result.repeat_answers == result.deliberate_repeats);
  CHECK(result.twice_delivered == 0);
  CHECK(result.acknowledged.size() == result.actions);
  CHECK(check_game_log(server.database_path(), result) == std::vector<std::string>{});
  // Every client's final view is the server's.
  const auto [views, sequence] = server_views(server.port(), result);
  CHECK(sequence == result.actions);
  CHECK(views == result.final_views);
}

// End-to-end, issue 29 (second hardening pass), finding 5: games whose clients never close them
// leave memory. A running game nobody names in a request for room-idle-seconds is evicted, and at
// most max-rooms-in-memory rooms stay loaded (the least recently used leave first), even while a
// connection still has them open; an evicted game reloads on demand with its state intact, and the
// connection that had it open hears its next updates without reopening it.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// Applies the updates of `game` up to `sequence`, then until the French decide again; each must
// match the replica's own view byte for byte. Updates of other games are skipped.
void follow(GamePlayer& player, std::uint64_t game, Replica& replica, std::uint64_t sequence) {
  std::string why;
  while (replica.sequence() < sequence ||
         (replica.state().phase != engine::Phase::GameOver && !french_to_decide(replica))) {
    const auto update = player.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    if (update.game_id() != game) continue;
    INFO(why);
    REQUIRE(replica.apply(update, why));
  }
}

// A Quatre Bras game of `player` as the French against the built-in Allied player; its id.
std::uint64_t create_against_builtin(GamePlayer& player) {
  auto create = create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(player.username()),
                            v1::SPECTATOR_VIEW_UNSPECIFIED);
  v1::SeatSetup& builtin = *create.mutable_create_game()->add_seats();
  builtin.set_seat(v1::SEAT_ALLIED);
  builtin.set_built_in(true);
  const auto created = player.request(create);
  INFO(created.DebugString());
  REQUIRE(created.has_game_created());
  return created.game_created().game_id();
}

// Plays `actions` random French actions in `game` (following the built-in player's answers).
void play(GamePlayer& player, std::uint64_t game, Replica& replica, engine::SplitMix64& random, int actions) {
  for (int i = 0; i < actions && french_to_decide(replica); ++i) {
    const auto answer = player.request(submit(game, engine::choose_random_action(replica.state(), random)));
    INFO(answer.DebugString());
    REQUIRE(answer.has_action_accepted());
    follow(player, game, replica, answer.action_accepted().sequence());
  }
}

// Ping's round trip: every request before it has been handled (and the gauges set after it).
void settle(GamePlayer& player) {
  v1::ClientEnvelope ping;
  ping.mutable_ping()->set_nonce(7);
  REQUIRE(player.request(ping).has_pong());
}

std::size_t occurrences(const std::string& text, const std::string& word) {
  std::size_t count = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    ++count;
  return count;
}

}  // namespace

TEST_CASE("never-closed games: at most max-rooms-in-memory stay loaded; an evicted one plays on intact",
          "[e2e][games][hardening]") {
  constexpr int kCap = 4;
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--max-games-created-per-day", "1000"});
  if (!testing_another_server())
    args.insert(args.end(), {"--max-rooms-in-memory", std::to_string(kCap), "--room-idle-seconds", "3600"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");

  // The first game: opened and played a little, then never closed.
  const std::uint64_t first = create_against_builtin(alice);
  Replica replica("quatre-bras", french_seat());
  REQUIRE(alice.request(open_game(first, false)).has_game_snapshot());
  follow(alice, first, replica, 0);
  engine::SplitMix64 random(2929);
  play(alice, first, replica, random, 6);
  const std::uint64_t played = replica.sequence();
  REQUIRE(played > 0);

  // Many more, each opened and never closed: the rooms in memory never exceed the cap.
  for (int i = 0; i < 12; ++i) {
    const std::uint64_t game = create_against_builtin(alice);
    REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
    settle(alice);
    const double rooms = metric(server.port(), "hd_games_in_memory");
    INFO("after game " << i << ": " << rooms << " rooms in memory");
    REQUIRE(rooms <= kCap);
  }
  const auto metrics = scrape(server.port());
  CHECK(sample(metrics, "hd_games_evicted_total") >= 13 - kCap);
  CHECK(sample(metrics, "hd_games_in_memory_bytes") > 0);
  CHECK(occurrences(server.log(), "event=game_loaded") == 0);

  // The first game (the least recently used) left memory; Alice acts in it without reopening it:
  // it reloads, and her connection, which still has it open, hears the updates, each matching the
  // replica's view of the state she had before the eviction.
  play(alice, first, replica, random, 4);
  CHECK(replica.sequence() > played);
  CHECK(occurrences(server.log(), "event=game_loaded") == 1);
  // A resume from before the eviction gives the same history.
  const Resumed resumed = resume_game(alice, first, false, played);
  CHECK(resumed.snapshot.sequence() <= played);
  CHECK(resumed.snapshot.sequence() + resumed.tail.size() == replica.sequence());
  settle(alice);
  CHECK(metric(server.port(), "hd_games_in_memory") <= kCap);
}

TEST_CASE("never-closed games leave memory after room-idle-seconds, and reload on demand",
          "[e2e][games][hardening]") {
  std::vector<std::string> args = game_server_args();
  if (!testing_another_server()) args.insert(args.end(), {"--room-idle-seconds", "1"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  std::vector<std::uint64_t> games;
  for (int i = 0; i < 3; ++i) {
    games.push_back(create_against_builtin(alice));
    REQUIRE(alice.request(open_game(games.back(), false)).has_game_snapshot());
  }
  // Alice stays connected with all three open; nobody names them: they leave within a few sweeps.
  CHECK(metric_becomes(server.port(), "hd_games_in_memory", 0));
  CHECK(metric(server.port(), "hd_games_evicted_total") == 3);
  CHECK(metric(server.port(), "hd_games_in_memory_bytes") == 0);

  // Each plays on: reloaded, and the open connection hears the updates.
  engine::SplitMix64 random(77);
  for (std::uint64_t game : games) {
    Replica replica("quatre-bras", french_seat());
    follow(alice, game, replica, 0);  // the built-in player's moves, if any, came before
    play(alice, game, replica, random, 2);
    CHECK(replica.sequence() > 0);
  }
}

// The never-closing soak (docs/soak.md; hidden, run by hand): for HD_SOAK_SECONDS (default 120),
// one connection creates games against the built-in player, opens each, plays two actions and
// never closes it; the server's VmRSS and rooms in memory are printed before and after. Default
// room settings (max-rooms-in-memory 500, room-idle-seconds 300), unless HD_SOAK_ARGS adds flags.
TEST_CASE("never-closing soak: resident memory before and after", "[.soak]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--max-games-created-per-day", "1000000"});
  if (const char* extra = std::getenv("HD_SOAK_ARGS"); extra && *extra) {
    std::istringstream words(extra);
    for (std::string word; words >> word;)
      args.push_back(word);
  }
  const char* seconds_text = std::getenv("HD_SOAK_SECONDS");
  const int seconds = seconds_text && *seconds_text ? std::atoi(seconds_text) : 120;
  ServerProcess server({args, {}});
  const auto rss_kib = [&] {
    std::ifstream status("/proc/" + std::to_string(server.pid()) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0L;
  };
  GamePlayer alice(server.port(), "alice");
  const long before = rss_kib();
  engine::SplitMix64 random(5);
  int games = 0;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < end) {
    const std::uint64_t game = create_against_builtin(alice);
    Replica replica("quatre-bras", french_seat());
    REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
    follow(alice, game, replica, 0);
    play(alice, game, replica, random, 2);
    ++games;
  }
  settle(alice);
  const auto metrics = scrape(server.port());
  std::printf(
      "soak: %d games in %d s; VmRSS %ld kB before, %ld kB after; rooms in memory %.0f "
      "(estimated %.0f bytes), evicted %.0f\n",
      games, seconds, before, rss_kib(), sample(metrics, "hd_games_in_memory"),
      sample(metrics, "hd_games_in_memory_bytes"), sample(metrics, "hd_games_evicted_total"));
}

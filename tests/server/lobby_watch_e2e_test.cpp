// End-to-end, issue 16 (a live lobby): against the real server process on loopback with its SQLite
// file, a connection that sent WatchLobby hears LobbyChanged when a game it may list changes: a
// public game created, joined and started; your_turn flipping as the game goes on; never a private
// game it holds no seat in; and a flood of changes coalesced into a bounded number of pushes.
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <thread>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;
using Clock = std::chrono::steady_clock;

namespace {

v1::ClientEnvelope watch_lobby(bool on) {
  v1::ClientEnvelope envelope;
  envelope.mutable_watch_lobby()->set_on(on);
  return envelope;
}

// The pushes a player read and when each came.
struct Pushes {
  std::vector<v1::LobbyChanged> pushes;
  std::vector<Clock::time_point> arrivals;
};

// The pushes (LobbyChanged) to `player` as they arrive, for `timeout` or until `done` holds of a
// summary of `game`; checks no game in `never` was pushed. A read that times out ends the test
// client's connection: only for a player's last reads.
std::optional<v1::GameSummary> wait_for_game(GamePlayer& player, std::uint64_t game,
                                             const std::function<bool(const v1::GameSummary&)>& done,
                                             std::chrono::milliseconds timeout,
                                             const std::set<std::uint64_t>& never, Pushes* seen = nullptr) {
  const auto until = Clock::now() + timeout;
  while (Clock::now() < until) {
    const auto envelope =
        player.next(std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()));
    if (!envelope) break;
    if (!envelope->has_lobby_changed()) continue;
    CHECK(envelope->request_id() == 0);
    if (seen) {
      seen->pushes.push_back(envelope->lobby_changed());
      seen->arrivals.push_back(Clock::now());
    }
    for (const v1::GameSummary& summary : envelope->lobby_changed().games()) {
      INFO(player.username() << " was pushed game " << summary.game_id());
      CHECK(never.count(summary.game_id()) == 0);
      if (summary.game_id() == game && done(summary)) return summary;
    }
  }
  return std::nullopt;
}

// The LobbyChanged pushes sent to `player` until now: waits `settle` (longer than the server's
// 250 ms window, so a pending push has gone), then asks something of the hub (ListScenarios) and
// reads up to its answer; a push sent before it comes before it. Never times a read out (a test
// client's timed-out read closes its connection). Checks that no game in `never` was pushed.
std::vector<v1::GameSummary> pushed_games(GamePlayer& player, const std::set<std::uint64_t>& never,
                                          std::chrono::milliseconds settle = std::chrono::milliseconds(400)) {
  std::this_thread::sleep_for(settle);
  v1::ClientEnvelope sentinel;
  sentinel.mutable_list_scenarios();
  sentinel.set_request_id(player.next_request_id());
  player.socket().send(sentinel);
  std::vector<v1::GameSummary> games;
  for (;;) {
    const auto envelope = player.next(std::chrono::seconds(30));
    REQUIRE(envelope);
    if (envelope->request_id() == sentinel.request_id()) break;
    if (!envelope->has_lobby_changed()) continue;
    CHECK(envelope->request_id() == 0);
    for (const v1::GameSummary& summary : envelope->lobby_changed().games()) {
      INFO(player.username() << " was pushed game " << summary.game_id());
      CHECK(never.count(summary.game_id()) == 0);
      games.push_back(summary);
    }
  }
  return games;
}

// The last pushed summary of `game` among `games`, if any.
std::optional<v1::GameSummary> last_of(const std::vector<v1::GameSummary>& games, std::uint64_t game) {
  std::optional<v1::GameSummary> found;
  for (const auto& summary : games)
    if (summary.game_id() == game) found = summary;
  return found;
}

}  // namespace

TEST_CASE("WatchLobby: a watcher hears of the games it may list, with its turn, and no other",
          "[e2e][games][lobby]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer carol(server.port(), "carol");
  REQUIRE(alice.request(watch_lobby(true)).has_ok());
  REQUIRE(bob.request(watch_lobby(true)).has_ok());

  // Carol's private game: no one but its seats ever hears of it.
  v1::ClientEnvelope hidden =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("carol"), v1::SPECTATOR_VIEW_COALITION);
  hidden.mutable_create_game()->set_public_listing(false);
  const auto made_hidden = carol.request(hidden);
  REQUIRE(made_hidden.has_game_created());
  const std::set<std::uint64_t> never{made_hidden.game_created().game_id()};

  // Bob creates a public game: Alice, watching, is told of it, open, with no turn of hers.
  const auto made = bob.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("bob"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(made.has_game_created());
  const std::uint64_t game = made.game_created().game_id();
  const auto open = last_of(pushed_games(alice, never), game);
  REQUIRE(open);
  CHECK(open->status() == v1::GAME_STATUS_OPEN);
  CHECK(open->public_listing());
  CHECK_FALSE(open->your_turn());

  // Alice takes the Allied seat: the game starts, and her push says whether she must act now.
  REQUIRE(alice.request(join_game(game, v1::SEAT_ALLIED, test_entropy("alice"))).has_game_changed());
  const auto running = last_of(pushed_games(alice, never), game);
  REQUIRE(running);
  REQUIRE(running->status() == v1::GAME_STATUS_RUNNING);
  REQUIRE(running->waiting_for() != v1::SEAT_UNSPECIFIED);
  CHECK(running->your_turn() == (running->waiting_for() == v1::SEAT_ALLIED));
  // ListGames MINE agrees.
  v1::ClientEnvelope mine;
  mine.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_MINE);
  const auto listed = alice.request(mine);
  REQUIRE(listed.game_list().games_size() == 1);
  CHECK(listed.game_list().games(0).your_turn() == running->your_turn());

  // The seat to move ends its phases until the decision passes to the other side: Alice's
  // your_turn flips, pushed unasked; Bob's, the other way.
  const bool before = running->your_turn();
  bool flipped = false;
  for (int phase = 0; phase < 8 && !flipped; ++phase) {
    GamePlayer& mover = before ? alice : bob;
    const auto ended = mover.request(submit(game, engine::Action{engine::EndPhaseAction{}}));
    INFO("phase " << phase << " case " << ended.body_case() << ": " << ended.refusal().message());
    REQUIRE(ended.has_action_accepted());
    const auto now = last_of(pushed_games(alice, never), game);
    REQUIRE(now);
    flipped = now->your_turn() != before;
    if (flipped) {
      const auto bobs = last_of(pushed_games(bob, never, std::chrono::milliseconds(0)), game);
      REQUIRE(bobs);
      CHECK(bobs->your_turn() == before);  // Bob's turn ended as Alice's began, or the reverse
    }
  }
  CHECK(flipped);

  // Carol changes her private game (withdraws it): still nothing of it reaches Alice or Bob.
  v1::ClientEnvelope withdraw;
  withdraw.mutable_withdraw_game()->set_game_id(made_hidden.game_created().game_id());
  REQUIRE(carol.request(withdraw).has_ok());
  pushed_games(alice, never);
  pushed_games(bob, never, std::chrono::milliseconds(0));

  // WatchLobby off: no more pushes.
  REQUIRE(alice.request(watch_lobby(false)).has_ok());
  REQUIRE(bob.request(create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("bob2"),
                                  v1::SPECTATOR_VIEW_UNSPECIFIED))
              .has_game_created());
  CHECK(pushed_games(alice, never).empty());
  CHECK_FALSE(pushed_games(bob, never, std::chrono::milliseconds(0)).empty());  // Bob still watches
}

TEST_CASE("WatchLobby: a flood of changes is coalesced, one push per 250 ms at most", "[e2e][games][lobby]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer robot_owner(server.port(), "bob");
  REQUIRE(alice.request(watch_lobby(true)).has_ok());

  // A public game of built-in seats plays itself as fast as the server goes: an action after action.
  const auto made = robot_owner.request(create_unattended("quatre-bras"));
  REQUIRE(made.has_game_created());
  const std::uint64_t game = made.game_created().game_id();
  Pushes seen;
  const auto started = Clock::now();
  wait_for_game(
      alice, game, [](const v1::GameSummary&) { return false; }, std::chrono::seconds(3), {}, &seen);
  const auto elapsed = Clock::now() - started;
  const std::string actions = query_one(
      server.database_path(), "SELECT COUNT(*) FROM game_actions WHERE game_id = " + std::to_string(game));
  INFO("actions played: " << actions << ", pushes: " << seen.pushes.size());
  REQUIRE(std::stoi(actions) > 20);  // a flood
  REQUIRE(!seen.pushes.empty());
  // At most one push every 250 ms (plus the first at once), however many actions.
  const auto windows = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() / 250 + 2;
  CHECK(static_cast<long>(seen.pushes.size()) <= windows);
  CHECK(static_cast<long>(seen.pushes.size()) < std::stoi(actions));
  for (std::size_t i = 1; i < seen.arrivals.size(); ++i)
    CHECK(seen.arrivals[i] - seen.arrivals[i - 1] >= std::chrono::milliseconds(150));  // jitter allowed
  // Each push carries the game once, its latest state.
  for (const v1::LobbyChanged& push : seen.pushes) {
    CHECK_FALSE(push.resync());
    int of_game = 0;
    for (const auto& summary : push.games())
      of_game += summary.game_id() == game ? 1 : 0;
    CHECK(of_game <= 1);
  }
}

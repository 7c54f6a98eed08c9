// End-to-end (issue 15, "server actors"): a finished game is loaded and replayed only for an account
// that belongs to it, judged from the database first; a stranger is told of it exactly what it is
// told of a game that does not exist, and nothing is loaded for it. A finished room nobody has open
// leaves memory (finished-games-in-memory) and reloads to the same game.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// How many times the server log says a game was loaded on demand.
std::size_t loads_logged(const std::string& log) {
  std::size_t count = 0;
  for (std::size_t at = log.find("event=game_loaded"); at != std::string::npos;
       at = log.find("event=game_loaded", at + 1))
    ++count;
  return count;
}

// Every request that names a game, built for a game id.
std::vector<std::pair<std::string, std::function<v1::ClientEnvelope(std::uint64_t)>>>
requests_naming_a_game() {
  using Build = std::function<v1::ClientEnvelope(std::uint64_t)>;
  std::vector<std::pair<std::string, Build>> all;
  all.emplace_back("open as a player", [](std::uint64_t game) { return open_game(game, false); });
  all.emplace_back("open as a spectator", [](std::uint64_t game) { return open_game(game, true); });
  all.emplace_back("resume", [](std::uint64_t game) { return open_game(game, false, 3); });
  all.emplace_back("export", [](std::uint64_t game) { return export_record(game); });
  all.emplace_back("join",
                   [](std::uint64_t game) { return join_game(game, v1::SEAT_ALLIED, test_entropy("m")); });
  all.emplace_back("act", [](std::uint64_t game) { return submit_notation(game, "french end"); });
  all.emplace_back("chat", [](std::uint64_t game) {
    v1::ClientEnvelope envelope;
    envelope.mutable_send_chat()->set_game_id(game);
    envelope.mutable_send_chat()->set_channel(v1::CHAT_CHANNEL_ALL);
    envelope.mutable_send_chat()->set_text("hello?");
    return envelope;
  });
  all.emplace_back("resign", [](std::uint64_t game) {
    v1::ClientEnvelope envelope;
    envelope.mutable_resign()->set_game_id(game);
    return envelope;
  });
  all.emplace_back("offer a draw", [](std::uint64_t game) {
    v1::ClientEnvelope envelope;
    envelope.mutable_offer_draw()->set_game_id(game);
    return envelope;
  });
  all.emplace_back("ask for an undo", [](std::uint64_t game) {
    v1::ClientEnvelope envelope;
    envelope.mutable_request_undo()->set_game_id(game);
    return envelope;
  });
  all.emplace_back("query", [](std::uint64_t game) {
    v1::ClientEnvelope envelope;
    envelope.mutable_query_reachable()->set_game_id(game);
    envelope.mutable_query_reachable()->set_unit(1);
    return envelope;
  });
  return all;
}

// A stranger's answers about `game` equal its answers about a game that does not exist.
void expect_told_as_if_absent(GamePlayer& stranger, std::uint64_t game, std::uint64_t absent) {
  for (const auto& [what, build] : requests_naming_a_game()) {
    INFO(what);
    const auto about_game = stranger.request(build(game));
    const auto about_nothing = stranger.request(build(absent));
    INFO(about_game.DebugString());
    REQUIRE(about_game.has_refusal());
    REQUIRE(about_nothing.has_refusal());
    CHECK(about_game.refusal().code() == about_nothing.refusal().code());
    CHECK(about_game.refusal().message() == about_nothing.refusal().message());
  }
}

}  // namespace

TEST_CASE("issue 15: a stranger's game ids load nothing; a finished room is evicted and reloads the same",
          "[e2e][games][actors]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--finished-games-in-memory", "0"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer mallory(server.port(), "mallory");

  // A public game that allows no spectators, played a little, then resigned: finished.
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  Replica replica("quatre-bras", engine::Viewer{});
  REQUIRE(alice.request(submit(game, french_move(replica.state()))).has_action_accepted());
  v1::ClientEnvelope resign;
  resign.mutable_resign()->set_game_id(game);
  REQUIRE(alice.request(resign).has_ok());
  // Nobody has it open and none is kept: it has left memory.
  REQUIRE(metric_becomes(server.port(), "hd_games_in_memory", 0));
  const std::uint64_t absent = game + 1000;

  // The stranger's every request: the answer for a game that does not exist; nothing loaded.
  expect_told_as_if_absent(mallory, game, absent);
  CHECK(loads_logged(server.log()) == 0);
  CHECK(metric(server.port(), "hd_games_in_memory") == 0);

  // A seat holder loads it (once), and while it is in memory the stranger is told the same.
  const auto first = alice.request(open_game(game, false));
  REQUIRE(first.has_game_snapshot());
  CHECK(loads_logged(server.log()) == 1);
  CHECK(metric(server.port(), "hd_games_in_memory") == 1);
  expect_told_as_if_absent(mallory, game, absent);
  CHECK(loads_logged(server.log()) == 1);

  // Closed, it leaves memory again (bounded: no finished game is kept here) ...
  v1::ClientEnvelope close;
  close.mutable_close_game()->set_game_id(game);
  REQUIRE(alice.request(close).has_ok());
  CHECK(metric_becomes(server.port(), "hd_games_in_memory", 0));
  // ... and reloads from the database to the same game: the same view and summary, its record too.
  const auto again = alice.request(open_game(game, false));
  REQUIRE(again.has_game_snapshot());
  CHECK(loads_logged(server.log()) == 2);
  CHECK(again.game_snapshot().view().SerializeAsString() == first.game_snapshot().view().SerializeAsString());
  CHECK(again.game_snapshot().summary().SerializeAsString() ==
        first.game_snapshot().summary().SerializeAsString());
  CHECK(again.game_snapshot().summary().status() == v1::GAME_STATUS_FINISHED);
  CHECK(bob.request(export_record(game)).has_game_record());
}

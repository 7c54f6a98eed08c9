// End-to-end: a stored game keeps the rules version it was created under (migrations/0007), and a
// game of another rules version than the server's engine is neither resumed nor opened: every
// request naming it is refused with RULES_VERSION and a message naming both versions, and nothing
// of it changes (docs/server.md, "Rules versions"). The real server, a real SQLite file.
#include "drill_data_root.hpp"
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/state/rules_version.hpp>

#include <catch2/catch.hpp>

#include <csignal>
#include <memory>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// CreateGame: alice takes the French seat, the built-in player the Allied one (and the Prussian
// one, in a scenario with both Coalition armies).
v1::ClientEnvelope french_against_builtin(const std::string& scenario, bool prussians_too = false) {
  auto create =
      create_game(scenario, {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  for (v1::Seat seat : {v1::SEAT_ALLIED, v1::SEAT_PRUSSIAN}) {
    if (seat == v1::SEAT_PRUSSIAN && !prussians_too) continue;
    v1::SeatSetup& builtin = *create.mutable_create_game()->add_seats();
    builtin.set_seat(seat);
    builtin.set_built_in(true);
  }
  return create;
}

}  // namespace

TEST_CASE("A stored game of another rules version is refused on open with a clear message", "[e2e][games]") {
  const auto directory = make_temp_directory("hd-games-rules-version");
  const ServerOptions options{game_server_args(), directory};
  auto server = std::make_unique<ServerProcess>(options);
  const auto database = server->database_path();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();

  const auto created = alice->request(french_against_builtin("quatre-bras"));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const std::string of_the_game = " WHERE id = " + std::to_string(game);
  REQUIRE(alice->request(open_game(game, false)).has_game_snapshot());
  const auto moved = alice->request(submit_notation(game, "french end"));
  REQUIRE(moved.has_action_accepted());
  // The game keeps the version it was created under.
  CHECK(query(database, "SELECT rules_version FROM games" + of_the_game) ==
        std::vector<std::string>{std::to_string(engine::kRulesVersion)});
  const auto actions = [&] {
    return query(database, "SELECT sequence, action, state_hash FROM game_actions WHERE game_id = " +
                               std::to_string(game) + " ORDER BY sequence");
  };
  const auto logged = actions();
  REQUIRE_FALSE(logged.empty());

  const auto restart = [&] {
    alice.reset();
    server->stop(SIGTERM);
    server = std::make_unique<ServerProcess>(options);
    alice = std::make_unique<GamePlayer>(server->port(), "alice", token);
  };
  const int other = engine::kRulesVersion + 1;
  query(database, "UPDATE games SET rules_version = " + std::to_string(other) + of_the_game);
  restart();
  const std::string why = "game " + std::to_string(game) + " was played under rules version " +
                          std::to_string(other) + " and this server plays rules version " +
                          std::to_string(engine::kRulesVersion);
  // Not resumed at start-up, and said so.
  CHECK(server->log().find("event=game_not_resumed game=" + std::to_string(game)) != std::string::npos);
  CHECK(server->log().find(why) != std::string::npos);

  // Opening it, playing in it or exporting it: refused, naming both versions.
  for (const v1::ClientEnvelope& request : {open_game(game, false), open_game(game, true),
                                            submit_notation(game, "coalition end"), export_record(game)}) {
    const auto answer = alice->request(request);
    INFO(answer.DebugString());
    REQUIRE(answer.has_refusal());
    CHECK(answer.refusal().code() == v1::REFUSAL_CODE_RULES_VERSION);
    CHECK(answer.refusal().message().find(why) == 0);
  }
  // Still listed among the player's games, from its row.
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_MINE);
  const auto listed = alice->request(list);
  REQUIRE(listed.has_game_list());
  REQUIRE(listed.game_list().games_size() == 1);
  CHECK(listed.game_list().games(0).game_id() == game);
  CHECK(listed.game_list().games(0).scenario() == "quatre-bras");
  // Nothing of it changed.
  CHECK(actions() == logged);
  CHECK(query(database, "SELECT rules_version FROM games" + of_the_game) ==
        std::vector<std::string>{std::to_string(other)});

  // Under its own version again it opens and plays on: the refusal was the version's alone.
  const auto not_resumed = [&] {
    std::size_t count = 0;
    const std::string log = server->log();  // every start's lines, on the same directory
    for (std::size_t at = log.find("game_not_resumed"); at != std::string::npos;
         at = log.find("game_not_resumed", at + 1))
      ++count;
    return count;
  };
  const std::size_t refused_starts = not_resumed();
  CHECK(refused_starts == 1);
  query(database, "UPDATE games SET rules_version = " + std::to_string(engine::kRulesVersion) + of_the_game);
  restart();
  CHECK(not_resumed() == refused_starts);
  CHECK(alice->request(open_game(game, false)).has_game_snapshot());
}

TEST_CASE("A not-by-the-book game made when the engine lacked other rules is refused on open",
          "[e2e][games]") {
  // A development server (allow-missing-rules) makes a game of the tests' missing-rule drill, whose
  // 16.8 has no module yet (every shipped scenario plays by the book); the stored list is then changed
  // as if the engine had gained one of them since: the log would replay to another game, so the game
  // is refused, without naming the rules.
  const auto directory = make_temp_directory("hd-games-missing-rules");
  const std::filesystem::path data_root =
      drill_data_root(make_temp_directory("hd-missing-rule-data"), "missing-rule-drill");
  auto args = game_server_args();
  args.insert(args.end(), {"--allow-missing-rules", "true", "--data-root", data_root.string()});
  const ServerOptions options{args, directory};
  auto server = std::make_unique<ServerProcess>(options);
  const auto database = server->database_path();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();
  const auto created = alice->request(french_against_builtin("missing-rule-drill"));
  INFO((created.has_refusal() ? created.refusal().message() : std::string("no refusal")));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const std::string of_the_game = " WHERE id = " + std::to_string(game);
  REQUIRE(alice->request(open_game(game, false)).has_game_snapshot());
  const auto stored = query(database, "SELECT missing_rules FROM games" + of_the_game);
  REQUIRE(stored.size() == 1);
  REQUIRE_FALSE(stored[0].empty());

  const auto restart = [&] {
    alice.reset();
    server->stop(SIGTERM);
    server = std::make_unique<ServerProcess>(options);
    alice = std::make_unique<GamePlayer>(server->port(), "alice", token);
  };
  query(database, "UPDATE games SET missing_rules = missing_rules || char(10) || '11.9'" + of_the_game);
  restart();
  CHECK(server->log().find("event=game_not_resumed game=" + std::to_string(game)) != std::string::npos);
  const auto answer = alice->request(open_game(game, false));
  INFO(answer.DebugString());
  REQUIRE(answer.has_refusal());
  CHECK(answer.refusal().code() == v1::REFUSAL_CODE_RULES_VERSION);
  CHECK(answer.refusal().message().find("has gained rules it lacked") != std::string::npos);
  CHECK(answer.refusal().message().find("11.9") == std::string::npos);

  // With the list it was made with, it opens again.
  query(database, "UPDATE games SET missing_rules = '" + stored[0] + "'" + of_the_game);
  restart();
  CHECK(alice->request(open_game(game, false)).has_game_snapshot());
}

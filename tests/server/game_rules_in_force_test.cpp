// No silent rules on the real server: a game whose rules lack a module in the engine is refused,
// naming them; a development server (allow-missing-rules) plays it, marked not by the book in its
// summary, its snapshot and its stored row, and a server without the flag does not load it again.
#include "drill_data_root.hpp"
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// Every shipped scenario and force option now plays by the book: a drill of the tests' own names a
// rule with no module (16.8, tests/terminal/data/missing-rule-drill), beside the shipped data.
std::filesystem::path missing_rule_data_root() {
  return drill_data_root(make_temp_directory("hd-missing-rule-data"), "missing-rule-drill");
}

v1::ClientEnvelope create_missing_rule_drill() {
  return create_game("missing-rule-drill", {v1::SEAT_FRENCH}, test_entropy("alice"),
                     v1::SPECTATOR_VIEW_UNSPECIFIED);
}

// The server's arguments for tests, then `extra`, then the data root (the last --data-root wins).
std::vector<std::string> args_with(std::vector<std::string> extra, const std::filesystem::path& data_root) {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--data-root", data_root.string()});
  return args;
}

}  // namespace

TEST_CASE("A scenario or an optional rule without its rule module is refused, naming what is missing",
          "[e2e][games]") {
  const std::filesystem::path data_root = missing_rule_data_root();
  {
    ServerProcess drill_server({args_with({}, data_root), {}});
    GamePlayer alice(drill_server.port(), "alice");
    const auto drill = alice.request(create_missing_rule_drill());
    REQUIRE(drill.has_refusal());
    CHECK(drill.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
    INFO(drill.refusal().message());
    CHECK(drill.refusal().message().find("needs rules the engine does not have") != std::string::npos);
    CHECK(drill.refusal().message().find("16.8") != std::string::npos);
    CHECK(query(drill_server.database_path(), "SELECT count(*) FROM games") == std::vector<std::string>{"0"});
  }
  // Every force option of the campaigns plays by the book (16.1's variant counters, refused until
  // 6 December, and the Hal Force with 22.4C's levels).
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  for (const std::string scenario : {"campaign", "campaign-variant"}) {
    auto variant =
        create_game(scenario, {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
    variant.mutable_create_game()->add_force_options("16.1");
    const auto created = alice.request(variant);
    INFO(scenario << ": " << created.refusal().message());
    REQUIRE(created.has_game_created());
    const auto opened = alice.request(open_game(created.game_created().game_id(), false));
    REQUIRE(opened.has_game_snapshot());
    CHECK(opened.game_snapshot().scenario().missing_rules().empty());
  }
  // 16.3 (observation), offered by 19.1: the server hides from each seat what its side does not
  // observe (issue 14), so it is played by the book.
  auto fog =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  fog.mutable_create_game()->add_optional_rules("16.3");
  const auto fog_created = alice.request(fog);
  INFO(fog_created.refusal().message());
  REQUIRE(fog_created.has_game_created());
  const auto fog_opened = alice.request(open_game(fog_created.game_created().game_id(), false));
  REQUIRE(fog_opened.has_game_snapshot());
  CHECK(fog_opened.game_snapshot().scenario().missing_rules().empty());
  CHECK(fog_opened.game_snapshot().summary().missing_rules().empty());
  const auto& fog_rules = fog_opened.game_snapshot().scenario().optional_rules();
  CHECK(std::find(fog_rules.begin(), fog_rules.end(), "16.3") != fog_rules.end());
  CHECK(query(server.database_path(), "SELECT count(*) FROM games") == std::vector<std::string>{"3"});

  // By the book, with an optional rule the engine has.
  auto guard =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  guard.mutable_create_game()->add_optional_rules("15.2");
  const auto created = alice.request(guard);
  REQUIRE(created.has_game_created());
  const auto opened = alice.request(open_game(created.game_created().game_id(), false));
  REQUIRE(opened.has_game_snapshot());
  CHECK(opened.game_snapshot().scenario().missing_rules().empty());
  CHECK(opened.game_snapshot().summary().missing_rules().empty());
}

TEST_CASE(
    "A development server plays a scenario lacking a rule module not by the book, and says so everywhere",
    "[e2e][games]") {
  const auto directory = make_temp_directory("hd-not-by-the-book");
  const std::filesystem::path data_root = missing_rule_data_root();
  auto server = std::make_unique<ServerProcess>(
      ServerOptions{args_with({"--allow-missing-rules", "true"}, data_root), directory});
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();

  const auto created = alice->request(create_missing_rule_drill());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const auto opened = alice->request(open_game(game, false));
  REQUIRE(opened.has_game_snapshot());
  const auto& missing = opened.game_snapshot().scenario().missing_rules();
  CHECK(std::vector<std::string>(missing.begin(), missing.end()) == std::vector<std::string>{"16.8"});
  CHECK(opened.game_snapshot().summary().missing_rules_size() == missing.size());
  const auto stored =
      query(server->database_path(), "SELECT missing_rules FROM games WHERE id = " + std::to_string(game));
  REQUIRE(stored.size() == 1);
  CHECK(stored.front().find("16.8") != std::string::npos);

  // A server without the flag does not load it: opening it finds no game.
  alice.reset();
  server->stop();
  server = std::make_unique<ServerProcess>(ServerOptions{args_with({}, data_root), directory});
  alice = std::make_unique<GamePlayer>(server->port(), "alice", token);
  CHECK(alice->request(open_game(game, false)).has_refusal());
  CHECK(server->log().find("needs rules the engine does not have") != std::string::npos);
}

TEST_CASE("11.2 QueryCommandRange answers a leader's traced range and whom he commands, on the real server",
          "[e2e][games][11.2]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  const auto created = alice.request(
      create_game("campaign", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const auto opened = alice.request(open_game(game, false));
  REQUIRE(opened.has_game_snapshot());
  const auto& units = opened.game_snapshot().view().units();
  const auto ask = [&](std::uint32_t unit) {
    v1::ClientEnvelope envelope;
    envelope.mutable_query_command_range()->set_game_id(game);
    envelope.mutable_query_command_range()->set_unit(unit);
    return alice.request(envelope);
  };
  int leaders_asked = 0;
  for (const v1::Unit& unit : units) {
    if (unit.status() != v1::UNIT_STATUS_ON_MAP) continue;
    const auto answer = ask(unit.index());
    INFO(unit.id());
    if (unit.type() != v1::UNIT_TYPE_LEADER) {
      REQUIRE(answer.has_refusal());
      CHECK(answer.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
      CHECK(answer.refusal().message() == "not a leader on the map");
      continue;
    }
    ++leaders_asked;
    REQUIRE(answer.has_command_range());
    const v1::CommandRange& range = answer.command_range();
    CHECK(range.unit() == unit.index());
    CHECK((range.range() == 5 || range.range() == 3));  // a commander or an officer (11.1)
    REQUIRE(range.hexes_size() > 1);
    CHECK(range.hexes(0).column() == unit.hex().column());  // his own hex first
    CHECK(range.hexes(0).row() == unit.hex().row());
    for (const std::uint32_t commanded : range.commanded()) {
      REQUIRE(commanded < static_cast<std::uint32_t>(units.size()));
      CHECK(units[static_cast<int>(commanded)].army() == unit.army());  // 11.1C: his own army only
    }
  }
  CHECK(leaders_asked > 5);
  CHECK(ask(100000).refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);

  // A game without 11.0: nothing to show, and it says why.
  const auto battle = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(battle.has_game_created());
  REQUIRE(alice.request(open_game(battle.game_created().game_id(), false)).has_game_snapshot());
  v1::ClientEnvelope envelope;
  envelope.mutable_query_command_range()->set_game_id(battle.game_created().game_id());
  envelope.mutable_query_command_range()->set_unit(0);
  const auto refused = alice.request(envelope);
  REQUIRE(refused.has_refusal());
  CHECK(refused.refusal().code() == v1::REFUSAL_CODE_NOT_ALLOWED);
}

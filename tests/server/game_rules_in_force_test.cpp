// No silent rules on the real server: a game whose rules lack a module in the engine is refused,
// naming them; a development server (allow-missing-rules) plays it, marked not by the book in its
// summary, its snapshot and its stored row, and a server without the flag does not load it again.
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// The Campaign Variant (28.0) still lacks special rules of its own (16.17, 28.0C-E among them).
// The Campaign Variant with 16.1's variant counters, a force option whose rule has no module yet.
v1::ClientEnvelope create_campaign_variant() {
  auto create = create_game("campaign-variant", {v1::SEAT_FRENCH}, test_entropy("alice"),
                            v1::SPECTATOR_VIEW_UNSPECIFIED);
  create.mutable_create_game()->add_force_options("16.1");
  return create;
}

std::vector<std::string> args_with(std::vector<std::string> extra) {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("A scenario or an optional rule without its rule module is refused, naming what is missing",
          "[e2e][games]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");

  const auto variant = alice.request(create_campaign_variant());
  REQUIRE(variant.has_refusal());
  CHECK(variant.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
  INFO(variant.refusal().message());
  CHECK(variant.refusal().message().find("needs rules the engine does not have") != std::string::npos);
  CHECK(variant.refusal().message().find("16.1") != std::string::npos);
  CHECK(variant.refusal().message().find("11.0") == std::string::npos);   // 11.0 Command has its module
  CHECK(variant.refusal().message().find("13.0") == std::string::npos);   // 13.0 Corps morale has its module
  CHECK(variant.refusal().message().find("22.6F") == std::string::npos);  // 22.6F has its module
  CHECK(variant.refusal().message().find("22.6A") == std::string::npos);  // 22.6A has its module
  CHECK(variant.refusal().message().find("16.14") == std::string::npos);  // 16.14 has its module
  CHECK(variant.refusal().message().find("16.1C") == std::string::npos);  // 16.1C has its module

  auto fog =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  fog.mutable_create_game()->add_optional_rules("16.3");  // offered by 19.1, not in the engine yet
  const auto refused = alice.request(fog);
  REQUIRE(refused.has_refusal());
  CHECK(refused.refusal().message().find("16.3") != std::string::npos);
  CHECK(query(server.database_path(), "SELECT count(*) FROM games") == std::vector<std::string>{"0"});

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

TEST_CASE("A development server plays the Campaign Variant with 16.1 not by the book, and says so everywhere",
          "[e2e][games]") {
  const auto directory = make_temp_directory("hd-not-by-the-book");
  auto server =
      std::make_unique<ServerProcess>(ServerOptions{args_with({"--allow-missing-rules", "true"}), directory});
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();

  const auto created = alice->request(create_campaign_variant());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const auto opened = alice->request(open_game(game, false));
  REQUIRE(opened.has_game_snapshot());
  const auto& missing = opened.game_snapshot().scenario().missing_rules();
  CHECK(std::vector<std::string>(missing.begin(), missing.end()) ==
        std::vector<std::string>{"16.1"});
  CHECK(opened.game_snapshot().summary().missing_rules_size() == missing.size());
  const auto stored =
      query(server->database_path(), "SELECT missing_rules FROM games WHERE id = " + std::to_string(game));
  REQUIRE(stored.size() == 1);
  CHECK(stored.front().find("16.1") != std::string::npos);

  // A server without the flag does not load it: opening it finds no game.
  alice.reset();
  server->stop();
  server = std::make_unique<ServerProcess>(ServerOptions{game_server_args(), directory});
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

// End-to-end, issue 29 (second hardening pass), findings 4 and 7: an account keeps at most
// max-open-games-per-account games open and creates at most max-games-created-per-day games in 24
// hours (more are refused LIMIT_REACHED and nothing is created); a refusal for an unknown force
// option or optional rule names no file of the server; CreateGame names each seat at most once in
// `seats` and in `take_seats` (duplicates, conflicting entries and too many entries are refused).
#include "game_test_player.hpp"
#include "refusal_checks.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// The games the lobby lists as open (public, with a free human seat).
int listed_open(GamePlayer& player) {
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_OPEN);
  const auto answer = player.request(list);
  REQUIRE(answer.has_game_list());
  return answer.game_list().games_size();
}

std::string games_in_database(const ServerProcess& server) {
  return query_one(server.database_path(), "SELECT COUNT(*) FROM games");
}

// A quatre-bras game with the French seat taken: open until someone takes the Allied seat.
v1::ClientEnvelope open_quatre_bras(const std::string& who) {
  return create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(who), v1::SPECTATOR_VIEW_UNSPECIFIED);
}

void add_seat(v1::ClientEnvelope& envelope, v1::Seat seat, bool built_in) {
  v1::SeatSetup& setup = *envelope.mutable_create_game()->add_seats();
  setup.set_seat(seat);
  setup.set_built_in(built_in);
}

}  // namespace

TEST_CASE("an account keeps at most max-open-games-per-account games open (default 10)",
          "[e2e][games][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  std::vector<std::uint64_t> games;
  for (int i = 0; i < 10; ++i) {
    const auto created = alice.request(open_quatre_bras("alice"));
    INFO(created.DebugString());
    REQUIRE(created.has_game_created());
    games.push_back(created.game_created().game_id());
  }
  REQUIRE(listed_open(bob) == 10);
  // The eleventh: refused, nothing created, the lobby unchanged.
  const auto refused = alice.request(open_quatre_bras("alice"));
  expect_refusal(refused, v1::REFUSAL_CODE_LIMIT_REACHED);
  CHECK(refused.refusal().message().find("open games") != std::string::npos);
  CHECK(listed_open(bob) == 10);
  CHECK(games_in_database(server) == "10");
  // Another account is not affected.
  REQUIRE(bob.request(open_quatre_bras("bob")).has_game_created());
  // A game that starts at once (every human seat taken by its creator) is not an open game.
  REQUIRE(alice
              .request(create_game("quatre-bras", {v1::SEAT_FRENCH, v1::SEAT_ALLIED}, test_entropy("alice"),
                                   v1::SPECTATOR_VIEW_UNSPECIFIED))
              .has_game_created());
  // Once one of alice's games has its players, she may open another.
  REQUIRE(bob.request(join_game(games.front(), v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  REQUIRE(alice.request(open_quatre_bras("alice")).has_game_created());
  expect_refusal(alice.request(open_quatre_bras("alice")), v1::REFUSAL_CODE_LIMIT_REACHED);
  CHECK(games_in_database(server) == "13");
}

TEST_CASE("an account creates at most max-games-created-per-day games in 24 hours",
          "[e2e][games][hardening]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--max-games-created-per-day", "3"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  for (int i = 0; i < 3; ++i)  // started at once: the open-games limit plays no part
    REQUIRE(alice
                .request(create_game("quatre-bras", {v1::SEAT_FRENCH, v1::SEAT_ALLIED}, test_entropy("alice"),
                                     v1::SPECTATOR_VIEW_UNSPECIFIED))
                .has_game_created());
  const auto refused = alice.request(open_quatre_bras("alice"));
  expect_refusal(refused, v1::REFUSAL_CODE_LIMIT_REACHED);
  CHECK(refused.refusal().message().find("24 hours") != std::string::npos);
  CHECK(games_in_database(server) == "3");
  REQUIRE(bob.request(open_quatre_bras("bob")).has_game_created());
}

TEST_CASE("a refusal for an unknown force option or rule names no file of the server",
          "[e2e][games][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  v1::ClientEnvelope option = open_quatre_bras("alice");
  option.mutable_create_game()->add_force_options("no-such-option");
  const auto refused_option = alice.request(option);
  expect_refusal(refused_option, v1::REFUSAL_CODE_INVALID_REQUEST);
  const std::string& text = refused_option.refusal().message();
  INFO(text);
  CHECK(text.find("no-such-option") != std::string::npos);  // still says what was wrong
  CHECK(text.find('/') == std::string::npos);
  CHECK(text.find(game_data_root().string()) == std::string::npos);

  v1::ClientEnvelope rule = open_quatre_bras("alice");
  rule.mutable_create_game()->add_optional_rules("no-such-rule");
  const auto refused_rule = alice.request(rule);
  expect_refusal(refused_rule, v1::REFUSAL_CODE_INVALID_REQUEST);
  INFO(refused_rule.refusal().message());
  CHECK(refused_rule.refusal().message().find('/') == std::string::npos);

  // A long unknown option is not echoed whole.
  v1::ClientEnvelope long_option = open_quatre_bras("alice");
  long_option.mutable_create_game()->add_force_options(std::string(5000, 'x'));
  const auto refused_long = alice.request(long_option);
  expect_refusal(refused_long, v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(refused_long.refusal().message().size() < 300);
  CHECK(games_in_database(server) == "0");
}

TEST_CASE("CreateGame names each seat at most once", "[e2e][games][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  // The same seat claimed twice, or ten thousand times.
  v1::ClientEnvelope twice = open_quatre_bras("alice");
  twice.mutable_create_game()->add_take_seats(v1::SEAT_FRENCH);
  expect_refusal(alice.request(twice), v1::REFUSAL_CODE_INVALID_REQUEST);
  v1::ClientEnvelope many = open_quatre_bras("alice");
  for (int i = 0; i < 9999; ++i)
    many.mutable_create_game()->add_take_seats(v1::SEAT_FRENCH);
  expect_refusal(alice.request(many), v1::REFUSAL_CODE_INVALID_REQUEST);
  // One seat set up twice, alike or conflicting.
  v1::ClientEnvelope same = open_quatre_bras("alice");
  add_seat(same, v1::SEAT_FRENCH, false);
  add_seat(same, v1::SEAT_FRENCH, false);
  expect_refusal(alice.request(same), v1::REFUSAL_CODE_INVALID_REQUEST);
  v1::ClientEnvelope conflicting =
      create_game("quatre-bras", {}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  add_seat(conflicting, v1::SEAT_ALLIED, false);
  add_seat(conflicting, v1::SEAT_ALLIED, true);
  const auto refused_conflict = alice.request(conflicting);
  expect_refusal(refused_conflict, v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(refused_conflict.refusal().message().find("conflicting") != std::string::npos);
  // More entries than there are seats, and a seat that does not exist.
  v1::ClientEnvelope too_many =
      create_game("quatre-bras", {}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED, v1::SEAT_FRENCH})
    add_seat(too_many, seat, false);
  expect_refusal(alice.request(too_many), v1::REFUSAL_CODE_INVALID_REQUEST);
  v1::ClientEnvelope unknown = open_quatre_bras("alice");
  add_seat(unknown, static_cast<v1::Seat>(7), false);
  expect_refusal(alice.request(unknown), v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(games_in_database(server) == "0");

  // What clients send stays accepted: every seat named once, a seat the scenario lacks included.
  v1::ClientEnvelope usual = open_quatre_bras("alice");
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED})
    add_seat(usual, seat, false);
  REQUIRE(alice.request(usual).has_game_created());
  CHECK(games_in_database(server) == "1");
}

// End-to-end, a game left half-made (issue 12, finding 7): an older server could crash between
// writing a game's last seat and marking it running, leaving it OPEN with every seat taken forever.
// Such a row is made by hand in the SQLite file; the restarted server repairs it (RUNNING, logged).
// A game whose last seat is taken at creation is written RUNNING at once (one transaction).
#include "game_test_player.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd::test;

TEST_CASE("start-up repairs a game left open with every human seat taken", "[e2e][games][hardening]") {
  const auto directory = make_temp_directory("hd-half-made");
  std::uint64_t game = 0;
  std::uint64_t account = 0;
  {
    ServerProcess server({game_server_args(), directory});
    GamePlayer alice(server.port(), "alice");
    account = alice.account_id();
    const auto created = alice.request(
        create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
    REQUIRE(created.has_game_created());
    game = created.game_created().game_id();
    // Taking both seats at creation writes the game RUNNING in the same transaction.
    const auto both = alice.request(create_game("quatre-bras", {v1::SEAT_FRENCH, v1::SEAT_ALLIED},
                                                test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
    REQUIRE(both.has_game_created());
    CHECK(query(server.database_path(),
                "SELECT status FROM games WHERE id = " + std::to_string(both.game_created().game_id())) ==
          std::vector<std::string>{"2"});
    REQUIRE(server.stop() == 0);
  }
  const auto database = directory / "hundred-days.sqlite";
  // What a crash between the seat's write and the status's left behind.
  query(database, "UPDATE game_seats SET account_id = " + std::to_string(account) +
                      ", entropy = '00112233445566778899aabbccddeeff' WHERE game_id = " +
                      std::to_string(game) + " AND account_id IS NULL AND built_in = 0");
  REQUIRE(query(database, "SELECT status FROM games WHERE id = " + std::to_string(game)) ==
          std::vector<std::string>{"1"});

  ServerProcess restarted({game_server_args(), directory});
  CHECK(query(database, "SELECT status FROM games WHERE id = " + std::to_string(game)) ==
        std::vector<std::string>{"2"});
  CHECK(restarted.log().find("event=game_repaired game=" + std::to_string(game)) != std::string::npos);
}

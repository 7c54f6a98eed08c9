// A whole quatre-bras game between two hd_term bots on the real server (loopback, a real SQLite
// file), exported through the client and verified like hd_verify does (docs/dice.md).
#include "accounts/password_hashing.hpp"
#include "process.hpp"
#include "record_verifier.hpp"
#include "server_process.hpp"

#include <hd/term/bot_match.hpp>

#include <catch2/catch.hpp>

#include <fstream>

using hd::test::ServerOptions;
using hd::test::ServerProcess;

namespace {

// A server with cheap password hashing (tests only) and the source tree's scenarios.
ServerOptions test_server_options() {
  ServerOptions options;
  options.extra_args = {"--argon2-memory-kib", "8192",
                        "--argon2-operations", "1",
                        "--data-root",         std::string(HD_SOURCE_DIR) + "/scenarios"};
  return options;
}

}  // namespace

TEST_CASE("two hd_term bots play quatre-bras to the end and the record verifies", "[terminal][e2e][game]") {
  ServerProcess server(test_server_options());
  const auto address = hd::term::parse_server_address(server.url());
  REQUIRE(address);
  hd::term::BotMatchOptions options;
  options.scenario = "quatre-bras";
  options.data_root = std::string(HD_SOURCE_DIR) + "/scenarios";
  hd::term::BotMatch match = hd::term::set_up_bot_match(*address, options);
  REQUIRE(match.players.size() == 2);

  std::vector<hd::term::BotStats> stats;
  std::string error;
  const bool played = hd::term::play_bot_match(match, 7, stats, error);
  INFO(error);
  INFO(server.log());
  REQUIRE(played);
  const auto& game = *match.players[0]->game();
  CHECK(game.finished());
  CHECK(stats[0].refusals + stats[1].refusals == 0);
  CHECK(stats[0].actions > 0);
  CHECK(stats[1].actions > 0);
  CHECK(stats[0].actions + stats[1].actions == game.sequence);  // every action was a bot's
  // Both replicas followed every update to the same end.
  CHECK(match.players[1]->game()->sequence == game.sequence);

  // Export through the client, then verify the record and its dice proof.
  hundred_days::v1::ClientEnvelope request;
  request.mutable_export_record()->set_game_id(match.game_id);
  const auto answer = match.players[1]->request(request);
  REQUIRE(answer);
  REQUIRE(answer->has_game_record());
  hd::server::init_crypto();
  const hd::server::Verification verified = hd::server::verify_game(
      answer->game_record().record(), answer->game_record().dice_proof(), options.data_root);
  INFO(answer->game_record().record());
  INFO(verified.message);
  CHECK(verified.ok);
  CHECK(verified.actions == game.sequence);

  // And the hd_verify program agrees; a tampered record makes it fail.
  const auto record = server.directory() / "game.rec";
  const auto proof = server.directory() / "game.proof";
  std::ofstream(record) << answer->game_record().record();
  std::ofstream(proof) << answer->game_record().dice_proof();
  CHECK(hd::test::run_process(
            {HD_VERIFY_BINARY, "--data", options.data_root.string(), record.string(), proof.string()},
            std::chrono::seconds(60)) == 0);
  std::string tampered = answer->game_record().record();
  tampered.replace(tampered.rfind("# final-hash: ") + 14, 4, "ffff");
  std::ofstream(record) << tampered;
  CHECK(hd::test::run_process(
            {HD_VERIFY_BINARY, "--data", options.data_root.string(), record.string(), proof.string()},
            std::chrono::seconds(60)) == 1);
}

// Issue 14: the bots choose from a replica of the whole board, which a game with fog of war (16.3)
// does not give: they refuse it with that reason instead of failing later.
TEST_CASE("hd_term bots refuse a game with fog of war (16.3)", "[terminal][e2e][16.3][fog]") {
  ServerProcess server(test_server_options());
  const auto address = hd::term::parse_server_address(server.url());
  REQUIRE(address);
  hd::term::BotMatchOptions options;
  options.scenario = "quatre-bras";
  options.data_root = std::string(HD_SOURCE_DIR) + "/scenarios";
  options.optional_rules = {"16.3"};
  hd::term::BotMatch match = hd::term::set_up_bot_match(*address, options);
  REQUIRE(match.players.size() == 2);
  for (const auto& player : match.players) {
    REQUIRE(player->game());
    CHECK(player->game()->fog_of_war);
    CHECK_FALSE(player->game()->replica);
  }
  std::vector<hd::term::BotStats> stats;
  std::string error;
  CHECK_FALSE(hd::term::play_bot_match(match, 7, stats, error));
  CHECK(error.find(": the bot cannot play a game with fog of war (16.3) yet: it needs the whole board") !=
        std::string::npos);
  CHECK(stats[0].actions + stats[1].actions == 0);
}

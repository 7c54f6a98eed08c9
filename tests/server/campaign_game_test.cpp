// End-to-end, issue 13's done-when: the Campaign (22.0) with 22.4C's victory levels and the Hal
// Force (22.6B), played to its end on the real server process (loopback, a real SQLite file) by
// its built-in players, which seek battle (the server's default, --builtin-style battle). The record
// the creator exports, replayed by the engine action by action, shows leaders giving command and
// units out of command (11.0), units reorganized (12.0), a corps demoralized (13.0) and supply
// checks (14.0). The Allied seat's secret choice of the Hal Force was committed when it was made
// (game_secrets) and is opened in the dice proof, and hd_verify passes the record.
//
// Built in the normal suite only (tests/server/CMakeLists.txt): a battle-seeking Campaign is about
// 4,000 actions; the sanitizer suites play whole server games with the uniform built-in player
// (game_unattended_test, game_entry_choice_commitment_test).
#include "accounts/password_hashing.hpp"
#include "game_tally.hpp"
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "record_verifier.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/loader/record_header.hpp>
#include <hd/wire/secret_commitment.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// Replays an exported record on the engine, line by line, every line parsed and accepted with its
// own dice, and tallies what happened (game_tally.hpp). Checks the record's final hash.
GameTally replay_and_tally(const std::string& record) {
  const loader::RecordHeaderParse header = loader::parse_record_header(record);
  INFO(header.error);
  REQUIRE(header.header);
  REQUIRE(header.header->final_hash);
  auto started = loader::start_scenario_game(game_data_root(), header.header->choice);
  INFO((started.errors.empty() ? std::string() : started.errors.front().message));
  REQUIRE(started.value);
  engine::GameState state = std::move(*started.value);
  GameTally tally;
  std::istringstream lines(record);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    INFO("line " << number << ": " << line);
    const auto parsed = engine::parse_action_line(state, line);
    REQUIRE(std::holds_alternative<engine::NotatedAction>(parsed));
    const auto& notated = std::get<engine::NotatedAction>(parsed);
    REQUIRE_FALSE(engine::validate(state, notated.side, notated.action));
    const int turn = state.turn;
    std::size_t used = 0;
    const auto events = engine::apply(state, notated.side, notated.action, [&] {
      REQUIRE(used < notated.dice.size());
      return notated.dice[used++];
    });
    REQUIRE(used == notated.dice.size());
    tally_action(tally, state, turn, events);
  }
  CHECK(state.phase == engine::Phase::GameOver);
  CHECK(loader::format_final_hash(engine::state_hash(state)) == *header.header->final_hash);
  return tally;
}

}  // namespace

TEST_CASE(
    "the Campaign played on the server to its end: command, reorganization, a demoralized corps, "
    "supply checks and the Hal Force's secret choice committed, opened and verified",
    "[e2e][games][22.0][22.6B][11.0][12.0][13.0][14.0][commitment]") {
  ServerProcess server({game_server_args(), {}});  // built-in players seek battle by default
  GamePlayer robot(server.port(), "robot");
  v1::ClientEnvelope create = create_unattended("campaign");
  create.mutable_create_game()->add_force_options("22.4C");
  create.mutable_create_game()->add_force_options("22.6B");
  const auto created = robot.request(create);
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  wait_until_finished(server.port(), std::chrono::minutes(10));

  const auto exported = robot.request(export_record(game));
  INFO(exported.refusal().message());
  REQUIRE(exported.has_game_record());
  const std::string& record = exported.game_record().record();
  const std::string& proof = exported.game_record().dice_proof();

  // The record is the game created: the Campaign with both options, played by the book.
  const loader::RecordHeaderParse header = loader::parse_record_header(record);
  REQUIRE(header.header);
  CHECK(header.header->choice.scenario == "campaign");
  CHECK(header.header->choice.options == std::vector<std::string>{"22.4C", "22.6B"});
  CHECK_FALSE(header.header->choice.allow_missing_rules);

  const GameTally tally = replay_and_tally(record);
  std::cout << "campaign on the server: " << tally.actions << " actions, " << tally.combat_eliminations
            << " eliminated in combat, " << tally.out_of_supply << " out of supply, " << tally.reorganizations
            << " reorganized, " << tally.demoralized_corps << " corps demoralized, " << tally.supply_checks
            << " supply checks, at most " << tally.most_giving_command << " leaders giving command and "
            << tally.most_out_of_command << " out of command\n";
  CHECK(tally.actions > 1000);
  CHECK(tally.combat_eliminations > 0);
  CHECK(tally.most_giving_command > 0);  // 11.0
  CHECK(tally.most_out_of_command > 0);
  CHECK(tally.reorganizations > 0);    // 12.0
  CHECK(tally.demoralized_corps > 0);  // 13.0
  CHECK(tally.supply_checks >= 2);     // 14.0: 17 and 18 June (22.0's turns from 16/1400)

  // 22.6B: the Allied seat made its choice once; it was stored as a secret of the Allied seat with
  // a commitment to it, and the proof opens it.
  std::istringstream lines(record);
  int made = 0;
  for (std::string line; std::getline(lines, line);)
    if (const auto choice = engine::parse_choose_entry_line(line)) made += choice->id == "hal-force";
  CHECK(made == 1);
  const std::string where =
      " FROM game_secrets WHERE game_id = " + std::to_string(game) + " AND choice_id = '22.6B/hal-force'";
  const std::string seat = query_one(server.database_path(), "SELECT seat" + where);
  const std::string choice = query_one(server.database_path(), "SELECT choice" + where);
  const std::string nonce = query_one(server.database_path(), "SELECT nonce" + where);
  const std::string commitment = query_one(server.database_path(), "SELECT commitment" + where);
  CHECK(seat == std::to_string(v1::SEAT_ALLIED));
  CHECK(proof.find("secret 22.6B/hal-force allied " + commitment + " " + nonce + " " + choice + "\n") !=
        std::string::npos);
  server::init_crypto();
  const server::Verification verified = server::verify_game(record, proof, game_data_root());
  INFO(verified.message);
  CHECK(verified.ok);
  CHECK_THAT(verified.message, Catch::Contains("1 secret choice(s) opened"));
  // A proof whose opening names another choice fails.
  const std::string other = choice == "none" ? "18/1100@0114" : "none";
  std::string tampered = proof;
  const std::size_t at = tampered.find(" " + nonce + " " + choice + "\n");
  REQUIRE(at != std::string::npos);
  tampered.replace(at, nonce.size() + choice.size() + 3, " " + nonce + " " + other + "\n");
  CHECK_FALSE(server::verify_game(record, tampered, game_data_root()).ok);
}

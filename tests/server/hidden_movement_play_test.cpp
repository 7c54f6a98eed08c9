// End-to-end, issue 14 (16.3 and 16.6, docs/fog-of-war.md): Quatre Bras games with observation and
// hidden movement, by the book, played to their end on the real server by two clients (the French
// and the Allied seat, each submitting its own side's actions) and watched by a spectator shown the
// French side. The actions are random legal play worked out on a local copy with the server's dice
// (fog_local_game.hpp): hides at set-up and in command phases, marker moves, voluntary reveals, and
// reveals mid-move (an enemy move halted where it comes to observe a marker, 16.6C). Each finished
// game's record verifies with hd_verify's checks, and fails with a hide's real marker changed.
#include "accounts/password_hashing.hpp"
#include "fog_local_game.hpp"
#include "game_test_player.hpp"
#include "record_verifier.hpp"
#include "server_process.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/state/events.hpp>

#include <catch2/catch.hpp>

#include <iostream>
#include <map>
#include <string>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// The record with the real marker of its first `hide` line changed (A for B, B for A), or "" if it
// has none. A hide is written `SIDE hide PAIR HEX A|B PIECE...`.
std::string with_first_hide_swapped(std::string record) {
  const std::size_t verb = record.find(" hide ");
  if (verb == std::string::npos) return "";
  std::size_t at = verb + 6;
  for (int word = 0; word < 2; ++word)  // past PAIR and HEX
    at = record.find(' ', at) + 1;
  REQUIRE((record[at] == 'A' || record[at] == 'B'));
  record[at] = record[at] == 'A' ? 'B' : 'A';
  return record;
}

// True if `events` hold 16.6C's reveal of a pair whose marker came under enemy observation.
bool marker_observed(const std::vector<engine::Event>& events) {
  for (const engine::Event& event : events)
    if (const auto* rule = std::get_if<engine::RuleEvent>(&event);
        rule && rule->rule == "16.6" && rule->kind == "marker-observed")
      return true;
  return false;
}

}  // namespace

TEST_CASE("16.6: games with hidden movement play to their end between two clients and a spectator",
          "[e2e][games][16.6][16.3][fog]") {
  server::init_crypto();
  std::vector<std::string> args = game_server_args();
  // Fixed dice, so that the local copy rolls what the server rolls: a development server's flag (it
  // needs allow-missing-rules, which changes nothing here: 16.3 and 16.6 miss no rule).
  args.insert(args.end(), {"--allow-missing-rules", "true", "--dev-dice-seed", kFogDiceSeedHex});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  GamePlayer carol(server.port(), "carol");
  std::map<std::string, int> taken;  // actions by kind, over all games
  int games = 0, mid_move_reveals = 0, coalition_markers_seen = 0;
  std::size_t actions = 0;
  for (std::uint64_t seed = 1; games < 2 || (games < 8 && mid_move_reveals == 0); ++seed) {
    ++games;
    const std::uint64_t game =
        start_observed_quatre_bras(alice, bob, v1::SPECTATOR_VIEW_FRENCH, rules_of(Fog::HiddenMovement));
    const auto watched = carol.request(open_game(game, true));
    REQUIRE(watched.has_game_snapshot());
    CHECK(watched.game_snapshot().scenario().missing_rules_size() == 0);  // by the book
    LocalGame local = new_local_game(Fog::HiddenMovement);
    REQUIRE(local.state.phase == engine::Phase::Setup);  // 16.6A: units may go hidden at set-up
    engine::SplitMix64 random(seed);
    while (const auto step = random_step(local, random)) {
      REQUIRE(local.steps.size() < 4000);  // bounded
      const bool setting_up = local.state.phase == engine::Phase::Setup;
      INFO("game " << games << ", step " << local.steps.size() << ": " << step->line);
      REQUIRE(play(local, *step));
      GamePlayer& seat = step->side == engine::Side::French ? alice : bob;
      const auto answer = seat.request(submit_notation(game, step->line));
      INFO(answer.refusal().message());
      REQUIRE(answer.has_action_accepted());
      const std::size_t space = step->line.find(' ');
      const std::string verb = step->line.substr(space + 1, step->line.find(' ', space + 1) - space - 1);
      ++taken[setting_up && verb == "hide" ? "hide at set-up" : verb];
      if (verb == "move" && marker_observed(local.last_events)) ++mid_move_reveals;  // 16.6C
    }
    REQUIRE(local.state.phase == engine::Phase::GameOver);
    actions += local.steps.size();
    // The spectator followed to the end, never told which Coalition marker was real.
    bool over = false;
    while (!over) {
      const auto message = carol.next(std::chrono::seconds(30));
      REQUIRE(message);
      if (!message->has_game_update()) continue;
      const v1::GameView& view = message->game_update().view();
      for (const v1::HiddenMarker& marker : view.markers())
        if (marker.army() != v1::ARMY_FRENCH) {
          CHECK_FALSE(marker.has_real());
          ++coalition_markers_seen;
        }
      over = view.phase() == v1::PHASE_GAME_OVER;
    }
    v1::ClientEnvelope close;
    close.mutable_close_game()->set_game_id(game);
    REQUIRE(carol.request(close).has_ok());

    // hd_verify: the record verifies; with a hide's real marker changed it fails.
    const auto exported = alice.request(export_record(game));
    REQUIRE(exported.has_game_record());
    const std::string& record = exported.game_record().record();
    const std::string& proof = exported.game_record().dice_proof();
    const server::Verification verified = server::verify_game(record, proof, game_data_root());
    INFO(verified.message);
    REQUIRE(verified.ok);
    const std::string tampered = with_first_hide_swapped(record);
    REQUIRE_FALSE(tampered.empty());
    const server::Verification refused = server::verify_game(tampered, proof, game_data_root());
    CHECK_FALSE(refused.ok);
    CHECK_THAT(refused.message, Catch::Contains("16.6/"));
  }
  std::cout << "16.6 games: " << games << " played to their end, " << actions << " actions; ";
  for (const auto& [verb, count] : taken)
    if (verb != "move" && verb != "end" && verb != "attack" && verb != "retreat" && verb != "advance")
      std::cout << count << " " << verb << ", ";
  std::cout << mid_move_reveals << " reveals mid-move, " << coalition_markers_seen
            << " Coalition marker views without `real`\n";
  // The work is real: every part of 16.6 was played.
  CHECK(taken["hide at set-up"] > 0);
  CHECK(taken["hide"] > 0);
  CHECK(taken["move-marker"] > 0);
  CHECK(taken["deploy"] > 0);
  CHECK(mid_move_reveals > 0);
  CHECK(coalition_markers_seen > 0);
}

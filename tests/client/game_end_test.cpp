// The end screen's model (model/game_end): the winner, the level, the victory condition's words and
// the final VP from what the server sent (an update that ends the game, a finished game's snapshot,
// a summary ended by consent); the resignation's confirmation step through the client model's
// outbox; where an exported record went, kept for the end panel; the report's end words.
#include "model/game_end.hpp"

#include "app/script_report.hpp"
#include "model/client_model.hpp"
#include "view/word_wrap.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;
using hd::client::EnvelopeReceived;
using hd::client::GameModel;

namespace {

// A running Ligny game `id` in its movement phase where this client holds the French seat, with VP.
pb::GameSnapshot running(std::uint64_t id = 21) {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(id);
  snapshot.set_sequence(40);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  snapshot.mutable_scenario()->set_title("Ligny");
  snapshot.mutable_view()->set_phase(pb::PHASE_MOVEMENT);
  snapshot.mutable_view()->add_victory_points(7);
  snapshot.mutable_view()->add_victory_points(3);
  snapshot.mutable_summary()->set_game_id(id);
  snapshot.mutable_summary()->set_status(pb::GAME_STATUS_RUNNING);
  return snapshot;
}

// The update after `snapshot` whose action ends the game: the view in GAME_OVER with the engine's
// result and the VP it was decided on.
pb::GameUpdate ending_update(const pb::GameSnapshot& snapshot, pb::Side winner, const std::string& level,
                             const std::string& text, int french_vp, int coalition_vp) {
  pb::GameUpdate update;
  update.set_game_id(snapshot.game_id());
  update.set_sequence(snapshot.sequence() + 1);
  update.set_action_text("french end");
  *update.mutable_view() = snapshot.view();
  update.mutable_view()->set_phase(pb::PHASE_GAME_OVER);
  update.mutable_view()->set_victory_points(0, french_vp);
  update.mutable_view()->set_victory_points(1, coalition_vp);
  update.mutable_view()->mutable_result()->set_winner(winner);
  update.mutable_view()->mutable_result()->set_level(level);
  update.mutable_view()->mutable_result()->set_text(text);
  return update;
}

std::shared_ptr<pb::ServerEnvelope> envelope_of(const pb::GameSnapshot& snapshot) {
  auto envelope = std::make_shared<pb::ServerEnvelope>();
  *envelope->mutable_game_snapshot() = snapshot;
  return envelope;
}

// Game 21's summary once it is finished: how it ended, who won, and the server's words.
pb::GameSummary finished_summary(pb::GameEnd end, pb::Side winner, const std::string& result) {
  pb::GameSummary summary;
  summary.set_game_id(21);
  summary.set_status(pb::GAME_STATUS_FINISHED);
  summary.set_end(end);
  summary.set_winner(winner);
  summary.set_result(result);
  return summary;
}

}  // namespace

TEST_CASE("17.0 an update that ends the game: the end names winner, level, condition and final VP") {
  GameModel model;
  const pb::GameSnapshot snapshot = running();
  model.apply_snapshot(snapshot);
  CHECK_FALSE(hd::client::game_end(model));
  CHECK(model.resign().empty());  // armed, not sent
  REQUIRE(model.resign_armed());

  REQUIRE(model.apply_update(ending_update(snapshot, pb::SIDE_FRENCH, "marginal",
                                           "19.4C: the French hold Quatre Bras at the end of the game", 12,
                                           8)) == hd::client::UpdateFit::Applied);
  const auto end = hd::client::game_end(model);
  REQUIRE(end);
  CHECK(end->headline == "French victory (marginal)");
  CHECK(end->reason == "19.4C: the French hold Quatre Bras at the end of the game");
  CHECK(end->final_vp == "Final VP: French 12, Coalition 8");
  // The game is over: the armed resignation is gone and a second step sends nothing.
  CHECK_FALSE(model.resign_armed());
  CHECK(model.resign().empty());
  CHECK(model.offer_draw().empty());
}

TEST_CASE("a finished game opened from the lobby shows its end at once; a draw by 3.4 has no winner") {
  pb::GameSnapshot snapshot = running();
  snapshot.mutable_view()->set_phase(pb::PHASE_GAME_OVER);
  snapshot.mutable_view()->mutable_result()->set_winner(pb::SIDE_UNSPECIFIED);
  snapshot.mutable_view()->mutable_result()->set_level("draw");
  snapshot.mutable_view()->mutable_result()->set_text("no victory condition was met");
  snapshot.mutable_summary()->set_status(pb::GAME_STATUS_FINISHED);
  snapshot.mutable_summary()->set_end(pb::GAME_END_RULES);
  ClientModel client("ws://127.0.0.1:1");
  client.apply(EnvelopeReceived{envelope_of(snapshot)});
  const auto end = hd::client::game_end(client.game());
  REQUIRE(end);
  CHECK(end->headline == "Draw");
  CHECK(end->reason == "no victory condition was met");
  CHECK(end->final_vp == "Final VP: French 7, Coalition 3");
  const std::string report = hd::client::script_report(client);
  CHECK(report.find(" over=1 ") != std::string::npos);
  CHECK(report.find(
            " end=Draw end_reason=no_victory_condition_was_met end_vp=Final_VP:_French_7,_Coalition_3 ") !=
        std::string::npos);
}

TEST_CASE("a resignation's end keeps the VP of the last view; a game closed before it started has none") {
  GameModel resigned;
  resigned.apply_snapshot(running());
  pb::GameSummary summary =
      finished_summary(pb::GAME_END_RESIGNATION, pb::SIDE_COALITION,
                       "coalition victory: the french side resigned (french seat, alice)");
  resigned.apply_summary(summary);
  auto end = hd::client::game_end(resigned);
  REQUIRE(end);
  CHECK(end->headline == "Coalition victory (resignation)");
  CHECK(end->final_vp == "Final VP: French 7, Coalition 3");

  GameModel expired;
  expired.apply_snapshot(running());
  summary.set_end(pb::GAME_END_EXPIRED);
  summary.set_winner(pb::SIDE_UNSPECIFIED);
  summary.set_result("expired: not started within 7 days");
  expired.apply_summary(summary);
  end = hd::client::game_end(expired);
  REQUIRE(end);
  CHECK(end->headline == "Closed before it started");
  CHECK(end->final_vp.empty());
}

TEST_CASE("Resign reaches the outbox only on the confirming second step; Escape's disarm sends nothing") {
  ClientModel client("ws://127.0.0.1:1");
  client.apply(EnvelopeReceived{envelope_of(running())});
  client.take_outbox();
  client.send_game(client.game().resign());
  CHECK(client.take_outbox().empty());
  CHECK(client.game().resign_armed());
  client.game().clear_selection();  // Escape, or the panel's Cancel
  client.send_game(client.game().resign());
  CHECK(client.take_outbox().empty());  // armed again, not sent
  client.send_game(client.game().resign());
  const auto sent = client.take_outbox();
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_resign());
  CHECK(sent[0].resign().game_id() == 21);
  CHECK(sent[0].request_id() != 0);
}

TEST_CASE("where the record went is kept for the end panel and reported, until another game opens") {
  const auto dir = std::filesystem::temp_directory_path() / "hd_client_export_message_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ClientModel client("ws://127.0.0.1:1");
  client.set_record_dir(dir);
  client.apply(EnvelopeReceived{envelope_of(running())});
  CHECK(client.game().export_message().empty());
  auto record = std::make_shared<pb::ServerEnvelope>();
  record->mutable_game_record()->set_game_id(21);
  record->mutable_game_record()->set_record("scenario ligny\n");
  record->mutable_game_record()->set_dice_proof("seed 00\n");
  client.apply(EnvelopeReceived{record});
  const std::string expected =
      "Record written to " + (dir / "21.rec").string() + ", dice proof to " + (dir / "21.dice").string();
  CHECK(client.game().export_message() == expected);
  CHECK(client.game().log().entries().back() == expected);
  CHECK(hd::client::script_report(client).find(" export=Record_written_to_" + (dir / "21.rec").string()) !=
        std::string::npos);
  client.apply(EnvelopeReceived{envelope_of(running(21))});  // the same game again: kept
  CHECK(client.game().export_message() == expected);
  client.apply(EnvelopeReceived{envelope_of(running(22))});  // another game
  CHECK(client.game().export_message().empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("word_wrap_cut keeps every line within the width, cutting a long path") {
  const auto lines = hd::client::word_wrap_cut("Record written to /a/very/long/path/to/records/21.rec", 16);
  REQUIRE(lines.size() == 5);
  CHECK(lines[0] == "Record written");
  CHECK(lines[1] == "to");
  CHECK(lines[2] == "/a/very/long/pat");
  CHECK(lines[3] == "h/to/records/21.");
  CHECK(lines[4] == "rec");
  CHECK(hd::client::word_wrap_cut("", 16).empty());
}

TEST_CASE("a missed turn deadline (forfeit) names the side that missed it, not a plain victory") {
  GameModel model;
  model.apply_snapshot(running());
  const pb::GameSummary summary =
      finished_summary(pb::GAME_END_DEADLINE, pb::SIDE_FRENCH,
                       "French victory: the Coalition side missed its turn deadline (Prussian seat, bob)");
  model.apply_summary(summary);
  const auto end = hd::client::game_end(model);
  REQUIRE(end);
  CHECK(end->headline == "French victory (deadline)");
  CHECK(end->reason ==
        "The Coalition missed its turn deadline. French victory: the Coalition side missed its turn deadline "
        "(Prussian seat, bob)");
  CHECK(end->final_vp == "Final VP: French 7, Coalition 3");
}

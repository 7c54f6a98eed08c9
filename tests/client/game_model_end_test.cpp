// Ending a game from the window client: resignation in two steps, draw offers and their answers,
// the end screen's words (from the view's result or the summary's) and the record export request.
#include "model/client_model.hpp"
#include "model/game_end.hpp"
#include "model/game_model.hpp"
#include "model/record_file.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;
using hd::client::EnvelopeReceived;
using hd::client::GameModel;

namespace {

// A running game 12 where this client holds `seat` (or spectates).
pb::GameSnapshot running_game(pb::Seat seat, bool spectating = false) {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(12);
  snapshot.set_sequence(3);
  snapshot.set_spectating(spectating);
  if (!spectating) snapshot.add_my_seats(seat);
  snapshot.mutable_scenario()->set_title("Ligny");
  snapshot.mutable_view()->set_phase(pb::PHASE_MOVEMENT);
  snapshot.mutable_summary()->set_game_id(12);
  snapshot.mutable_summary()->set_status(pb::GAME_STATUS_RUNNING);
  return snapshot;
}

pb::DrawOffered draw_offered(pb::Seat by) {
  pb::DrawOffered offered;
  offered.set_game_id(12);
  offered.set_by(by);
  return offered;
}

// A finished game's summary as the server sends it: how it ended, typed, and in words.
pb::GameSummary finished(const std::string& result, pb::GameEnd end = pb::GAME_END_DRAW_AGREED,
                         pb::Side winner = pb::SIDE_UNSPECIFIED) {
  pb::GameSummary summary;
  summary.set_game_id(12);
  summary.set_status(pb::GAME_STATUS_FINISHED);
  summary.set_result(result);
  summary.set_end(end);
  summary.set_winner(winner);
  return summary;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("resigning takes two steps: the first arms it, the second sends Resign; Escape disarms") {
  GameModel model;
  model.apply_snapshot(running_game(pb::SEAT_FRENCH));
  CHECK(model.resign().empty());
  CHECK(model.resign_armed());
  model.clear_selection();  // Escape
  CHECK_FALSE(model.resign_armed());
  CHECK(model.resign().empty());
  const auto sent = model.resign();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].resign().game_id() == 12);
  CHECK_FALSE(model.resign_armed());
}

TEST_CASE("a spectator cannot resign or offer a draw; a finished game takes neither") {
  GameModel watcher;
  watcher.apply_snapshot(running_game(pb::SEAT_UNSPECIFIED, true));
  CHECK(watcher.resign().empty());
  CHECK(watcher.resign().empty());
  CHECK_FALSE(watcher.resign_armed());
  CHECK(watcher.offer_draw().empty());
  watcher.apply_draw_offer(draw_offered(pb::SEAT_FRENCH));
  CHECK_FALSE(watcher.draw_offer());

  GameModel player;
  player.apply_snapshot(running_game(pb::SEAT_FRENCH));
  player.apply_summary(finished("drawn by agreement"));
  CHECK(player.over());
  CHECK(player.resign().empty());
  CHECK_FALSE(player.resign_armed());
  CHECK(player.offer_draw().empty());
}

TEST_CASE("offering a draw sends OfferDraw for the open game") {
  GameModel model;
  model.apply_snapshot(running_game(pb::SEAT_PRUSSIAN));
  const auto sent = model.offer_draw();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].offer_draw().game_id() == 12);
}

TEST_CASE("the other side's draw offer waits for an answer; my own side's does not") {
  GameModel model;
  model.apply_snapshot(running_game(pb::SEAT_ALLIED));
  CHECK(model.answer_draw(true).empty());                   // nothing on offer
  model.apply_draw_offer(draw_offered(pb::SEAT_PRUSSIAN));  // my ally's offer: not mine to answer
  CHECK_FALSE(model.draw_offer());
  pb::DrawOffered other_game = draw_offered(pb::SEAT_FRENCH);
  other_game.set_game_id(13);
  model.apply_draw_offer(other_game);
  CHECK_FALSE(model.draw_offer());

  model.apply_draw_offer(draw_offered(pb::SEAT_FRENCH));
  REQUIRE(model.draw_offer());
  CHECK(*model.draw_offer() == pb::SEAT_FRENCH);
  const auto declined = model.answer_draw(false);
  REQUIRE(declined.size() == 1);
  CHECK(declined[0].answer_draw().game_id() == 12);
  CHECK_FALSE(declined[0].answer_draw().accept());
  CHECK_FALSE(model.draw_offer());
  CHECK(model.answer_draw(true).empty());  // answered once

  model.apply_draw_offer(draw_offered(pb::SEAT_FRENCH));
  const auto accepted = model.answer_draw(true);
  REQUIRE(accepted.size() == 1);
  CHECK(accepted[0].answer_draw().accept());
}

TEST_CASE(
    "17.0 the end screen names the winner, the level and the victory condition from the view's result") {
  GameModel model;
  pb::GameSnapshot snapshot = running_game(pb::SEAT_FRENCH);
  CHECK_FALSE(hd::client::game_end(model));
  model.apply_snapshot(snapshot);
  CHECK_FALSE(hd::client::game_end(model));
  snapshot.mutable_view()->set_phase(pb::PHASE_GAME_OVER);
  auto* result = snapshot.mutable_view()->mutable_result();
  result->set_winner(pb::SIDE_COALITION);
  result->set_level("decisive");
  result->set_text("the Coalition holds Ligny and Sombreffe");
  model.apply_snapshot(snapshot);
  const auto end = hd::client::game_end(model);
  REQUIRE(end);
  CHECK(end->headline == "Coalition victory (decisive)");
  CHECK(end->reason == "the Coalition holds Ligny and Sombreffe");

  result->set_winner(pb::SIDE_UNSPECIFIED);
  result->set_level("draw");
  result->set_text("no victory condition was met");
  model.apply_snapshot(snapshot);
  REQUIRE(hd::client::game_end(model));
  CHECK(hd::client::game_end(model)->headline == "Draw");
  CHECK(hd::client::game_end(model)->reason == "no victory condition was met");
}

TEST_CASE(
    "a resignation or an agreed draw ends the game by its summary's typed end, with the server's words") {
  GameModel model;
  model.apply_snapshot(running_game(pb::SEAT_FRENCH));
  model.apply_draw_offer(draw_offered(pb::SEAT_PRUSSIAN));
  CHECK(model.draw_offer());
  pb::GameSummary other = finished("drawn by agreement");
  other.set_game_id(13);
  model.apply_summary(other);  // another game's summary changes nothing
  CHECK_FALSE(model.over());

  model.apply_summary(finished("coalition victory: the french side resigned (french seat, ney)",
                               pb::GAME_END_RESIGNATION, pb::SIDE_COALITION));
  REQUIRE(model.over());
  CHECK_FALSE(model.draw_offer());  // the game is over: nothing left to answer
  auto end = hd::client::game_end(model);
  REQUIRE(end);
  CHECK(end->headline == "Coalition victory (resignation)");
  CHECK(end->reason == "coalition victory: the french side resigned (french seat, ney)");
  // The headline comes from the typed fields, never from the words.
  GameModel worded;
  worded.apply_snapshot(running_game(pb::SEAT_FRENCH));
  worded.apply_summary(finished("some other words", pb::GAME_END_RESIGNATION, pb::SIDE_FRENCH));
  REQUIRE(hd::client::game_end(worded));
  CHECK(hd::client::game_end(worded)->headline == "French victory (resignation)");
  GameModel closed;
  closed.apply_snapshot(running_game(pb::SEAT_FRENCH));
  closed.apply_summary(finished("expired: not started within 7 days", pb::GAME_END_EXPIRED));
  REQUIRE(hd::client::game_end(closed));
  CHECK(hd::client::game_end(closed)->headline == "Closed before it started");
  CHECK(model.log().entries().back() ==
        "Game over: coalition victory: the french side resigned (french seat, ney)");

  GameModel drawn;
  drawn.apply_snapshot(running_game(pb::SEAT_FRENCH));
  drawn.apply_summary(finished("drawn by agreement"));
  end = hd::client::game_end(drawn);
  REQUIRE(end);
  CHECK(end->headline == "Draw");
  CHECK(end->reason == "drawn by agreement");
}

TEST_CASE("the record is asked for only once the game is over") {
  GameModel model;
  model.apply_snapshot(running_game(pb::SEAT_FRENCH));
  CHECK(model.export_record().empty());
  model.apply_summary(finished("drawn by agreement"));
  const auto sent = model.export_record();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].export_record().game_id() == 12);
}

TEST_CASE("a GameRecord answer is written as <id>.rec and <id>.dice in the record directory") {
  const auto dir = std::filesystem::temp_directory_path() / "hd_client_record_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ClientModel client("ws://127.0.0.1:1");
  client.set_record_dir(dir);
  auto envelope = std::make_shared<pb::ServerEnvelope>();
  envelope->mutable_game_record()->set_game_id(12);
  envelope->mutable_game_record()->set_record("scenario ligny\nfrench end\n");
  envelope->mutable_game_record()->set_dice_proof("seed abc\n");
  client.apply(EnvelopeReceived{envelope});
  CHECK(read_file(dir / "12.rec") == "scenario ligny\nfrench end\n");
  CHECK(read_file(dir / "12.dice") == "seed abc\n");
  CHECK(client.notice().find("12.rec") != std::string::npos);
  CHECK(client.notice().find("12.dice") != std::string::npos);

  // A directory that is not there: a clear error, no file.
  client.set_record_dir(dir / "missing");
  client.apply(EnvelopeReceived{envelope});
  CHECK(client.notice().find("is not a directory") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir / "missing"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a DrawOffered from the other side becomes the notice naming the keys") {
  ClientModel client("ws://127.0.0.1:1");
  auto snapshot = std::make_shared<pb::ServerEnvelope>();
  *snapshot->mutable_game_snapshot() = running_game(pb::SEAT_FRENCH);
  client.apply(EnvelopeReceived{snapshot});
  auto offer = std::make_shared<pb::ServerEnvelope>();
  *offer->mutable_draw_offered() = draw_offered(pb::SEAT_ALLIED);
  client.apply(EnvelopeReceived{offer});
  CHECK(client.game().draw_offer());
  CHECK(client.notice() == "Allied offers a draw: Y to accept, N to decline");
}

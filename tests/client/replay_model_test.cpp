// Issue 16, the window client's replay at the model level (no window, no server): the QueryReplay
// each step asks, the frame kept (an overtaken answer is not shown), `last` chasing a game that went
// on, a refusal, the texts the screen shows, the slider's arithmetic, and ClientModel's open_replay /
// close_replay.
#include "model/replay_model.hpp"

#include "app/script_report.hpp"
#include "model/client_model.hpp"
#include "model/replay_slider.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <memory>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;
using hd::client::ReplayModel;
using hd::client::Request;

namespace {

constexpr std::uint64_t kGame = 42;

// The action index a step asked for (exactly one QueryReplay of game 42 expected).
std::uint64_t asked_index(const std::vector<Request>& sent) {
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_query_replay());
  CHECK(sent[0].query_replay().game_id() == kGame);
  return sent[0].query_replay().action_index();
}

pb::ScenarioInfo scenario() {
  pb::ScenarioInfo info;
  info.set_id("quatre-bras");
  info.set_title("Quatre Bras");
  for (const char* label : {"16/1300", "16/1400", "16/1500"})
    info.add_turns()->set_label(label);
  return info;
}

// Frame `index` of `count`, through the French seat's view, on turn `turn`, with one French unit at
// 1917 (its strength the index, to tell frames apart on the board).
pb::ReplayFrame frame(std::uint64_t index, std::uint64_t count, std::uint32_t turn = 0) {
  pb::ReplayFrame out;
  out.set_game_id(kGame);
  out.set_action_index(index);
  out.set_action_count(count);
  out.set_seat(pb::SEAT_FRENCH);
  out.mutable_view()->set_turn(turn);
  out.mutable_view()->set_phase(pb::PHASE_MOVEMENT);
  pb::Unit& unit = *out.mutable_view()->add_units();
  unit.set_index(0);
  unit.set_id("2/1");
  unit.set_army(pb::ARMY_FRENCH);
  unit.set_status(pb::UNIT_STATUS_ON_MAP);
  unit.mutable_hex()->set_column(19);
  unit.mutable_hex()->set_row(17);
  unit.set_strength(static_cast<std::uint32_t>(index));
  if (index > 0) {
    out.mutable_update()->set_sequence(index);
    out.mutable_update()->set_seat(pb::SEAT_FRENCH);
    out.mutable_update()->set_action_text("end");
    out.mutable_update()->add_events()->set_text("the French movement phase ends");
  }
  return out;
}

// A model showing frame `index` of `count` (asked by go_to, answered).
ReplayModel showing(std::uint64_t index, std::uint64_t count) {
  ReplayModel replay(kGame);
  replay.set_scenario(scenario());
  asked_index(replay.first());
  replay.apply_frame(frame(0, count));
  if (index > 0) {
    CHECK(asked_index(replay.go_to(index)) == index);
    replay.apply_frame(frame(index, count));
  }
  return replay;
}

}  // namespace

TEST_CASE("replay: first asks the start; the frame is kept with its count, turn and texts") {
  ReplayModel replay(kGame);
  replay.set_scenario(scenario());
  CHECK(replay.position_text() == "Loading");
  CHECK(replay.turn_label() == "-");
  CHECK(asked_index(replay.first()) == 0);
  CHECK(replay.waiting());
  CHECK(replay.next().empty());  // nothing to step from before the first frame
  CHECK(replay.apply_frame(frame(0, 7)).empty());
  CHECK_FALSE(replay.waiting());
  REQUIRE(replay.frame());
  CHECK(replay.at() == 0);
  CHECK(replay.count() == 7);
  CHECK(replay.turn_label() == "16/1300");
  CHECK(replay.position_text() == "Action 0 of 7 (French's view)");
  CHECK(replay.action_text() == "The start");
  CHECK(replay.event_lines().empty());
  CHECK(replay.first().empty());  // there already
  CHECK(replay.previous().empty());
}

TEST_CASE("replay: next and previous step one action from the one last asked; quick presses add up") {
  ReplayModel replay = showing(0, 5);
  CHECK(asked_index(replay.next()) == 1);
  CHECK(asked_index(replay.next()) == 2);  // before the answer to 1
  // The answer to 1 comes late: it is not shown over the place asked since.
  replay.apply_frame(frame(1, 5));
  CHECK(replay.at() == 0);
  CHECK(replay.waiting());
  replay.apply_frame(frame(2, 5, 1));
  CHECK(replay.at() == 2);
  CHECK(replay.turn_label() == "16/1400");
  CHECK(replay.action_text() == "French: end");
  CHECK(replay.event_lines() == std::vector<std::string>{"the French movement phase ends"});
  CHECK(asked_index(replay.previous()) == 1);
  replay.apply_frame(frame(1, 5));
  CHECK(replay.at() == 1);
}

TEST_CASE("replay: next stops at the last action, go_to clamps to it") {
  ReplayModel replay = showing(5, 5);
  CHECK(replay.at() == 5);
  CHECK(replay.next().empty());
  CHECK(asked_index(replay.go_to(99)) == 5);  // clamped; asked again as 5 is not awaited
}

TEST_CASE("replay: last asks the count, and again when the game has gone on meanwhile") {
  ReplayModel replay = showing(0, 4);
  CHECK(asked_index(replay.last()) == 4);
  // Meanwhile two more actions were played: the frame at 4 says 6, so 6 is asked.
  CHECK(asked_index(replay.apply_frame(frame(4, 6))) == 6);
  CHECK(replay.at() == 4);
  CHECK(replay.apply_frame(frame(6, 6)).empty());
  CHECK(replay.at() == 6);
  CHECK(replay.count() == 6);
}

TEST_CASE("replay: the board is the frame's view, rebuilt with each frame") {
  ReplayModel replay = showing(3, 5);
  const auto* unit = replay.board().unit(0);
  REQUIRE(unit);
  CHECK(unit->strength() == 3);
  CHECK(replay.board().units_at(hd::engine::Hex{19, 17}) == std::vector<std::uint32_t>{0});
  CHECK(replay.board().my_seats() == std::vector<pb::Seat>{pb::SEAT_FRENCH});
  CHECK(replay.board().scenario().title() == "Quatre Bras");
}

TEST_CASE("replay: a frame of another game is ignored; a refusal is kept and the step forgotten") {
  ReplayModel replay = showing(2, 5);
  pb::ReplayFrame other = frame(3, 9);
  other.set_game_id(kGame + 1);
  asked_index(replay.next());
  replay.apply_frame(other);
  CHECK(replay.at() == 2);
  CHECK(replay.count() == 5);
  replay.refused("Refused: not your seat");
  CHECK(replay.refusal() == "Refused: not your seat");
  CHECK_FALSE(replay.waiting());
  CHECK(replay.asked() == 2);
  CHECK(asked_index(replay.next()) == 3);  // from the frame shown, and the refusal cleared
  CHECK(replay.refusal().empty());
}

TEST_CASE("replay: after a reconnect the frame awaited is asked again, none when none is") {
  ReplayModel replay = showing(2, 5);
  CHECK(replay.ask_again().empty());
  asked_index(replay.next());
  CHECK(asked_index(replay.ask_again()) == 3);
  replay.apply_frame(frame(3, 5));
  CHECK(replay.ask_again().empty());
}

TEST_CASE("replay: a BUSY frame is asked again with the server's progress, not a refusal") {
  ReplayModel replay = showing(2, 1000);
  CHECK(asked_index(replay.go_to(600)) == 600);
  const std::string words =
      "Refused: action 600 is far into the game: its replay has reached action 128; ask again to go on";
  CHECK(asked_index(replay.busy(600, words)) == 600);
  CHECK(replay.waiting());
  CHECK(replay.refusal().empty());
  CHECK(replay.progress() == "Replaying up to action 600: the server has reached action 128");
  CHECK(asked_index(replay.busy(600, "Refused: ... its replay has reached action 256; ask again")) == 600);
  CHECK(replay.progress() == "Replaying up to action 600: the server has reached action 256");
  CHECK(asked_index(replay.busy(600, "Refused: busy")) == 600);  // words naming no action
  CHECK(replay.progress() == "Replaying up to action 600: asked again 3 times");
  replay.apply_frame(frame(600, 1000));
  CHECK(replay.at() == 600);
  CHECK_FALSE(replay.waiting());
  CHECK(replay.progress().empty());
  CHECK(replay.refusal().empty());
}

TEST_CASE("replay: a BUSY for a step since overtaken asks nothing; the newer step is awaited") {
  ReplayModel replay = showing(2, 1000);
  CHECK(asked_index(replay.go_to(600)) == 600);
  CHECK(asked_index(replay.go_to(700)) == 700);
  CHECK(replay.busy(600, "Refused: ... has reached action 128").empty());
  CHECK(replay.progress().empty());
  CHECK(replay.waiting());
  CHECK(replay.asked() == 700);
  CHECK(asked_index(replay.busy(700, "Refused: ... has reached action 256")) == 700);
  // Not awaited at all (the frame came): nothing.
  replay.apply_frame(frame(700, 1000));
  CHECK(replay.busy(700, "Refused: ... has reached action 384").empty());
  CHECK(replay.progress().empty());
}

TEST_CASE("replay: BUSY past the retries is kept as a refusal; a new step counts afresh") {
  ReplayModel replay = showing(2, 20000);
  CHECK(asked_index(replay.go_to(15000)) == 15000);
  for (int again = 0; again < ReplayModel::kBusyRetries; ++again)
    REQUIRE(asked_index(replay.busy(15000, "Refused: ... has reached action 1")) == 15000);
  CHECK(replay.busy(15000, "Refused: still busy").empty());
  CHECK_FALSE(replay.waiting());
  CHECK(replay.refusal() == "Refused: still busy");
  CHECK(replay.progress().empty());
  CHECK(replay.asked() == 2);  // the frame shown
  CHECK(asked_index(replay.go_to(14000)) == 14000);
  CHECK(replay.refusal().empty());
  CHECK(asked_index(replay.busy(14000, "Refused: ... has reached action 12800")) == 14000);
}

TEST_CASE("replay: a turn search goes on through a BUSY halving step") {
  ReplayModel replay = showing(0, 1000);
  CHECK(asked_index(replay.go_to_turn(2)) == 500);
  CHECK(asked_index(replay.busy(500, "Refused: ... has reached action 128")) == 500);
  CHECK(asked_index(replay.apply_frame(frame(500, 1000, 2))) == 250);  // the search goes on
  CHECK(replay.at() == 0);                                             // halving frames not shown
  CHECK(replay.progress().empty());
}

TEST_CASE("replay: a spectator's frame says so") {
  ReplayModel replay(kGame);
  replay.first();
  pb::ReplayFrame spectators = frame(0, 3);
  spectators.set_seat(pb::SEAT_UNSPECIFIED);
  replay.apply_frame(spectators);
  CHECK(replay.position_text() == "Action 0 of 3 (spectators' view)");
  CHECK(replay.board().spectating());
}

namespace {

// A game of 12 actions whose turn 1 begins at action 4 and turn 2 at action 9.
std::uint32_t turn_of(std::uint64_t index) {
  return index >= 9 ? 2 : index >= 4 ? 1 : 0;
}

// Answers the replay's requests as that game's server would until it asks nothing more; returns
// how many it asked. The frame shown must not move before the last answer.
int answer_all(ReplayModel& replay, std::vector<Request> sent) {
  int asked = 0;
  const std::uint64_t shown = replay.at();
  while (!sent.empty()) {
    ++asked;
    REQUIRE(asked < 20);
    const std::uint64_t index = asked_index(sent);
    sent = replay.apply_frame(frame(index, 12, turn_of(index)));
    if (!sent.empty()) CHECK(replay.at() == shown);  // a frame on the way is not shown
  }
  return asked;
}

}  // namespace

TEST_CASE("replay: a turn is found by halving, to its first action; the frames on the way not shown") {
  ReplayModel replay = showing(7, 12);
  CHECK(replay.turns() == 3);
  answer_all(replay, replay.go_to_turn(2));
  CHECK(replay.at() == 9);
  CHECK(replay.turn() == 2);
  CHECK(replay.turn_label() == "16/1500");
  CHECK_FALSE(replay.waiting());
  answer_all(replay, replay.previous_turn());
  CHECK(replay.at() == 4);
  answer_all(replay, replay.previous_turn());
  CHECK(replay.at() == 0);
  CHECK(answer_all(replay, replay.go_to_turn(0)) >= 1);
  CHECK(replay.at() == 0);
  answer_all(replay, replay.next_turn());
  CHECK(replay.at() == 4);
  answer_all(replay, replay.next_turn());
  CHECK(replay.at() == 9);
  CHECK(replay.next_turn().empty());  // the scenario's last turn
  // A turn the game has not reached: its last action.
  answer_all(replay, replay.go_to_turn(7));
  CHECK(replay.at() == 12);
  CHECK(replay.turn_label(0) == "16/1300");
  CHECK(replay.turn_label(3) == "-");
}

TEST_CASE("replay: another step during a turn search ends the search") {
  ReplayModel replay = showing(0, 12);
  auto sent = replay.go_to_turn(2);
  const std::uint64_t middle = asked_index(sent);
  CHECK(asked_index(replay.next()) == 1);
  // The search's answer comes, then the step's: the step's frame is shown, nothing more asked.
  CHECK(replay.apply_frame(frame(middle, 12, turn_of(middle))).empty());
  CHECK(replay.apply_frame(frame(1, 12)).empty());
  CHECK(replay.at() == 1);
}

TEST_CASE("replay: a game's number as typed in the lobby") {
  using hd::client::game_number;
  CHECK(game_number("17") == std::optional<std::uint64_t>(17));
  CHECK(game_number("000123") == std::optional<std::uint64_t>(123));
  CHECK_FALSE(game_number(""));
  CHECK_FALSE(game_number("0"));
  CHECK_FALSE(game_number("12a"));
  CHECK_FALSE(game_number("-3"));
  CHECK_FALSE(game_number(" 4"));
  CHECK(game_number(std::string(18, '9')));
  CHECK_FALSE(game_number(std::string(19, '9')));
}

TEST_CASE("replay slider: a click's fraction rounds to the nearest action; the thumb goes back to it") {
  using hd::client::replay_slider_fraction;
  using hd::client::replay_slider_index;
  CHECK(replay_slider_index(0.0, 10) == 0);
  CHECK(replay_slider_index(1.0, 10) == 10);
  CHECK(replay_slider_index(0.44, 10) == 4);
  CHECK(replay_slider_index(0.46, 10) == 5);
  CHECK(replay_slider_index(-0.5, 10) == 0);
  CHECK(replay_slider_index(1.5, 10) == 10);
  CHECK(replay_slider_index(0.7, 0) == 0);
  CHECK(replay_slider_fraction(0, 0) == 0.0);
  CHECK(replay_slider_fraction(5, 10) == Approx(0.5));
  CHECK(replay_slider_fraction(12, 10) == Approx(1.0));
  for (std::uint64_t i = 0; i <= 37; ++i)
    CHECK(replay_slider_index(replay_slider_fraction(i, 37), 37) == i);
}

TEST_CASE("replay slider: a drag's thumb follows the pointer and only the release gives a stop") {
  using hd::client::replay_slider_along;
  using hd::client::ReplaySliderDrag;
  // The pointer on a bar from x = 100, 200 px wide, clamped at its ends.
  CHECK(replay_slider_along(100, 100, 200) == 0.0);
  CHECK(replay_slider_along(150, 100, 200) == Approx(0.25));
  CHECK(replay_slider_along(350, 100, 200) == 1.0);
  CHECK(replay_slider_along(20, 100, 200) == 0.0);
  CHECK(replay_slider_along(150, 100, 0) == 0.0);

  ReplaySliderDrag drag;
  CHECK_FALSE(drag.held());
  CHECK_FALSE(drag.release(0.5));  // not held: nothing to ask
  drag.move(0.9);                  // not held: ignored
  CHECK(drag.index() == 0);

  // Pressed at action 2 of 40, dragged to 30 and on past the bar's right end, back to 25.
  drag.press(replay_slider_along(110, 100, 200), 40);
  CHECK(drag.held());
  CHECK(drag.index() == 2);
  CHECK(drag.thumb() == Approx(0.05));
  drag.move(replay_slider_along(250, 100, 200));
  CHECK(drag.index() == 30);
  CHECK(drag.thumb() == Approx(0.75));
  drag.move(replay_slider_along(900, 100, 200));
  CHECK(drag.index() == 40);
  CHECK(drag.thumb() == Approx(1.0));
  const auto released = drag.release(replay_slider_along(225, 100, 200));
  REQUIRE(released);
  CHECK(*released == 25);  // the one stop asked for, where the pointer let go
  CHECK_FALSE(drag.held());
  CHECK_FALSE(drag.release(0.5));  // a second release asks nothing

  // A click is a press and a release at one place: the stop under it, as before.
  drag.press(0.46, 10);
  CHECK(drag.release(0.46) == std::optional<std::uint64_t>(5));
  // Cancelled: nothing asked on the release.
  drag.press(0.3, 10);
  drag.cancel();
  CHECK_FALSE(drag.release(0.3));
}

namespace {

// Logs the model in as alice, the server's answers fed back; the outbox left empty.
void log_in_alice(ClientModel& model) {
  model.apply(hd::client::WelcomeReceived{});
  model.log_in("alice", "password1", false);
  const auto sent = model.take_outbox();
  pb::ServerEnvelope answer;
  answer.set_request_id(sent.at(0).request_id());
  answer.mutable_logged_in()->set_username("alice");
  answer.mutable_logged_in()->set_session_token(std::string(64, 'a'));
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(answer)});
  model.take_outbox();
}

}  // namespace

TEST_CASE("client model: open_replay opens the game and asks frame 0; frames and refusals reach the replay") {
  ClientModel model("ws://h/");
  log_in_alice(model);
  std::vector<Request> sent;

  model.open_replay(kGame, true);
  sent = model.take_outbox();
  // WatchLobby off, OpenGame (as a spectator), QueryReplay 0.
  REQUIRE(sent.size() == 3);
  CHECK(sent[1].has_open_game());
  CHECK(sent[1].open_game().game_id() == kGame);
  CHECK(sent[1].open_game().spectate());
  CHECK(asked_index({sent[2]}) == 0);
  REQUIRE(model.replay());

  pb::ServerEnvelope snapshot;
  snapshot.set_request_id(sent[1].request_id());
  snapshot.mutable_game_snapshot()->set_game_id(kGame);
  *snapshot.mutable_game_snapshot()->mutable_scenario() = scenario();
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(snapshot)});
  pb::ServerEnvelope reply;
  reply.set_request_id(sent[2].request_id());
  *reply.mutable_replay_frame() = frame(0, 4, 2);
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(reply)});
  CHECK(model.replay()->at() == 0);
  CHECK(model.replay()->turn_label() == "16/1500");  // the scenario from the opened game
  CHECK_FALSE(model.replay()->waiting());
  CHECK_THAT(
      hd::client::script_report(model),
      Catch::Contains(" replay=42 replay_at=0 replay_count=4 replay_turn=16/1500 replay_action=The_start "));

  model.send_replay(model.replay()->go_to(9));
  sent = model.take_outbox();
  CHECK(asked_index(sent) == 4);
  hd::client::RefusalInfo refusal;
  refusal.code = static_cast<std::uint32_t>(pb::REFUSAL_CODE_INVALID_REQUEST);
  refusal.message = "no action 4 yet";
  model.apply(hd::client::RefusalReceived{refusal, sent[0].request_id()});
  CHECK(model.replay()->refusal() == "Refused: no action 4 yet");
  CHECK(model.notice() == "Refused: no action 4 yet");

  model.close_replay();
  CHECK_FALSE(model.replay());
  CHECK_FALSE(model.game().open());
  sent = model.take_outbox();
  REQUIRE_FALSE(sent.empty());
  CHECK(sent[0].has_close_game());
}

TEST_CASE("client model: a replay refused BUSY is asked again by itself; other refusals show as before") {
  ClientModel model("ws://h/");
  log_in_alice(model);
  std::vector<Request> sent;

  model.open_replay(kGame, true);
  sent = model.take_outbox();
  REQUIRE(sent.size() == 3);
  pb::ServerEnvelope reply;
  reply.set_request_id(sent[2].request_id());
  *reply.mutable_replay_frame() = frame(0, 600);
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(reply)});
  const std::string notice_before = model.notice();
  const std::size_t in_flight = model.requests_in_flight();  // the lobby's lists, unanswered here

  // Action 513 from the start, as the server answers it (game_replay_budget_e2e_test): four BUSY
  // steps reaching 128, 256, 384, 512, each asked again kBusyPause later (the app's tick), then
  // the frame.
  using namespace std::chrono_literals;
  ClientModel::Clock::time_point now{std::chrono::hours(1)};
  model.tick(now);
  // A held ask goes at the first tick at or past its time, not before.
  const auto asked_after_pause = [&model, &now] {
    CHECK(model.take_outbox().empty());
    CHECK(model.replay_ask_held());
    model.tick(now + ClientModel::kBusyPause - 1ms);
    CHECK(model.take_outbox().empty());
    now += ClientModel::kBusyPause;
    model.tick(now);
    CHECK_FALSE(model.replay_ask_held());
    return model.take_outbox();
  };
  model.send_replay(model.replay()->go_to(513));
  sent = model.take_outbox();
  CHECK(asked_index(sent) == 513);
  hd::client::RefusalInfo busy;
  busy.code = static_cast<std::uint32_t>(pb::REFUSAL_CODE_BUSY);
  busy.code_name = "REFUSAL_CODE_BUSY";
  for (const int reached : {128, 256, 384, 512}) {
    busy.message =
        "action 513 is far into the game: its replay has reached action " + std::to_string(reached) +
        "; ask again to go on (a request replays at most 128 actions, and what it replayed is kept "
        "while the game stays open)";
    model.apply(hd::client::RefusalReceived{busy, sent.at(0).request_id()});
    CHECK(model.replay()->waiting());
    CHECK(model.replay()->refusal().empty());
    CHECK(model.replay()->progress() ==
          "Replaying up to action 513: the server has reached action " + std::to_string(reached));
    CHECK(model.notice() == notice_before);  // no error meanwhile
    sent = asked_after_pause();
    CHECK(asked_index(sent) == 513);
  }
  reply.set_request_id(sent.at(0).request_id());
  *reply.mutable_replay_frame() = frame(513, 600);
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(reply)});
  CHECK(model.replay()->at() == 513);
  CHECK_FALSE(model.replay()->waiting());
  CHECK(model.replay()->progress().empty());
  CHECK(model.take_outbox().empty());
  CHECK(model.requests_in_flight() == in_flight);  // each refused or answered step forgotten

  // A BUSY for a step since overtaken (two quick presses) asks nothing more.
  model.send_replay(model.replay()->go_to(200));
  const auto first_press = model.take_outbox();
  model.send_replay(model.replay()->go_to(300));
  const auto second_press = model.take_outbox();
  busy.message = "action 200 is far into the game: its replay has reached action 128; ask again to go on";
  model.apply(hd::client::RefusalReceived{busy, first_press.at(0).request_id()});
  CHECK(model.take_outbox().empty());
  CHECK_FALSE(model.replay_ask_held());
  CHECK(model.replay()->asked() == 300);
  CHECK(model.replay()->waiting());
  // A BUSY step's held ask is dropped by a newer step asked before its time.
  model.send_replay(model.replay()->go_to(400));
  const auto third_press = model.take_outbox();
  busy.message = "action 400 is far into the game: its replay has reached action 128; ask again to go on";
  model.apply(hd::client::RefusalReceived{busy, third_press.at(0).request_id()});
  CHECK(model.replay_ask_held());
  model.send_replay(model.replay()->go_to(300));
  const auto fourth_press = model.take_outbox();
  CHECK(asked_index(fourth_press) == 300);
  CHECK_FALSE(model.replay_ask_held());
  now += 10 * ClientModel::kBusyPause;
  model.tick(now);
  CHECK(model.take_outbox().empty());

  // A refusal other than BUSY shows as before.
  hd::client::RefusalInfo other;
  other.code = static_cast<std::uint32_t>(pb::REFUSAL_CODE_RATE_LIMITED);
  other.message = "too many requests";
  model.apply(hd::client::RefusalReceived{other, fourth_press.at(0).request_id()});
  CHECK(model.take_outbox().empty());
  CHECK_FALSE(model.replay()->waiting());
  CHECK(model.replay()->refusal() == "Refused: too many requests");
  CHECK(model.notice() == "Refused: too many requests");
  CHECK(model.replay()->at() == 513);

  // Out of retries: the BUSY is shown as a refusal, in the notice too.
  model.send_replay(model.replay()->go_to(599));
  sent = model.take_outbox();
  busy.message = "its replay has reached action 513";
  for (int again = 0; again < ReplayModel::kBusyRetries; ++again) {
    model.apply(hd::client::RefusalReceived{busy, sent.at(0).request_id()});
    now += ClientModel::kBusyPause;
    model.tick(now);
    sent = model.take_outbox();
    REQUIRE(asked_index(sent) == 599);
  }
  model.apply(hd::client::RefusalReceived{busy, sent.at(0).request_id()});
  CHECK(model.take_outbox().empty());
  CHECK(model.replay()->refusal() == "Refused: its replay has reached action 513");
  CHECK(model.notice() == "Refused: its replay has reached action 513");
  CHECK_FALSE(model.replay()->waiting());

  // Closing the replay drops a held ask.
  model.send_replay(model.replay()->go_to(450));
  sent = model.take_outbox();
  busy.message = "its replay has reached action 128";
  model.apply(hd::client::RefusalReceived{busy, sent.at(0).request_id()});
  CHECK(model.replay_ask_held());
  model.close_replay();
  now += 10 * ClientModel::kBusyPause;
  model.tick(now);
  for (const Request& request : model.take_outbox())
    CHECK_FALSE(request.has_query_replay());
}

TEST_CASE(
    "client model: a replay whose game cannot be opened is dropped; opening another game drops it too") {
  ClientModel model("ws://h/");
  log_in_alice(model);
  std::vector<Request> sent;

  model.open_replay(kGame, true);
  sent = model.take_outbox();
  REQUIRE(sent.size() == 3);
  REQUIRE(sent[1].has_open_game());
  hd::client::RefusalInfo refusal;
  refusal.code = static_cast<std::uint32_t>(pb::REFUSAL_CODE_NOT_FOUND);
  refusal.message = "no game 42";
  model.apply(hd::client::RefusalReceived{refusal, sent[1].request_id()});
  CHECK_FALSE(model.replay());
  CHECK(model.notice() == "Refused: no game 42");

  model.open_replay(kGame, false);
  REQUIRE(model.replay());
  model.open_game(kGame + 1, false);
  CHECK_FALSE(model.replay());
}

// Reopening a game (issue 16): the log shows what the server sent on reopening. A reconnect's and a
// reopen's catch-up (snapshot, the missed updates, Ok; docs/games.md) land in the log with their
// events and a line saying where it caught up to; a game reopened from the lobby heads them with
// "While you were away: N actions (since action P)"; a plain snapshot says that earlier actions
// are not replayed.
#include "model/client_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;

namespace {

hd::client::WelcomeInfo welcome() {
  hd::client::WelcomeInfo info;
  info.server_name = "Test server";
  info.protocol_version = 1;
  info.map_grid = hd::engine::kNlbGrid;
  return info;
}

hd::client::EnvelopeReceived envelope_event(const pb::ServerEnvelope& envelope) {
  return {std::make_shared<const pb::ServerEnvelope>(envelope)};
}

ClientModel logged_in_model() {
  ClientModel model("ws://h/");
  model.apply(hd::client::WelcomeReceived{welcome()});
  model.log_in("alice", "password1", false);
  const auto sent = model.take_outbox();
  pb::ServerEnvelope answer;
  answer.set_request_id(sent.at(0).request_id());
  answer.mutable_logged_in()->set_username("alice");
  answer.mutable_logged_in()->set_session_token(std::string(64, 'a'));
  model.apply(envelope_event(answer));
  model.take_outbox();
  return model;
}

// The OpenGame among the requests sent, which must be there.
pb::ClientEnvelope open_sent(ClientModel& model) {
  const auto sent = model.take_outbox();
  const auto open = std::find_if(sent.begin(), sent.end(), [](const auto& r) { return r.has_open_game(); });
  REQUIRE(open != sent.end());
  return *open;
}

pb::ServerEnvelope snapshot(std::uint64_t request_id, std::uint64_t sequence) {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  auto* snap = envelope.mutable_game_snapshot();
  snap->set_game_id(9);
  snap->set_sequence(sequence);
  snap->add_my_seats(pb::SEAT_FRENCH);
  snap->mutable_scenario()->set_title("Quatre Bras");
  snap->mutable_scenario()->add_turns()->set_label("16 June 1400");
  snap->mutable_scenario()->add_turns()->set_label("16 June 1500");
  snap->mutable_view()->set_turn(1);
  return envelope;
}

pb::ServerEnvelope update(std::uint64_t request_id, std::uint64_t sequence, const std::string& action,
                          const std::string& event) {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  auto* next = envelope.mutable_game_update();
  next->set_game_id(9);
  next->set_sequence(sequence);
  next->set_action_text(action);
  next->add_events()->set_text(event);
  next->mutable_view()->set_turn(1);
  return envelope;
}

pb::ServerEnvelope ok(std::uint64_t request_id) {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_ok();
  return envelope;
}

bool logged(const ClientModel& model, const std::string& line) {
  const auto& entries = model.game().log().entries();
  return std::find(entries.begin(), entries.end(), line) != entries.end();
}

}  // namespace

TEST_CASE("a game opened afresh says plainly that the server sent the position only") {
  ClientModel model = logged_in_model();
  model.open_game(9, false);
  const auto open = open_sent(model);
  CHECK(open.open_game().last_seen_sequence() == 0);
  model.apply(envelope_event(snapshot(open.request_id(), 40)));
  const auto& entries = model.game().log().entries();
  REQUIRE(entries.size() == 2);
  CHECK(entries[0] == "Opened Quatre Bras (game 9) at action 40, turn 2/2 (16 June 1500)");
  CHECK(entries[1] == "The server sent the position only: the 40 actions before it are not replayed here");
}

TEST_CASE("after a reconnect the log keeps what it had and the catch-up's actions and events land in it") {
  ClientModel model = logged_in_model();
  model.open_game(9, false);
  const auto first = open_sent(model);
  model.apply(envelope_event(snapshot(first.request_id(), 17)));
  model.apply(envelope_event(update(0, 18, "french move Bach 1745 1746", "Bach moves 1745-1746")));
  model.take_outbox();

  model.apply(hd::client::ConnectionFailed{"connection lost"});
  model.reconnect();
  model.apply(hd::client::WelcomeReceived{welcome()});
  const auto resume = model.take_outbox().at(0);
  pb::ServerEnvelope resumed;
  resumed.set_request_id(resume.request_id());
  resumed.mutable_logged_in()->set_username("alice");
  resumed.mutable_logged_in()->set_session_token(std::string(64, 'a'));
  model.apply(envelope_event(resumed));
  const auto reopen = open_sent(model);
  REQUIRE(reopen.open_game().last_seen_sequence() == 18);

  // The catch-up: a snapshot where the client left off, the two missed actions, then Ok.
  const std::uint64_t id = reopen.request_id();
  model.apply(envelope_event(snapshot(id, 18)));
  model.apply(envelope_event(update(id, 19, "allied move Perp 1747 1847", "Perp moves 1747-1847")));
  model.apply(envelope_event(update(id, 20, "french attack Bach on Perp", "combat 2-1: Dr, die 4")));
  model.apply(envelope_event(ok(id)));

  const auto& entries = model.game().log().entries();
  const std::vector<std::string> expected{
      "Opened Quatre Bras (game 9) at action 17, turn 2/2 (16 June 1500)",
      "The server sent the position only: the 17 actions before it are not replayed here",
      "> french move Bach 1745 1746",
      "  Bach moves 1745-1746",
      "Reloaded at action 18, turn 2/2 (16 June 1500) (you had seen action 18); the actions since follow",
      "> allied move Perp 1747 1847",
      "  Perp moves 1747-1847",
      "> french attack Bach on Perp",
      "  combat 2-1: Dr, die 4",
      "Caught up: 2 actions replayed, now at action 20, turn 2/2 (16 June 1500)"};
  CHECK(std::vector<std::string>(entries.begin(), entries.end()) == expected);
  CHECK(model.game().sequence() == 20);
}

TEST_CASE("a game closed to the lobby and reopened says what happened while you were away") {
  ClientModel model = logged_in_model();
  model.open_game(9, false);
  const auto first = open_sent(model);
  model.apply(envelope_event(snapshot(first.request_id(), 30)));
  model.close_game();
  model.take_outbox();
  CHECK_FALSE(model.game().open());
  // What the model would save now: the game closed, its last action seen kept.
  CHECK(model.saved_session().seen.last_seen(9) == 30);

  // Meanwhile the other seat moves (the lobby is shown; nothing of the game reaches this client).
  model.open_game(9, false);
  const auto reopen = open_sent(model);
  CHECK(reopen.open_game().game_id() == 9);
  CHECK(reopen.open_game().last_seen_sequence() == 30);
  const std::uint64_t id = reopen.request_id();
  model.apply(envelope_event(snapshot(id, 30)));
  model.apply(envelope_event(update(id, 31, "allied move Perp 1747 1847", "Perp moves 1747-1847")));
  model.apply(envelope_event(update(id, 32, "coalition end", "Allied movement phase ends")));
  // Before the Ok the count is not known yet.
  CHECK(model.game().log().entries().at(1) == "While you were away (since action 30): the actions follow");
  model.apply(envelope_event(ok(id)));

  const auto& entries = model.game().log().entries();
  const std::vector<std::string> expected{
      "Opened Quatre Bras (game 9) at action 30, turn 2/2 (16 June 1500)",
      "While you were away: 2 actions (since action 30)",
      "> allied move Perp 1747 1847",
      "  Perp moves 1747-1847",
      "> coalition end",
      "  Allied movement phase ends",
      "Caught up: 2 actions replayed, now at action 32, turn 2/2 (16 June 1500)"};
  CHECK(std::vector<std::string>(entries.begin(), entries.end()) == expected);
  CHECK(model.game().sequence() == 32);
}

TEST_CASE("a reopened game counts only the actions after the one last seen, and none is fine") {
  ClientModel model = logged_in_model();
  model.open_game(9, false);
  const auto first = open_sent(model);
  model.apply(envelope_event(snapshot(first.request_id(), 30)));
  model.apply(envelope_event(update(0, 31, "french end", "French movement phase ends")));
  REQUIRE(model.game().sequence() == 31);
  model.close_game();
  model.take_outbox();

  // Reopened at once: nothing happened, and the log says so.
  model.open_game(9, false);
  const auto again = open_sent(model);
  CHECK(again.open_game().last_seen_sequence() == 31);
  model.apply(envelope_event(snapshot(again.request_id(), 31)));
  model.apply(envelope_event(ok(again.request_id())));
  CHECK(model.game().log().entries().at(1) == "While you were away: 0 actions (since action 31)");
  CHECK(model.game().log().entries().back() ==
        "Caught up: 0 actions replayed, now at action 31, turn 2/2 (16 June 1500)");
  CHECK_FALSE(
      logged(model, "The server sent the position only: the 31 actions before it are not replayed here"));
}

TEST_CASE("a missed update asks for a catch-up from the last action seen, and a refused one for a snapshot") {
  ClientModel model = logged_in_model();
  model.open_game(9, false);
  const auto first = open_sent(model);
  model.apply(envelope_event(snapshot(first.request_id(), 5)));
  model.take_outbox();
  model.apply(envelope_event(update(0, 8, "french move Bach 1745 1746", "Bach moves 1745-1746")));
  const auto catch_up = open_sent(model);
  CHECK(catch_up.open_game().last_seen_sequence() == 5);

  // The server cannot afford the catch-up now (RATE_LIMITED): the client opens the present instead.
  hd::client::RefusalInfo refusal;
  refusal.code = static_cast<std::uint32_t>(pb::REFUSAL_CODE_RATE_LIMITED);
  refusal.message = "too many catch-up updates for your address just now";
  model.apply(hd::client::RefusalReceived{refusal, catch_up.request_id()});
  const auto plain = open_sent(model);
  CHECK(plain.open_game().game_id() == 9);
  CHECK(plain.open_game().last_seen_sequence() == 0);
}

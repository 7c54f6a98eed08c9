// Issue 16, a client started anew (model level, no window, no server): with a saved session the
// first welcome resumes it (ResumeSession with the saved token, no password), the game that was open
// is reopened with a catch-up from the last action seen, and its log says "While you were away: N
// actions (since action P)" before the replayed actions and "Caught up" after them; a catch-up that
// could only start 64 actions back says so; a refused token goes back to the login screen with a
// plain error; saved_session() gives what to save.
#include "model/client_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;
using hd::client::SavedSession;

namespace {

const std::string kToken = std::string(64, 'c');

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

SavedSession saved(std::uint64_t last_seen) {
  SavedSession session;
  session.username = "alice";
  session.token = kToken;
  session.open_game = 9;
  session.seen.note(4, 2);
  session.seen.note(9, last_seen);
  return session;
}

// A model started with `session`, welcomed; its ResumeSession answered with LoggedIn. Returns the
// requests sent after the login (the reopen among them).
std::vector<hd::client::Request> resumed(ClientModel& model, const SavedSession& session) {
  model.resume_saved(session);
  model.apply(hd::client::WelcomeReceived{welcome()});
  auto sent = model.take_outbox();
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_resume_session());
  CHECK(sent[0].resume_session().session_token() == kToken);
  pb::ServerEnvelope answer;
  answer.set_request_id(sent[0].request_id());
  answer.mutable_logged_in()->set_username("alice");
  answer.mutable_logged_in()->set_session_token(kToken);
  model.apply(envelope_event(answer));
  return model.take_outbox();
}

pb::ClientEnvelope open_in(const std::vector<hd::client::Request>& sent) {
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
  snap->mutable_view()->set_turn(0);
  return envelope;
}

pb::ServerEnvelope update(std::uint64_t request_id, std::uint64_t sequence) {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  auto* next = envelope.mutable_game_update();
  next->set_game_id(9);
  next->set_sequence(sequence);
  next->set_action_text("french end " + std::to_string(sequence));
  next->mutable_view()->set_turn(0);
  return envelope;
}

pb::ServerEnvelope ok(std::uint64_t request_id) {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_ok();
  return envelope;
}

std::vector<std::string> log_of(const ClientModel& model) {
  const auto& entries = model.game().log().entries();
  return {entries.begin(), entries.end()};
}

}  // namespace

TEST_CASE("a client started anew resumes its saved session and logs what happened while it was away") {
  ClientModel model("ws://h/");
  const auto sent = resumed(model, saved(10));
  CHECK(model.lobby().account);
  CHECK(model.lobby().account->username == "alice");
  const auto open = open_in(sent);
  CHECK(open.open_game().game_id() == 9);
  CHECK(open.open_game().last_seen_sequence() == 10);
  CHECK_FALSE(open.open_game().spectate());

  const std::uint64_t id = open.request_id();
  model.apply(envelope_event(snapshot(id, 10)));
  for (std::uint64_t sequence = 11; sequence <= 13; ++sequence)
    model.apply(envelope_event(update(id, sequence)));
  model.apply(envelope_event(ok(id)));
  CHECK(log_of(model) ==
        std::vector<std::string>{"Opened Quatre Bras (game 9) at action 10, turn 1/1 (16 June 1400)",
                                 "While you were away: 3 actions (since action 10)", "> french end 11",
                                 "> french end 12", "> french end 13",
                                 "Caught up: 3 actions replayed, now at action 13, turn 1/1 (16 June 1400)"});

  // What to save now: the same token, the game open at its present, the most recent first.
  const SavedSession now = model.saved_session();
  CHECK(now.token == kToken);
  CHECK(now.username == "alice");
  CHECK(now.open_game == 9);
  REQUIRE(now.seen.games().size() == 2);
  CHECK(now.seen.games().front() == hd::client::SeenGame{9, 13});
  // Closed to the lobby: no game open, its last action remembered.
  model.close_game();
  CHECK(model.saved_session().open_game == 0);
  CHECK(model.saved_session().seen.last_seen(9) == 13u);
}

TEST_CASE("a client away for more than 64 actions is told which actions are not replayed") {
  ClientModel model("ws://h/");
  const auto open = open_in(resumed(model, saved(10)));
  const std::uint64_t id = open.request_id();
  model.apply(envelope_event(snapshot(id, 36)));  // the present is 100: the server starts at 36
  model.apply(envelope_event(update(id, 37)));
  model.apply(envelope_event(ok(id)));  // (the other updates left out: the count is the model's)
  const auto entries = log_of(model);
  REQUIRE(entries.size() == 5);
  CHECK(entries[1] == "While you were away: 27 actions (since action 10)");
  CHECK(entries[2] ==
        "The server replays at most the last 64 actions: actions 11 to 36 are not replayed here");
  CHECK(entries[4] == "Caught up: 1 action replayed, now at action 37, turn 1/1 (16 June 1400)");
}

TEST_CASE("nothing happened while away: the log says so") {
  ClientModel model("ws://h/");
  const auto open = open_in(resumed(model, saved(10)));
  model.apply(envelope_event(snapshot(open.request_id(), 10)));
  model.apply(envelope_event(ok(open.request_id())));
  CHECK(log_of(model).at(1) == "While you were away: 0 actions (since action 10)");
}

TEST_CASE("a saved game the player never saw an action of is opened at the present") {
  ClientModel model("ws://h/");
  SavedSession session = saved(0);
  const auto open = open_in(resumed(model, session));
  CHECK(open.open_game().last_seen_sequence() == 0);
}

TEST_CASE("a refused saved token goes back to the login screen with a plain error") {
  ClientModel model("ws://h/");
  model.resume_saved(saved(10));
  model.apply(hd::client::WelcomeReceived{welcome()});
  const auto sent = model.take_outbox();
  REQUIRE(sent.size() == 1);
  hd::client::RefusalInfo refusal;
  refusal.code = static_cast<std::uint32_t>(pb::REFUSAL_CODE_BAD_CREDENTIALS);
  refusal.message = "unknown or expired session";
  model.apply(hd::client::RefusalReceived{refusal, sent[0].request_id()});
  CHECK_FALSE(model.lobby().account);
  CHECK_FALSE(model.game().open());
  CHECK(model.login_error() == "Saved session expired or ended: log in again");
  CHECK(model.take_outbox().empty());  // no game is opened
  // Nothing more to resume: the token is not saved again, the games seen are (alice's, for her
  // next login).
  const SavedSession now = model.saved_session();
  CHECK(now.token.empty());
  CHECK(now.open_game == 0);
  CHECK(now.seen_by("alice").last_seen(9) == 10u);
  // A game opened later from the lobby (after logging in) still catches up from the saved action.
  model.log_in("alice", "password1", false);
  const auto login = model.take_outbox();
  pb::ServerEnvelope answer;
  answer.set_request_id(login.at(0).request_id());
  answer.mutable_logged_in()->set_username("alice");
  answer.mutable_logged_in()->set_session_token(std::string(64, 'd'));
  model.apply(envelope_event(answer));
  model.take_outbox();
  model.open_game(4, false);
  CHECK(open_in(model.take_outbox()).open_game().last_seen_sequence() == 2);
  CHECK(model.saved_session().token == std::string(64, 'd'));
}

TEST_CASE("without a saved token nothing is resumed, but the games seen are remembered") {
  ClientModel model("ws://h/");
  SavedSession session = saved(10);
  session.token.clear();
  model.resume_saved(session);
  model.apply(hd::client::WelcomeReceived{welcome()});
  CHECK(model.take_outbox().empty());
  CHECK(model.saved_session().seen_by("alice").last_seen(9) == 10u);
}

namespace {

// Logs `model` (welcomed) in by hand as `name`: Login answered with LoggedIn.
void log_in_by_hand(ClientModel& model, const std::string& name) {
  model.take_outbox();  // what was asked before
  model.log_in(name, "password-" + name, false);
  auto sent = model.take_outbox();
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_login());
  pb::ServerEnvelope answer;
  answer.set_request_id(sent[0].request_id());
  answer.mutable_logged_in()->set_username(name);
  answer.mutable_logged_in()->set_session_token(std::string(64, name[0]));
  model.apply(envelope_event(answer));
  model.take_outbox();
}

}  // namespace

TEST_CASE("a login by hand (the form, --user) catches up from that account's saved games, not another's") {
  // As the session keeper gives it with --user: no token, no game open; alice's games and bob's.
  SavedSession session = saved(10);
  session.token.clear();
  session.open_game = 0;
  hd::client::SeenGames bobs;
  bobs.note(9, 4);  // the same game, bob's side numbered on its own
  session.put_other("bob", bobs);
  ClientModel model("ws://h/");
  model.resume_saved(session);
  model.apply(hd::client::WelcomeReceived{welcome()});
  CHECK(model.take_outbox().empty());  // no token: nothing resumed

  log_in_by_hand(model, "bob");
  model.open_game(9, false);
  const auto open = open_in(model.take_outbox());
  CHECK(open.open_game().last_seen_sequence() == 4);
  model.apply(envelope_event(snapshot(open.request_id(), 4)));
  model.apply(envelope_event(update(open.request_id(), 5)));
  model.apply(envelope_event(ok(open.request_id())));
  CHECK(model.game().sequence() == 5);
  // Saved: bob's games as the account's, alice's kept as another account's.
  SavedSession now = model.saved_session();
  CHECK(now.username == "bob");
  CHECK(now.seen.last_seen(9) == 5u);
  CHECK(now.seen_by("alice").last_seen(9) == 10u);
  CHECK(now.seen_by("alice").last_seen(4) == 2u);
  model.close_game();

  // Logged out: nobody's token, both accounts' games kept.
  pb::ServerEnvelope out;
  out.mutable_logged_out();
  model.apply(envelope_event(out));
  now = model.saved_session();
  CHECK(now.username.empty());
  CHECK(now.token.empty());
  CHECK(now.seen.games().empty());
  CHECK(now.seen_by("bob").last_seen(9) == 5u);
  CHECK(now.seen_by("alice").last_seen(9) == 10u);

  // Alice logs in by hand in the same process: her own last action is asked for.
  log_in_by_hand(model, "alice");
  model.open_game(9, false);
  CHECK(open_in(model.take_outbox()).open_game().last_seen_sequence() == 10);
  now = model.saved_session();
  CHECK(now.username == "alice");
  CHECK(now.seen_by("bob").last_seen(9) == 5u);
}

// The client model changes only through server events, in the documented order.
#include "model/client_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

using hd::client::ClientModel;
using hd::client::ConnectionState;

namespace {

hd::client::WelcomeInfo sample_welcome() {
  hd::client::WelcomeInfo welcome;
  welcome.server_name = "Test server";
  welcome.server_id = "0123456789abcdef0123456789abcdef";
  welcome.protocol_version = 1;
  welcome.connection_id = 7;
  welcome.map_grid = hd::engine::kNlbGrid;
  return welcome;
}

}  // namespace

TEST_CASE("a new model is connecting to its server") {
  const ClientModel model("ws://127.0.0.1:1/");
  CHECK(model.state() == ConnectionState::Connecting);
  CHECK(model.server_url() == "ws://127.0.0.1:1/");
  CHECK_FALSE(model.welcome());
  CHECK_FALSE(model.refusal());
}

TEST_CASE("connected then welcomed keeps the welcome's contents") {
  ClientModel model("ws://h/");
  model.apply(hd::client::Connected{});
  CHECK(model.state() == ConnectionState::Connected);
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  REQUIRE(model.state() == ConnectionState::Welcomed);
  REQUIRE(model.welcome());
  CHECK(model.welcome()->server_name == "Test server");
  CHECK(model.welcome()->connection_id == 7);
  CHECK(model.welcome()->map_grid.columns == 57);
  CHECK(model.welcome()->map_grid.rows == 67);
}

TEST_CASE("a lost connection after the welcome is a failure that keeps the welcome") {
  ClientModel model("ws://h/");
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  model.apply(hd::client::ConnectionFailed{"the server closed the connection"});
  CHECK(model.state() == ConnectionState::Failed);
  CHECK(model.failure() == "the server closed the connection");
  CHECK(model.welcome());
}

TEST_CASE("the close that follows a refusal does not hide the refusal") {
  ClientModel model("ws://h/");
  model.apply(hd::client::Connected{});
  hd::client::RefusalInfo refusal;
  refusal.code = 1;
  refusal.message = "protocol version 9 is not spoken here";
  model.apply(hd::client::RefusalReceived{refusal});
  model.apply(hd::client::ConnectionFailed{"the server closed the connection"});
  CHECK(model.state() == ConnectionState::Refused);
  REQUIRE(model.refusal());
  CHECK(model.refusal()->message == "protocol version 9 is not spoken here");
  CHECK(model.failure().empty());
}

TEST_CASE("the first failure is the one reported") {
  ClientModel model("ws://h/");
  model.apply(hd::client::ConnectionFailed{"cannot connect"});
  model.apply(hd::client::ConnectionFailed{"something later"});
  model.apply(hd::client::Connected{});
  CHECK(model.state() == ConnectionState::Failed);
  CHECK(model.failure() == "cannot connect");
}

namespace {

namespace pb = hundred_days::v1;

hd::client::EnvelopeReceived envelope_event(const pb::ServerEnvelope& envelope) {
  return {std::make_shared<const pb::ServerEnvelope>(envelope)};
}

// A welcomed and logged-in model with the requests of the login taken out.
ClientModel logged_in_model() {
  ClientModel model("ws://h/");
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  model.log_in("alice", "password1", false);
  const auto sent = model.take_outbox();
  REQUIRE(sent.size() == 1);
  pb::ServerEnvelope answer;
  answer.set_request_id(sent[0].request_id());
  answer.mutable_logged_in()->set_username("alice");
  answer.mutable_logged_in()->set_session_token(std::string(64, 'a'));
  model.apply(envelope_event(answer));
  return model;
}

}  // namespace

TEST_CASE(
    "requests are numbered from a random start and the login answer fills the account and asks for the "
    "lobby") {
  ClientModel model("ws://h/");
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  model.log_in("alice", "password1", true);
  auto sent = model.take_outbox();
  REQUIRE(sent.size() == 1);
  CHECK(sent[0].request_id() > hd::client::kHelloRequestId);  // never 0 (unasked) or 1 (the Hello)
  // Issue 29: another process (another model) starts elsewhere, so its ids do not repeat these.
  ClientModel other("ws://h/");
  other.apply(hd::client::WelcomeReceived{sample_welcome()});
  other.log_in("alice", "password1", true);
  CHECK(other.take_outbox().at(0).request_id() != sent[0].request_id());
  REQUIRE(sent[0].has_register_account());
  CHECK(sent[0].register_account().username() == "alice");
  CHECK(model.take_outbox().empty());

  pb::ServerEnvelope answer;
  answer.set_request_id(sent[0].request_id());
  answer.mutable_logged_in()->set_username("alice");
  answer.mutable_logged_in()->set_session_token("tok");
  model.apply(envelope_event(answer));
  REQUIRE(model.lobby().account);
  CHECK(model.lobby().account->session_token == "tok");
  sent = model.take_outbox();
  // The three lobby lists, the live lobby's WatchLobby (issue 16) and the create form's scenarios.
  REQUIRE(sent.size() == 5);
  CHECK(sent[0].list_games().filter() == pb::GAME_LIST_FILTER_OPEN);
  CHECK(sent[1].list_games().filter() == pb::GAME_LIST_FILTER_MINE);
  CHECK(sent[2].list_games().filter() == pb::GAME_LIST_FILTER_SPECTATABLE);
  CHECK(sent[3].watch_lobby().on());
  CHECK(sent[4].has_list_scenarios());

  // Each GameList lands in the list its request asked for.
  pb::ServerEnvelope mine;
  mine.set_request_id(sent[1].request_id());
  mine.mutable_game_list()->add_games()->set_game_id(44);
  model.apply(envelope_event(mine));
  REQUIRE(model.lobby().my_games.size() == 1);
  CHECK(model.lobby().my_games[0].game_id() == 44);
  CHECK(model.lobby().open_games.empty());
}

TEST_CASE("the server's ScenarioList becomes the lobby's scenarios, and each login asks again") {
  ClientModel model = logged_in_model();
  const auto sent = model.take_outbox();
  const auto ask = std::find_if(sent.begin(), sent.end(),
                                [](const hd::client::Request& r) { return r.has_list_scenarios(); });
  REQUIRE(ask != sent.end());
  CHECK_FALSE(model.lobby().scenarios_listed);
  CHECK(model.lobby().scenarios.empty());

  pb::ServerEnvelope answer;
  answer.set_request_id(ask->request_id());
  pb::ListedScenario& quatre_bras = *answer.mutable_scenario_list()->add_scenarios();
  quatre_bras.set_slug("quatre-bras");
  quatre_bras.set_title("Quatre Bras");
  quatre_bras.set_rule("19.0");
  quatre_bras.add_seats(pb::SEAT_FRENCH);
  quatre_bras.add_seats(pb::SEAT_ALLIED);
  model.apply(envelope_event(answer));
  REQUIRE(model.lobby().scenarios_listed);
  REQUIRE(model.lobby().scenarios.size() == 1);
  CHECK(model.lobby().scenarios[0].slug == "quatre-bras");
  CHECK(model.lobby().scenarios[0].seats == std::vector<pb::Seat>{pb::SEAT_FRENCH, pb::SEAT_ALLIED});
  CHECK(model.requests_in_flight() == 4);  // the three game lists and WatchLobby are still unanswered

  // A second login (a switch of account, or a resume after a restart) asks the server again.
  model.log_in("bob", "password2", false);
  const auto login = model.take_outbox();
  REQUIRE(login.size() == 1);
  pb::ServerEnvelope again;
  again.set_request_id(login[0].request_id());
  again.mutable_logged_in()->set_username("bob");
  model.apply(envelope_event(again));
  const auto after = model.take_outbox();
  CHECK(std::count_if(after.begin(), after.end(),
                      [](const hd::client::Request& r) { return r.has_list_scenarios(); }) == 1);
}

TEST_CASE("a refused login is shown on the login screen and leaves the connection welcomed") {
  ClientModel model("ws://h/");
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  model.log_in("alice", "wrong-password", false);
  const auto sent = model.take_outbox();
  hd::client::RefusalInfo refusal;
  refusal.code = 7;
  refusal.message = "unknown user or wrong password";
  model.apply(hd::client::RefusalReceived{refusal, sent[0].request_id()});
  CHECK(model.state() == ConnectionState::Welcomed);
  CHECK(model.login_error() == "Refused: unknown user or wrong password");
  CHECK_FALSE(model.lobby().account);
}

TEST_CASE("a refused action is shown in plain words with its rule number") {
  ClientModel model = logged_in_model();
  model.take_outbox();
  model.send_game({hd::client::Request{}});
  const auto sent = model.take_outbox();
  hd::client::RefusalInfo refusal;
  refusal.code = 13;
  refusal.rule = "5.3";
  refusal.message = "Bach cannot enter 1746: not enough movement points";
  model.apply(hd::client::RefusalReceived{refusal, sent[0].request_id()});
  CHECK(model.notice() == "Refused by rule 5.3: Bach cannot enter 1746: not enough movement points");
  CHECK(model.state() == ConnectionState::Welcomed);
}

TEST_CASE(
    "after a lost connection the model resumes the session and reopens the game after its last action") {
  ClientModel model = logged_in_model();
  model.take_outbox();
  pb::ServerEnvelope snapshot;
  snapshot.mutable_game_snapshot()->set_game_id(9);
  snapshot.mutable_game_snapshot()->set_sequence(17);
  model.apply(envelope_event(snapshot));
  REQUIRE(model.game().open());
  model.take_outbox();

  model.apply(hd::client::ConnectionFailed{"connection lost"});
  CHECK(model.lost());
  model.reconnect();
  CHECK(model.state() == ConnectionState::Connecting);
  CHECK(model.reconnects() == 1);
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  auto sent = model.take_outbox();
  REQUIRE(sent.size() == 1);
  REQUIRE(sent[0].has_resume_session());
  CHECK(sent[0].resume_session().session_token() == std::string(64, 'a'));

  pb::ServerEnvelope resumed;
  resumed.set_request_id(sent[0].request_id());
  resumed.mutable_logged_in()->set_username("alice");
  resumed.mutable_logged_in()->set_session_token(std::string(64, 'a'));
  model.apply(envelope_event(resumed));
  sent = model.take_outbox();
  const auto open = std::find_if(sent.begin(), sent.end(), [](const auto& r) { return r.has_open_game(); });
  REQUIRE(open != sent.end());
  CHECK(open->open_game().game_id() == 9);
  CHECK(open->open_game().last_seen_sequence() == 17);
  CHECK(model.game().open());
}

TEST_CASE("an expired token on resume sends the player back to the login screen") {
  ClientModel model = logged_in_model();
  model.apply(hd::client::ConnectionFailed{"connection lost"});
  model.reconnect();
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  const auto sent = model.take_outbox();
  REQUIRE(sent.back().has_resume_session());
  hd::client::RefusalInfo refusal;
  refusal.code = 7;
  refusal.message = "unknown or expired token";
  model.apply(hd::client::RefusalReceived{refusal, sent.back().request_id()});
  CHECK_FALSE(model.lobby().account);
  CHECK_FALSE(model.login_error().empty());
}

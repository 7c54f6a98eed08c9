// Issue 16, a live lobby, at the model level (no window, no server): the lists follow the server's
// LobbyChanged pushes, "my games" put the games waiting for us first, and a game's line says so.
#include "model/lobby_updates.hpp"

#include "model/client_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

namespace pb = hundred_days::v1;
using hd::client::ClientModel;

namespace {

pb::GameSummary game(std::uint64_t id, pb::GameStatus status, const std::string& french, bool your_turn,
                     bool public_listing = true) {
  pb::GameSummary out;
  out.set_game_id(id);
  out.set_scenario("quatre-bras");
  out.set_title("Quatre Bras");
  out.set_status(status);
  out.set_public_listing(public_listing);
  out.set_your_turn(your_turn);
  out.mutable_spectators()->set_view(pb::SPECTATOR_VIEW_COALITION);
  pb::SeatHolder& f = *out.add_seats();
  f.set_seat(pb::SEAT_FRENCH);
  f.set_human(true);
  f.set_username(french);
  pb::SeatHolder& a = *out.add_seats();
  a.set_seat(pb::SEAT_ALLIED);
  a.set_human(true);
  a.set_username(status == pb::GAME_STATUS_OPEN ? "" : "bob");
  return out;
}

std::vector<std::uint64_t> ids(const std::vector<pb::GameSummary>& games) {
  std::vector<std::uint64_t> out;
  for (const auto& g : games)
    out.push_back(g.game_id());
  return out;
}

void receive(ClientModel& model, pb::ServerEnvelope envelope) {
  model.apply(hd::client::EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(std::move(envelope))});
}

// A model logged in as `username` (its requests taken), so that pushes have an account to match.
ClientModel logged_in(const std::string& username) {
  ClientModel model("ws://h/");
  model.apply(hd::client::Connected{});
  pb::ServerEnvelope in;
  in.mutable_logged_in()->set_account_id(1);
  in.mutable_logged_in()->set_username(username);
  in.mutable_logged_in()->set_session_token("token");
  receive(model, in);
  return model;
}

}  // namespace

TEST_CASE("my games: your turn first, newest first within each group") {
  std::vector<pb::GameSummary> games{
      game(3, pb::GAME_STATUS_RUNNING, "alice", false), game(5, pb::GAME_STATUS_RUNNING, "alice", false),
      game(1, pb::GAME_STATUS_RUNNING, "alice", true), game(4, pb::GAME_STATUS_RUNNING, "alice", true),
      game(2, pb::GAME_STATUS_FINISHED, "alice", false)};
  hd::client::sort_my_games(games);
  CHECK(ids(games) == std::vector<std::uint64_t>{4, 1, 5, 3, 2});
}

TEST_CASE("a game's line says YOUR TURN only when it waits for us") {
  CHECK(hd::client::describe_game(game(7, pb::GAME_STATUS_RUNNING, "alice", true), 0).find("YOUR TURN") !=
        std::string::npos);
  CHECK(hd::client::describe_game(game(7, pb::GAME_STATUS_RUNNING, "alice", false), 0).find("YOUR TURN") ==
        std::string::npos);
}

TEST_CASE("the model watches the lobby after login and follows the pushes without asking again") {
  ClientModel model = logged_in("alice");
  const auto sent = model.take_outbox();
  CHECK(std::any_of(sent.begin(), sent.end(), [](const auto& request) {
    return request.has_watch_lobby() && request.watch_lobby().on();
  }));

  // Bob's new open game: listed open; Alice holds no seat.
  pb::ServerEnvelope push;
  *push.mutable_lobby_changed()->add_games() = game(10, pb::GAME_STATUS_OPEN, "bob", false);
  receive(model, push);
  CHECK(ids(model.lobby().open_games) == std::vector<std::uint64_t>{10});
  CHECK(model.lobby().my_games.empty());

  // An older game of Alice's, not her turn, then a newer one that is: her turn first.
  push.mutable_lobby_changed()->clear_games();
  *push.mutable_lobby_changed()->add_games() = game(12, pb::GAME_STATUS_RUNNING, "alice", false);
  *push.mutable_lobby_changed()->add_games() = game(8, pb::GAME_STATUS_RUNNING, "alice", true);
  receive(model, push);
  CHECK(ids(model.lobby().my_games) == std::vector<std::uint64_t>{8, 12});
  CHECK(ids(model.lobby().spectatable_games) == std::vector<std::uint64_t>{12, 8});

  // Game 10 started: it leaves the open list (it is now one to watch); game 8 is no longer her turn.
  push.mutable_lobby_changed()->clear_games();
  *push.mutable_lobby_changed()->add_games() = game(10, pb::GAME_STATUS_RUNNING, "bob", false);
  *push.mutable_lobby_changed()->add_games() = game(8, pb::GAME_STATUS_RUNNING, "alice", false);
  receive(model, push);
  CHECK(model.lobby().open_games.empty());
  CHECK(ids(model.lobby().my_games) == std::vector<std::uint64_t>{12, 8});
  CHECK(ids(model.lobby().spectatable_games) == std::vector<std::uint64_t>{12, 10, 8});
  CHECK_FALSE(model.lobby().my_games.back().your_turn());

  // A resync push asks for the three lists again.
  (void)model.take_outbox();
  push.mutable_lobby_changed()->clear_games();
  push.mutable_lobby_changed()->set_resync(true);
  receive(model, push);
  const auto again = model.take_outbox();
  CHECK(std::count_if(again.begin(), again.end(), [](const auto& r) { return r.has_list_games(); }) == 3);
}

TEST_CASE("a GameList of my games is shown your turn first") {
  ClientModel model = logged_in("alice");
  const auto sent = model.take_outbox();
  std::uint64_t mine_id = 0;
  for (const auto& request : sent)
    if (request.has_list_games() && request.list_games().filter() == pb::GAME_LIST_FILTER_MINE)
      mine_id = request.request_id();
  REQUIRE(mine_id != 0);
  pb::ServerEnvelope list;
  list.set_request_id(mine_id);
  *list.mutable_game_list()->add_games() = game(9, pb::GAME_STATUS_RUNNING, "alice", false);
  *list.mutable_game_list()->add_games() = game(6, pb::GAME_STATUS_RUNNING, "alice", true);
  receive(model, list);
  CHECK(ids(model.lobby().my_games) == std::vector<std::uint64_t>{6, 9});
}

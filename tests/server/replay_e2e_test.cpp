// End-to-end, issue 16's replays (QueryReplay, docs/games.md "Replays") through the real server and
// its SQLite file: a seat's frames of a running game are the views and updates it was sent live; nobody
// replays another seat's view or a running game he has no seat in; a finished game replays for a
// spectator; a frame past the last action is refused; and 18.5C's secret option stays hidden from the
// Prussian seat's replay until the frame that reveals it.
#include "game_test_player.hpp"
#include "replay_frames.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

bool pending_for(const v1::GameView& view, v1::Seat seat) {
  const auto& seats = view.pending().seats();
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

// The refusal code of an answer (UNSPECIFIED if it was not refused).
v1::RefusalCode refused(const v1::ServerEnvelope& answer) {
  return answer.has_refusal() ? answer.refusal().code() : v1::REFUSAL_CODE_UNSPECIFIED;
}

}  // namespace

TEST_CASE("a seat replays what it was shown; others may not; a finished game replays for spectators",
          "[e2e][games][replay]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French
  GamePlayer bob(server.port(), "bob");      // Allied
  GamePlayer carl(server.port(), "carl");    // a stranger, then a spectator
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  const auto alice_open = alice.request(open_game(game, false));
  const auto bob_open = bob.request(open_game(game, false));
  REQUIRE(alice_open.has_game_snapshot());
  REQUIRE(bob_open.has_game_snapshot());

  // What each seat was shown live: the snapshot's view at 0, then each update.
  std::map<std::uint64_t, v1::GameView> alice_views{{0, alice_open.game_snapshot().view()}};
  std::map<std::uint64_t, v1::GameUpdate> alice_updates;
  std::map<std::uint64_t, v1::GameView> bob_views{{0, bob_open.game_snapshot().view()}};
  v1::GameView now = alice_open.game_snapshot().view();
  constexpr std::uint64_t kActions = 8;
  for (std::uint64_t step = 1; step <= kActions; ++step) {
    GamePlayer& actor = pending_for(now, v1::SEAT_FRENCH) ? alice : bob;
    const auto accepted = actor.request(submit(game, engine::Action{engine::EndPhaseAction{}}));
    INFO("step " << step << " by " << actor.username());
    REQUIRE(accepted.has_action_accepted());
    const v1::GameUpdate seen = alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    const v1::GameUpdate bob_seen = bob.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    REQUIRE(seen.sequence() == step);
    alice_views[step] = seen.view();
    alice_updates[step] = seen;
    bob_views[step] = bob_seen.view();
    now = seen.view();
  }

  // Each seat's frames 0..N are what it saw live, backward (replayed from the start) and forward.
  for (std::uint64_t i = kActions + 1; i-- > 0;) {
    INFO("frame " << i);
    const auto frame = alice.request(query_replay(game, i));
    REQUIRE(frame.has_replay_frame());
    CHECK(frame.replay_frame().action_index() == i);
    CHECK(frame.replay_frame().action_count() == kActions);
    CHECK(frame.replay_frame().seat() == v1::SEAT_FRENCH);
    CHECK(frame.replay_frame().status() == v1::GAME_STATUS_RUNNING);
    CHECK(without_live(frame.replay_frame().view()) == without_live(alice_views[i]));
    if (i > 0) CHECK(without_live(frame.replay_frame().update()) == without_live(alice_updates[i]));
  }
  for (std::uint64_t i = 0; i <= kActions; ++i) {
    INFO("frame " << i);
    const auto frame = bob.request(query_replay(game, i, v1::SEAT_ALLIED));
    REQUIRE(frame.has_replay_frame());
    CHECK(without_live(frame.replay_frame().view()) == without_live(bob_views[i]));
  }

  // Not the other seat's view, not a running game without a seat, not past the last action.
  CHECK(refused(bob.request(query_replay(game, 1, v1::SEAT_FRENCH))) == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  CHECK(refused(alice.request(query_replay(game, 1, v1::SEAT_ALLIED))) == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  CHECK(refused(carl.request(query_replay(game, 1))) == v1::REFUSAL_CODE_NOT_YOUR_SEAT);
  const auto beyond = alice.request(query_replay(game, kActions + 1));
  CHECK(refused(beyond) == v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK_THAT(beyond.refusal().message(), Catch::Contains("from 0 to 8"));
  CHECK(refused(alice.request(query_replay(game + 1000, 0))) == v1::REFUSAL_CODE_NOT_FOUND);

  // Finished (a resignation): a spectator replays it through the game's spectator view (French).
  v1::ClientEnvelope resign;
  resign.mutable_resign()->set_game_id(game);
  REQUIRE_FALSE(bob.request(resign).has_refusal());
  const auto first = carl.request(query_replay(game, 0));
  REQUIRE(first.has_replay_frame());
  CHECK(first.replay_frame().seat() == v1::SEAT_UNSPECIFIED);
  CHECK(first.replay_frame().status() == v1::GAME_STATUS_FINISHED);
  CHECK(without_live(first.replay_frame().view()) == without_live(alice_views[0]));
  for (std::uint64_t i = 1; i <= kActions; ++i) {
    INFO("spectator frame " << i);
    const auto frame = carl.request(query_replay(game, i));
    REQUIRE(frame.has_replay_frame());
    CHECK(without_live(frame.replay_frame().update()) == without_live(alice_updates[i]));
  }
  // The resignation logged nothing: the last frame is still the 8th action.
  CHECK(refused(carl.request(query_replay(game, kActions + 1))) == v1::REFUSAL_CODE_INVALID_REQUEST);
}

TEST_CASE("18.5C a Prussian seat's replay hides the secret option until the frame that reveals it",
          "[e2e][games][replay][18.5C]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");  // French, with 18.5C
  GamePlayer bob(server.port(), "bob");      // Prussian
  v1::ClientEnvelope create =
      create_game("ligny", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_COALITION);
  create.mutable_create_game()->add_force_options("18.5C");
  const auto created = alice.request(create);
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  const auto alice_open = alice.request(open_game(game, false));
  const auto bob_open = bob.request(open_game(game, false));
  REQUIRE(bob_open.has_game_snapshot());
  const int prussian_units = bob_open.game_snapshot().view().units_size();
  std::map<std::uint64_t, v1::GameUpdate> bob_updates;

  // Every phase ended until the 16/1700 French movement phase reveals the option.
  v1::GameView now = bob_open.game_snapshot().view();
  std::uint64_t reveal = 0;
  for (std::uint64_t step = 1; step <= 30 && reveal == 0; ++step) {
    GamePlayer& actor = pending_for(now, v1::SEAT_FRENCH) ? alice : bob;
    REQUIRE(actor.request(submit(game, engine::Action{engine::EndPhaseAction{}})).has_action_accepted());
    const v1::GameUpdate seen = bob.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    alice.next_of(v1::ServerEnvelope::kGameUpdate);
    bob_updates[step] = seen;
    now = seen.view();
    if (seen.view().units_size() > prussian_units) reveal = step;
  }
  REQUIRE(reveal > 1);

  for (std::uint64_t i = 0; i <= reveal; ++i) {
    INFO("frame " << i << " of " << reveal);
    const auto frame = bob.request(query_replay(game, i));
    REQUIRE(frame.has_replay_frame());
    const v1::ReplayFrame& shown = frame.replay_frame();
    if (i < reveal) {
      CHECK(shown.view().units_size() == prussian_units);
      CHECK(shown.secret_openings_size() == 0);
      CHECK(shown.update().secret_openings_size() == 0);
      for (const v1::GameEvent& event : shown.update().events())
        CHECK(event.text().find("18.5C") == std::string::npos);
    } else {
      CHECK(shown.view().units_size() == prussian_units + 10);
      CHECK(shown.secret_openings_size() == 1);
    }
    if (i > 0) CHECK(without_live(shown.update()) == without_live(bob_updates[i]));
  }
  // The French seat's replay shows the option's units from the start.
  const auto french = alice.request(query_replay(game, 0));
  REQUIRE(french.has_replay_frame());
  CHECK(french.replay_frame().view().units_size() == prussian_units + 10);
  (void)alice_open;
}

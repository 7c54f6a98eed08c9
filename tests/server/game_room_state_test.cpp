// Issue 15: a room hands its state out shared (GameRoom::shared_state) to the queries worked out
// beside the hub's strand, and never changes a state it has handed out: a commit or a replay moves
// the room to a new state object, so a question still reading the old one reads it whole.
#include "build_paths.hpp"
#include "games/game_room.hpp"

#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::server;

namespace {

// A running Quatre Bras game with an empty log, both seats held by account 1.
GameRoom running_room() {
  auto initial = loader::start_scenario_game(test::data_root(), {"quatre-bras", {}, {}, std::nullopt, false});
  REQUIRE(initial.value);
  GameRow row;
  row.id = 1;
  row.scenario = "quatre-bras";
  row.status = v1::GAME_STATUS_RUNNING;
  row.dice_seed = "seed";
  std::vector<SeatRow> seats(2);
  seats[0].seat = v1::SEAT_FRENCH;
  seats[0].account = 1;
  seats[1].seat = v1::SEAT_ALLIED;
  seats[1].account = 1;
  return GameRoom(row, seats, *initial.value, {});
}

// Applies and commits the first legal action of the side whose decision is pending.
void play_one(GameRoom& room) {
  const engine::Side side = engine::pending_decision(room.state()).side;
  const std::vector<engine::Action> legal = engine::legal_actions(room.state(), side);
  REQUIRE_FALSE(legal.empty());
  const v1::Seat seat = side == engine::Side::French ? v1::SEAT_FRENCH : v1::SEAT_ALLIED;
  room.commit(room.apply(side, legal.front(), seat, AccountId{1}, 0));
}

}  // namespace

TEST_CASE("a state the room has handed out never changes: commits and replays move to a new one", "[room]") {
  GameRoom room = running_room();
  const std::shared_ptr<const engine::GameState> before = room.shared_state();
  const std::uint64_t hash_before = engine::state_hash(*before);
  CHECK(before.get() == &room.state());  // shared, not copied

  play_one(room);
  REQUIRE(room.sequence() == 1);
  CHECK(&room.state() != before.get());
  CHECK(engine::state_hash(*before) == hash_before);  // the question's state is as it was
  CHECK(engine::state_hash(room.state()) != hash_before);
  CHECK(engine::state_hash(room.state()) == engine::state_hash(*room.shared_state()));

  // A replay (after an undo, say) rebuilds the state from the first one and the log: also into a
  // new object, and to the same state.
  play_one(room);
  const std::shared_ptr<const engine::GameState> now = room.shared_state();
  const std::uint64_t hash_now = engine::state_hash(*now);
  room.replay();
  CHECK(&room.state() != now.get());
  CHECK(engine::state_hash(*now) == hash_now);
  CHECK(engine::state_hash(room.state()) == hash_now);
  CHECK(room.sequence() == 2);
}

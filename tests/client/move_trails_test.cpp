// The last player turn's moves (issue 16, model/move_trails.hpp): fed hand-built views and updates,
// the trails start where the view before showed the unit, follow the event's path, roll with the
// player turns (the previous turn kept, the older dropped), follow undo, and a snapshot shows none.
#include "model/move_trails.hpp"

#include "model/game_model.hpp"
#include "proto_builders.hpp"

#include <catch2/catch.hpp>

namespace pb = hundred_days::v1;
using hd::test::coord;
using hd::client::MoveTrail;
using hd::client::MoveTrails;
using hd::engine::Hex;

namespace {

// French unit 0 in 1745 and Allied unit 1 in 1948 (unit 1 left out when `hide_allied`), turn `turn`,
// `phasing` moving.
pb::GameView view_at(std::uint32_t turn, pb::Side phasing, bool hide_allied = false) {
  pb::GameView view;
  view.set_turn(turn);
  view.set_phasing(phasing);
  view.set_phase(pb::PHASE_MOVEMENT);
  for (const auto& [index, army, column, row] :
       {std::tuple{0u, pb::ARMY_FRENCH, 17, 45}, std::tuple{1u, pb::ARMY_ALLIED, 19, 48}}) {
    if (hide_allied && index == 1) continue;
    pb::Unit* unit = view.add_units();
    unit->set_index(index);
    unit->set_army(army);
    unit->set_status(pb::UNIT_STATUS_ON_MAP);
    *unit->mutable_hex() = coord(column, row);
  }
  return view;
}

pb::GameUpdate update(std::uint64_t sequence, const pb::GameView& after) {
  pb::GameUpdate result;
  result.set_game_id(12);
  result.set_sequence(sequence);
  *result.mutable_view() = after;
  return result;
}

void add_move(pb::GameUpdate& to, std::uint32_t unit, std::vector<std::pair<int, int>> path,
              bool entered = false) {
  pb::UnitMoved* moved = to.add_events()->mutable_moved();
  moved->set_unit(unit);
  moved->set_entered(entered);
  for (const auto& [column, row] : path)
    *moved->add_path() = coord(column, row);
}

void add_phase(pb::GameUpdate& to, std::uint32_t turn, pb::Side side) {
  pb::PhaseStarted* started = to.add_events()->mutable_phase_started();
  started->set_turn(turn);
  started->set_side(side);
  started->set_phase(pb::PHASE_MOVEMENT);
}

const MoveTrail* trail_of(const std::vector<MoveTrail>& trails, std::uint32_t unit) {
  for (const MoveTrail& trail : trails)
    if (trail.unit == unit) return &trail;
  return nullptr;
}

}  // namespace

TEST_CASE("move trails (issue 16): a move starts at the unit's hex in the view before it", "[client]") {
  MoveTrails trails;
  const pb::GameView before = view_at(0, pb::SIDE_FRENCH);
  trails.reset(before);
  CHECK(trails.trails().empty());
  auto moved = update(4, view_at(0, pb::SIDE_FRENCH));
  add_move(moved, 0, {{17, 44}, {17, 43}});
  trails.apply(before, moved);
  const auto shown = trails.trails();
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].unit == 0);
  CHECK(shown[0].hexes == std::vector<Hex>{{17, 45}, {17, 44}, {17, 43}});
  CHECK_FALSE(shown[0].earlier_turn);
}

TEST_CASE("move trails (issue 16): the previous player turn is kept, the one before it dropped", "[client]") {
  MoveTrails trails;
  const pb::GameView french = view_at(0, pb::SIDE_FRENCH);
  trails.reset(french);
  auto french_move = update(4, french);
  add_move(french_move, 0, {{17, 44}});
  trails.apply(french, french_move);

  // The French end their player turn: the Coalition's begins (PhaseStarted), then the Allies move.
  const pb::GameView coalition = view_at(0, pb::SIDE_COALITION);
  auto end = update(5, coalition);
  add_phase(end, 0, pb::SIDE_COALITION);
  trails.apply(french, end);
  auto allied_move = update(6, coalition);
  add_move(allied_move, 1, {{19, 47}, {18, 46}});
  trails.apply(coalition, allied_move);
  auto shown = trails.trails();
  REQUIRE(shown.size() == 2);
  REQUIRE(trail_of(shown, 0));
  CHECK(trail_of(shown, 0)->earlier_turn);
  CHECK(trail_of(shown, 0)->hexes == std::vector<Hex>{{17, 45}, {17, 44}});
  REQUIRE(trail_of(shown, 1));
  CHECK_FALSE(trail_of(shown, 1)->earlier_turn);
  CHECK(trail_of(shown, 1)->hexes == std::vector<Hex>{{19, 48}, {19, 47}, {18, 46}});

  // The next game turn's French player turn: the French move of turn 0 is two player turns back.
  // No PhaseStarted this time: the view after the update says the player turn changed.
  const pb::GameView next = view_at(1, pb::SIDE_FRENCH);
  trails.apply(coalition, update(7, next));
  shown = trails.trails();
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].unit == 1);
  CHECK(shown[0].earlier_turn);
}

TEST_CASE("move trails (issue 16): retreats and advances extend the trail; entries start at the edge",
          "[client]") {
  MoveTrails trails;
  const pb::GameView before = view_at(0, pb::SIDE_FRENCH);
  trails.reset(before);
  auto combat = update(4, before);
  add_move(combat, 0, {{18, 45}});
  pb::UnitRetreated* retreated = combat.add_events()->mutable_retreated();
  retreated->set_unit(1);
  *retreated->mutable_from() = coord(19, 48);
  *retreated->mutable_to() = coord(19, 49);
  pb::UnitAdvanced* advanced = combat.add_events()->mutable_advanced();
  advanced->set_unit(0);
  *advanced->mutable_from() = coord(18, 45);
  *advanced->mutable_to() = coord(19, 46);
  add_move(combat, 2, {{1, 10}, {2, 10}}, true);  // a reinforcement entering at 0110
  trails.apply(before, combat);
  const auto shown = trails.trails();
  REQUIRE(shown.size() == 3);
  CHECK(trail_of(shown, 0)->hexes == std::vector<Hex>{{17, 45}, {18, 45}, {19, 46}});
  CHECK(trail_of(shown, 1)->hexes == std::vector<Hex>{{19, 48}, {19, 49}});
  CHECK(trail_of(shown, 2)->hexes == std::vector<Hex>{{1, 10}, {2, 10}});
}

TEST_CASE("move trails (issue 16): an enemy seen only in part starts where it was first seen", "[client]") {
  MoveTrails trails;
  const pb::GameView before = view_at(0, pb::SIDE_COALITION, true);  // the Allied unit unseen before
  trails.reset(before);
  auto seen = update(4, view_at(0, pb::SIDE_COALITION));
  add_move(seen, 1, {{19, 47}, {19, 48}});  // the hexes the French observed (16.3 redaction)
  trails.apply(before, seen);
  const auto shown = trails.trails();
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].hexes == std::vector<Hex>{{19, 47}, {19, 48}});
}

TEST_CASE("move trails (issue 16): an undo takes the undone move's trail back", "[client]") {
  MoveTrails trails;
  const pb::GameView before = view_at(0, pb::SIDE_FRENCH);
  trails.reset(before);
  auto first = update(4, before);
  add_move(first, 0, {{17, 44}});
  trails.apply(before, first);
  auto second = update(5, before);
  add_move(second, 1, {{19, 47}});
  trails.apply(before, second);
  REQUIRE(trails.trails().size() == 2);
  auto undo = update(4, before);  // takes back action 5
  undo.set_undone(true);
  trails.apply(before, undo);
  const auto shown = trails.trails();
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].unit == 0);
}

TEST_CASE("move trails (issue 16): the game model keeps them from updates and forgets them on a snapshot",
          "[client]") {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(12);
  snapshot.set_sequence(3);
  snapshot.add_my_seats(pb::SEAT_ALLIED);
  *snapshot.mutable_view() = view_at(0, pb::SIDE_FRENCH);
  hd::client::GameModel game;
  game.apply_snapshot(snapshot);
  CHECK(game.move_trails().empty());
  auto moved = update(4, view_at(0, pb::SIDE_FRENCH));
  add_move(moved, 0, {{17, 44}});
  REQUIRE(game.apply_update(moved) == hd::client::UpdateFit::Applied);
  REQUIRE(game.move_trails().size() == 1);
  CHECK(game.move_trails()[0].hexes == std::vector<Hex>{{17, 45}, {17, 44}});
  // Reopened (a snapshot, no events): nothing is guessed.
  snapshot.set_sequence(4);
  game.apply_snapshot(snapshot);
  CHECK(game.move_trails().empty());
}

// End-to-end: a rule refusal reaches the wire typed (reason, rule, arguments), the view says whose
// seats may ask for an undo (5.1C), and in Ligny under the secret 18.5C option the Prussian seat's
// refusals are the same bytes as without it and name only units it is shown.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/refusal_convert.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// A French move whose second hex is not next to its first (5.0), refused as NotNeighbours.
engine::MoveAction gap_move(const engine::GameState& state) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (state.units[i].army != engine::Army::French || !state.units[i].on_map()) continue;
    engine::MoveAction move;
    move.move.unit = static_cast<engine::UnitIndex>(i);
    const engine::Hex from = state.units[i].hex;
    move.move.path = {engine::Hex{from.column, from.row + 1}, engine::Hex{from.column, from.row + 3}};
    const auto refusal = engine::validate(state, engine::Side::French, move);
    if (refusal && refusal->code == engine::RefusalCode::NotNeighbours) return move;
  }
  FAIL("no French unit to refuse a gap move for");
  return {};
}

v1::ClientEnvelope place(std::uint64_t game, engine::UnitIndex unit, engine::Hex hex) {
  return submit(game, engine::Action{engine::PlaceAction{unit, hex}});
}

}  // namespace

TEST_CASE("a rule refusal reaches the wire typed with its arguments; undo_allowed follows 5.1C",
          "[e2e][games][refusal]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob.request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  const auto opened = alice.request(open_game(game, false));
  REQUIRE(opened.has_game_snapshot());
  REQUIRE(bob.request(open_game(game, false)).has_game_snapshot());
  const v1::PendingDecision& pending = opened.game_snapshot().view().pending();
  CHECK(pending.kind() == v1::DECISION_KIND_MOVE);
  CHECK(pending.armies_size() == 1);
  CHECK(pending.armies(0) == v1::ARMY_FRENCH);
  CHECK_FALSE(opened.game_snapshot().view().undo_allowed());  // nothing to take back yet

  Replica replica("quatre-bras", engine::Viewer{});
  const engine::MoveAction gap = gap_move(replica.state());
  const auto expected = engine::validate(replica.state(), engine::Side::French, gap);
  REQUIRE(expected);
  const auto refused = alice.request(submit(game, gap));
  INFO(refused.DebugString());
  REQUIRE(refused.has_refusal());
  const v1::Refusal& refusal = refused.refusal();
  CHECK(refusal.code() == v1::REFUSAL_CODE_RULE_VIOLATION);
  CHECK(refusal.rule_refusal() == v1::RULE_REFUSAL_NOT_NEIGHBOURS);
  CHECK(refusal.rule() == "5.0");
  REQUIRE(refusal.args_size() == 2);
  CHECK(refusal.args(0).hex().column() == static_cast<std::uint32_t>(gap.move.path[0].column));
  CHECK(refusal.args(1).hex().row() == static_cast<std::uint32_t>(gap.move.path[1].row));
  CHECK(wire::rule_refusal_from_proto(refusal) == *expected);
  CHECK(wire::refusal_text(refusal, &opened.game_snapshot().view()) ==
        engine::describe(*expected, replica.state()));

  // A move, then the same unit again: 5.1C names the unit by its number. The mover may ask for an
  // undo, the opponent may not.
  const engine::MoveAction move = french_move(replica.state());
  REQUIRE(alice.request(submit(game, move)).has_action_accepted());
  const auto alice_update = alice.next_of(v1::ServerEnvelope::kGameUpdate);
  const auto bob_update = bob.next_of(v1::ServerEnvelope::kGameUpdate);
  CHECK(alice_update.game_update().view().undo_allowed());
  CHECK_FALSE(bob_update.game_update().view().undo_allowed());
  const auto again = alice.request(submit(game, move));
  REQUIRE(again.has_refusal());
  CHECK(again.refusal().rule_refusal() == v1::RULE_REFUSAL_ALREADY_MOVED);
  CHECK(again.refusal().rule() == "5.1C");
  REQUIRE(again.refusal().args_size() == 1);
  CHECK(again.refusal().args(0).unit() == move.move.unit);

  // The movement phase ends: nothing may be taken back any more.
  REQUIRE(alice.request(submit(game, engine::Action{engine::EndPhaseAction{}})).has_action_accepted());
  const auto combat = alice.next_of(v1::ServerEnvelope::kGameUpdate);
  CHECK_FALSE(combat.game_update().view().undo_allowed());
  CHECK(combat.game_update().view().pending().kind() == v1::DECISION_KIND_ATTACK);
}

TEST_CASE("18.5C the Prussian seat's refusals are the same with and without the secret option",
          "[e2e][games][18.5C][refusal]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  auto create = [](bool first_corps, const std::string& entropy) {
    v1::ClientEnvelope envelope =
        create_game("ligny", {v1::SEAT_FRENCH}, entropy, v1::SPECTATOR_VIEW_COALITION);
    if (first_corps) envelope.mutable_create_game()->add_force_options("18.5C");
    return envelope;
  };
  const auto with = alice.request(create(true, test_entropy("alice")));
  const auto without = alice.request(create(false, test_entropy("alice2")));
  REQUIRE(with.has_game_created());
  REQUIRE(without.has_game_created());
  const std::uint64_t a = with.game_created().game_id();
  const std::uint64_t b = without.game_created().game_id();
  REQUIRE(bob.request(join_game(a, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  REQUIRE(bob.request(join_game(b, v1::SEAT_PRUSSIAN, test_entropy("bob2"))).has_game_changed());
  const auto snapshot = bob.request(open_game(a, false));
  REQUIRE(snapshot.has_game_snapshot());
  const auto shown = static_cast<std::uint32_t>(snapshot.game_snapshot().view().units_size());
  CHECK(snapshot.game_snapshot().view().pending().kind() == v1::DECISION_KIND_SETUP_PLACEMENT);

  // Ligny opens with the Prussian set-up (3.2C): a w/N unit placed one hex beyond its radius.
  auto local = loader::start_scenario_game(game_data_root(), {"ligny", {"18.5C"}, {}, std::nullopt});
  REQUIRE(local.value);
  const engine::GameState& state = *local.value;
  int checked = 0;
  for (std::size_t i = 0; i < state.units.size() && checked < 3; ++i) {
    const engine::UnitState& unit = state.units[i];
    if (unit.army != engine::Army::Prussian || unit.setup_radius <= 0) continue;
    const engine::Hex beyond{unit.setup_hex.column, unit.setup_hex.row + unit.setup_radius + 1};
    const auto in_a = bob.request(place(a, static_cast<engine::UnitIndex>(i), beyond));
    const auto in_b = bob.request(place(b, static_cast<engine::UnitIndex>(i), beyond));
    INFO(in_a.DebugString());
    REQUIRE(in_a.has_refusal());
    REQUIRE(in_b.has_refusal());
    CHECK(in_a.refusal().rule_refusal() == v1::RULE_REFUSAL_OUTSIDE_SETUP_RADIUS);
    CHECK(in_a.refusal().SerializeAsString() == in_b.refusal().SerializeAsString());
    for (const v1::RefusalArg& arg : in_a.refusal().args())
      if (arg.value_case() == v1::RefusalArg::kUnit) CHECK(arg.unit() < shown);
    ++checked;
  }
  CHECK(checked == 3);
}

// 16.17 Supply Trains: the army's sole supply source (with 14.0's line), its movement (16.17A), its
// stacking (16.17B) and combat (16.17C), on a small hand-built map: a chaussee runs down column 06 to
// the south edge (the French map source, which 16.17 supersedes), a trail crosses it along row 10.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/engine/rules/variant/supply_trains.hpp>
#include <hd/engine/state/invariants.hpp>

#include <algorithm>

using namespace hd::test;

namespace {

const std::string kTrainMap =
    "road \"Chaussee\" : 0601 0602 0603 0604 0605 0606 0607 0608 0609 0610 0611 0612 0613 0614 0615 0616 "
    "0617 0618 0619 0620\n"
    "trail \"Lane\" : 0610 0710 0810 0910 1010\n"
    "supply french : south-edge\n"
    "supply allied : west-edge\n";

const TestUnit kTrain{"french", "T", "supply_train", 0, 4, ""};
const TestUnit kFastTrain{"french", "T", "supply_train", 0, 6, ""};  // for the lane's length
const TestUnit kFrench{"french", "F", "infantry", 4, 4};
const TestUnit kFrench2{"french", "G", "infantry", 4, 4};
const TestUnit kAllied{"allied", "X", "infantry", 4, 4};
const TestUnit kAlliedGuns{"allied", "Y", "foot_artillery", 4, 4};

// The game runs 16/1400-16/1600 (day), 16/2100 and 17/0000 (night), 18/1200 (the first daylight turn
// after the night: 14.0's check). The French move first.
GameState train_game(const std::vector<TestUnit>& units, const std::string& setup,
                     const std::string& extra = "") {
  return make_game(kTrainMap, units, "rules 1.0-9.0 14.0 16.17\n" + extra + setup, "turns 16/1400 18/1200\n",
                   14, 20);
}

bool traces(const GameState& state, const char* id) {
  const UnitState& u = state.units[unit(state, id)];
  return supply_line(state, u.army, u.hex).has_value();
}

MoveRequest move_of(const GameState& state, const char* id, std::vector<const char*> path) {
  MoveRequest request;
  request.unit = unit(state, id);
  for (const char* hex : path)
    request.path.push_back(hx(hex));
  return request;
}

bool refused_by(const std::optional<Refusal>& refusal, const char* rule) {
  return refusal && refusal->rule == rule;
}

// Ends phases until the Allied combat phase of the current turn.
void to_allied_combat(GameState& state) {
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Combat))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
}

}  // namespace

TEST_CASE("16.17 the supply train is the army's sole source: lines run to it, not to the map edge",
          "[rules][16.17]") {
  // F stands on the chaussee two hexes from the south edge, the French map source of 14.1.
  auto state = train_game({kTrain, kFrench}, "setup french 0601 : T\nsetup french 0618 : F\n");
  const auto line = supply_line(state, Army::French, hx("0618"));
  REQUIRE(line);
  CHECK(line->back() == hx("0601"));  // traced up the road to the train
  CHECK(supply_train_sources(state, Army::French) == std::vector<Hex>{hx("0601")});
  SECTION("an enemy on the road between them cuts the only line, though the map edge is two hexes away") {
    auto blocked = train_game({kTrain, kFrench, kAllied},
                              "setup french 0601 : T\nsetup french 0618 : F\nsetup allied 0605 : X\n");
    CHECK_FALSE(traces(blocked, "F"));
  }
  SECTION("the train destroyed: the army has no source left") {
    state.units[unit(state, "T")].status = UnitStatus::Eliminated;
    CHECK(supply_train_sources(state, Army::French) == std::vector<Hex>{});
    CHECK_FALSE(traces(state, "F"));
  }
  SECTION("an army with no train keeps its map source (14.1)") {
    CHECK_FALSE(supply_train_sources(state, Army::Allied));
    CHECK(supply_line(state, Army::Allied, hx("0303")));
  }
}

TEST_CASE("16.17 a train waiting to enter is the source at its entry hex; the check leaves it alone",
          "[rules][16.17]") {
  auto state =
      train_game({kTrain, kFrench, kFrench2},
                 "setup french 0606 : F\nsetup french 1302 : G\nreinforce french 18/1200 at 0601 : T\n");
  CHECK(supply_train_sources(state, Army::French) == std::vector<Hex>{hx("0601")});
  CHECK(traces(state, "F"));
  CHECK_FALSE(traces(state, "G"));  // seven hexes off the chaussee, eight off the lane
  // 14.0's check at 18/1200: G is removed, F stays; the train itself is never checked.
  while (state.turn < 5)  // 18/1200, the first daylight turn after the night
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  REQUIRE(supply_check_turn(*state.rules, state.turn));
  CHECK(state.units[unit(state, "G")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "F")].on_map());
  CHECK(state.units[unit(state, "T")].status == UnitStatus::Waiting);
}

TEST_CASE("16.17A a train moves only along roads and trails, never into an enemy ZOC", "[rules][16.17A]") {
  auto state = train_game({kFastTrain, kAllied}, "setup french 0609 : T\nsetup allied 1011 : X\n");
  const auto reach = reachable_hexes(state, unit(state, "T"));
  REQUIRE_FALSE(reach.empty());
  for (const ReachableHex& r : reach) {
    INFO(format_hex(r.hex));
    CHECK((r.hex.column == 6 || r.hex.row == 10));  // the chaussee and the lane only
  }
  CHECK(refused_by(check_move(state, move_of(state, "T", {"0709"})), "16.17A"));
  CHECK_FALSE(check_move(state, move_of(state, "T", {"0608", "0607"})));
  // X at 1011 holds 1010 in its ZOC: the lane's end is barred to the train (16.17A).
  CHECK_FALSE(check_move(state, move_of(state, "T", {"0610", "0710", "0810", "0910"})));
  CHECK(
      refused_by(check_move(state, move_of(state, "T", {"0610", "0710", "0810", "0910", "1010"})), "16.17A"));
}

TEST_CASE("16.17A a train does not move at night and spends 1 MP in rain", "[rules][16.17A]") {
  SECTION("rain: 1 MP, two road hexes at 1/2 MP each") {
    auto state = train_game({kTrain}, "setup french 0605 : T\n", "rain 16/1400\n");
    CHECK(movement_allowance(state, state.units[unit(state, "T")]) == kSupplyTrainRainHalfMp);
    CHECK_FALSE(check_move(state, move_of(state, "T", {"0606", "0607"})));
    CHECK(check_move(state, move_of(state, "T", {"0606", "0607", "0608"})));
  }
  SECTION("night: no move at all") {
    auto state = train_game({kTrain}, "setup french 0605 : T\n");
    while (!state.current_turn().night)
      apply(state, state.phasing, EndPhaseAction{}, no_dice());
    while (state.phasing != Side::French)
      apply(state, state.phasing, EndPhaseAction{}, no_dice());
    CHECK(movement_allowance(state, state.units[unit(state, "T")]) == 0);
    CHECK(reachable_hexes(state, unit(state, "T")).empty());
  }
}

TEST_CASE("16.17B a train stacks with nothing and no unit moves or retreats through it", "[rules][16.17B]") {
  auto state = train_game({kTrain, kFrench, kFrench2},
                          "setup french 0605 : T\nsetup french 0603 : F\n"
                          "setup french 0607 : G\n");
  // F may not pass through the train on the road, nor stop with it.
  CHECK(refused_by(check_move(state, move_of(state, "F", {"0604", "0605", "0606"})), "16.17B"));
  CHECK(refused_by(check_move(state, move_of(state, "F", {"0604", "0605"})), "16.17B"));
  // Nor may the train enter a friendly unit's hex.
  CHECK(refused_by(check_move(state, move_of(state, "T", {"0606", "0607"})), "16.17B"));
  CHECK_FALSE(check_move(state, move_of(state, "T", {"0606"})));
  // A retreat never enters its hex (6.6 as 16.17B bars it).
  state.units[unit(state, "F")].hex = hx("0604");
  const auto retreats = retreat_hexes(state, unit(state, "F"));
  CHECK(std::find(retreats.begin(), retreats.end(), hx("0605")) == retreats.end());
  CHECK_FALSE(retreats.empty());
  // The invariants name a stack with a train.
  state.units[unit(state, "F")].hex = hx("0605");
  CHECK_FALSE(broken_invariants(state).empty());
}

TEST_CASE("16.17C a train has no ZOC and cannot attack; any attack on it destroys it", "[rules][16.17C]") {
  auto state = train_game({kTrain, kAllied, kAlliedGuns},
                          "setup french 0605 : T\nsetup allied 0705 : X\nsetup allied 0805 : Y\n");
  const UnitIndex t = unit(state, "T");
  CHECK_FALSE(in_enemy_zoc(state, hx("0705"), Side::Coalition));  // X stands beside it, in no ZOC
  CHECK(in_enemy_zoc(state, hx("0605"), Side::French));           // X's ZOC reaches the train
  // The French combat phase: the train owes no attack and may make none.
  while (state.phase != Phase::Combat)
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  CHECK_FALSE(state.units[t].must_fight);
  CHECK(refused_by(check_attack(state, AttackAction({t}, {unit(state, "X")})), "16.17C"));
  SECTION("an adjacent attack: De whatever the die") {
    to_allied_combat(state);
    CHECK_FALSE(state.units[unit(state, "X")].must_fight);  // nothing obliges X to attack it
    const AttackAction attack({unit(state, "X")}, {t});
    REQUIRE_FALSE(check_attack(state, attack));
    const CombatOdds odds = compute_odds(state, attack);
    CHECK(odds.computed.index == kOddsColumns - 1);
    apply(state, Side::Coalition, attack, die(4));  // the table's Dr at 6-1
    CHECK(state.units[t].status == UnitStatus::Eliminated);
    CHECK(state.units[unit(state, "X")].on_map());  // no exchange either
    CHECK(supply_train_sources(state, Army::French) == std::vector<Hex>{});
  }
  SECTION("a bombardment alone destroys it too") {
    to_allied_combat(state);
    AttackAction bombardment;
    bombardment.bombarding = {unit(state, "Y")};
    bombardment.defenders = {t};
    REQUIRE_FALSE(check_attack(state, bombardment));
    apply(state, Side::Coalition, bombardment, die(4));  // the table's Dr at 6-1
    CHECK(state.units[t].status == UnitStatus::Eliminated);
  }
}

TEST_CASE("6.1, 16.17C an owed defender next only to a train (and a unit that fought) lets the phase end",
          "[rules][6.1][16.17C]") {
  // Down column 06: W, F, X, T. F is in the ZOC of W and X; it attacks W alone, so X, still owed,
  // has only the train next to it, which cannot attack (the battle-seeking bot's campaign-variant
  // seeds 5 and 8 stuck here: "X must still attack or be attacked").
  const TestUnit allied_w{"allied", "W", "infantry", 4, 4};
  auto state = train_game({kTrain, kFrench, kAllied, allied_w},
                          "setup french 0606 : T\nsetup french 0604 : F\nsetup allied 0605 : X\n"
                          "setup allied 0603 : W\n");
  while (state.phase != Phase::Combat)
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  const UnitIndex x = unit(state, "X");
  REQUIRE(state.units[x].must_fight);
  apply(state, Side::French, AttackAction({unit(state, "F")}, {unit(state, "W")}), die(1));  // 1-1, 1: Dr
  if (!state.pending_retreats.empty())
    apply(state, Side::Coalition, RetreatAction{unit(state, "W"), hx("0602"), std::nullopt, false},
          no_dice());
  if (state.pending_advance) apply(state, Side::French, AdvanceAction{}, no_dice());
  REQUIRE(state.pending_retreats.empty());
  CHECK(state.units[x].must_fight);
  CHECK_FALSE(state.units[x].fought);
  CHECK(refused_by(check_attack(state, AttackAction({unit(state, "T")}, {x})), "16.17C"));
  CHECK_FALSE(validate(state, Side::French, EndPhaseAction{}));
}

TEST_CASE("28.0E once the French train has exited, French lines run to its exit hex; without 28.0E, nowhere",
          "[rules][28.0E]") {
  // The train leaves by the chaussee's south end, 0620, the French exit hex of this game.
  const std::string setup =
      "setup french 0617 : T\nsetup french 0604 : F\nvp french exit 0620 1 per-strength-point\n";
  auto exit_train = [](GameState& state) {
    MoveRequest request = move_of(state, "T", {"0618", "0619", "0620"});
    request.exit_map = true;
    REQUIRE_FALSE(check_move(state, request));
    apply(state, Side::French, MoveAction{request}, no_dice());
    REQUIRE(state.units[unit(state, "T")].status == UnitStatus::Exited);
  };
  SECTION("with 28.0E") {
    auto state = train_game({kTrain, kFrench},
                            setup + "special 28.0E \"Exited French units trace supply to the exit hex.\"\n");
    REQUIRE(rule_in_force(*state.rules, "28.0E"));
    exit_train(state);
    CHECK(supply_train_sources(state, Army::French) == std::vector<Hex>{hx("0620")});
    const auto line = supply_line(state, Army::French, hx("0604"));
    REQUIRE(line);
    CHECK(line->back() == hx("0620"));
  }
  SECTION("without it the army has no source once its train is gone") {
    auto state = train_game({kTrain, kFrench}, setup);
    exit_train(state);
    CHECK(supply_train_sources(state, Army::French) == std::vector<Hex>{});
    CHECK_FALSE(traces(state, "F"));
  }
}

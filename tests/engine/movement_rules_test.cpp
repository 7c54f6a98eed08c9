// Movement (5.0) and the sequence of play (4.0), one case per rule, on small hand-built maps.
#include "rules_fixture.hpp"

#include <hd/engine/rules/movement/movement.hpp>

using namespace hd::test;

namespace {

const std::vector<TestUnit> kInfantry{{"french", "Inf", "infantry", 4, 4},
                                      {"french", "Cav", "cavalry", 4, 6}};

// Ends phases until the given side's movement phase of the given turn index.
void advance_to(GameState& state, int turn, Side side) {
  while (!(state.turn == turn && state.phasing == side && state.phase == Phase::Movement)) {
    REQUIRE(state.phase != Phase::GameOver);
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  }
}

}  // namespace

TEST_CASE("5.2 clear costs 1 MP a hex; the move may not exceed the allowance (5.1)", "[rules][5.2]") {
  auto state = make_game("", kInfantry, "setup french 0505 : Inf\n");
  CHECK(refused_by(state, Side::French, move(state, "Inf", {"0506", "0507", "0508", "0509"})) == "");
  CHECK(refused_by(state, Side::French, move(state, "Inf", {"0506", "0507", "0508", "0509", "0510"})) ==
        "5.1");
}

TEST_CASE("5.2 forest and marsh: 2 MP on foot, 4 MP mounted", "[rules][5.2]") {
  auto state = make_game("forest \"W\" : 0506\nmarsh \"M\" : 0706\n", kInfantry,
                         "setup french 0505 : Inf\nsetup french 0705 : Cav\n");
  int spent = 0;
  CHECK_FALSE(check_move(state, move(state, "Inf", {"0506"}).move, &spent));
  CHECK(spent == 4);  // half MP
  CHECK_FALSE(check_move(state, move(state, "Cav", {"0706"}).move, &spent));
  CHECK(spent == 8);
}

TEST_CASE("5.2B roads cost 1/2 MP hex to hex along the road, fractions kept; trails 1 MP", "[rules][5.2B]") {
  auto state = make_game(
      "road \"R\" : 0101 0102 0103 0104 0105 0106 0107 0108 0109 0110\ntrail \"T\" : 0301 0302 0303 0304 "
      "0305\n"
      "forest \"W\" : 0302-05\n",
      kInfantry, "setup french 0101 : Inf\nsetup french 0301 : Cav\n");
  // Eight road hexes at 1/2 MP are exactly 4 MP; a ninth is too far.
  CHECK(refused_by(state, Side::French,
                   move(state, "Inf", {"0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109"})) ==
        "");
  CHECK(refused_by(state, Side::French,
                   move(state, "Inf",
                        {"0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109", "0110"})) == "5.1");
  // Along a trail through woods: 1 MP a hex instead of 4 for cavalry.
  int spent = 0;
  CHECK_FALSE(check_move(state, move(state, "Cav", {"0302", "0303", "0304", "0305"}).move, &spent));
  CHECK(spent == 8);
  // Leaving the road mid-way pays the terrain (5.2B: only hex to hex along the path).
  CHECK_FALSE(check_move(state, move(state, "Inf", {"0102", "0202"}).move, &spent));
  CHECK(spent == 1 + 2);
}

TEST_CASE("5.2A streams add 2 MP; bridges add nothing; rivers and lakes are crossed only at bridges",
          "[rules][5.2A]") {
  auto state = make_game(
      "stream \"S\" : 0505/0506 0605/0606\nbridge \"B\" : 0605/0606\nriver \"R\" : 0705/0706 0805/0806\n"
      "bridge \"RB\" : 0805/0806\nlake \"L\" : 0905/0906\n",
      {{"french", "A", "infantry", 4, 4},
       {"french", "B", "infantry", 4, 4},
       {"french", "C", "infantry", 4, 4},
       {"french", "D", "infantry", 4, 4},
       {"french", "E", "infantry", 4, 4}},
      "setup french 0505 : A\nsetup french 0605 : B\nsetup french 0705 : C\nsetup french 0805 : D\n"
      "setup french 0905 : E\n");
  int spent = 0;
  CHECK_FALSE(check_move(state, move(state, "A", {"0506"}).move, &spent));
  CHECK(spent == 2 + 4);  // 5.2C cumulative: 1 MP + 2 MP
  CHECK_FALSE(check_move(state, move(state, "B", {"0606"}).move, &spent));
  CHECK(spent == 2);
  CHECK(refused_by(state, Side::French, move(state, "C", {"0706"})) == "5.2A");
  CHECK(refused_by(state, Side::French, move(state, "D", {"0806"})) == "");
  CHECK(refused_by(state, Side::French, move(state, "E", {"0906"})) == "5.2A");
}

TEST_CASE("5.3 a unit stops on entering an enemy ZOC and may not leave one", "[rules][5.3]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4}},
                         "setup french 0504 : A\nsetup french 0606 : B\nsetup allied 0507 : X\n");
  CHECK(refused_by(state, Side::French, move(state, "A", {"0505", "0506"})) == "");  // stops in 0506
  CHECK(refused_by(state, Side::French, move(state, "A", {"0505", "0506", "0406"})) ==
        "5.0");                                                                  // may not go on
  CHECK(refused_by(state, Side::French, move(state, "B", {"0605"})) == "5.3E");  // starts in X's ZOC
  CHECK(reachable_hexes(state, unit(state, "B")).empty());
  CHECK(refused_by(state, Side::French, move(state, "A", {"0505", "0506", "0507"})) == "5.0");
}

TEST_CASE("5.3 ZOC does not cross rivers without bridges, nor reach into chateaux", "[rules][5.3]") {
  auto state = make_game(
      "river \"R\" : 0707/0708\nchateau \"C\" : 0303\n",
      {{"french", "A", "infantry", 4, 4},
       {"french", "B", "infantry", 4, 4},
       {"allied", "X", "infantry", 4, 4},
       {"allied", "Y", "infantry", 4, 4}},
      "setup french 0705 : A\nsetup french 0301 : B\nsetup allied 0708 : X\nsetup allied 0403 : Y\n");
  CHECK_FALSE(in_enemy_zoc(state, hx("0707"), Side::French));
  CHECK(refused_by(state, Side::French, move(state, "A", {"0706", "0707", "0607"})) == "");
  CHECK_FALSE(in_enemy_zoc(state, hx("0303"), Side::French));  // adjacent to Y, but a chateau
  CHECK(in_enemy_zoc(state, hx("0304"), Side::French));
  CHECK(refused_by(state, Side::French, move(state, "B", {"0302", "0303", "0203"})) == "");
  CHECK(refused_by(state, Side::French, move(state, "B", {"0302", "0303", "0304", "0305"})) == "5.0");
}

TEST_CASE("5.3F no unit enters an enemy ZOC at night", "[rules][5.3F][4.2]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0504 : A\nsetup allied 0507 : X\n", "turns 16/2100 17/0000\n");
  REQUIRE(state.current_turn().night);
  CHECK(refused_by(state, Side::French, move(state, "A", {"0505", "0506"})) == "5.3F");
  CHECK(refused_by(state, Side::French, move(state, "A", {"0505"})) == "");
}

TEST_CASE("5.4 units pass through friends; over-stacking is refused at the end of the phase",
          "[rules][5.4]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"french", "C", "infantry", 4, 4},
                          {"french", "D", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup french 0506 : B\nsetup french 0507 : C D\n");
  apply(state, Side::French, move(state, "A", {"0506", "0507", "0508"}),
        no_dice());  // through two friendly hexes
  apply(state, Side::French, move(state, "C", {"0506"}), no_dice());
  apply(state, Side::French, move(state, "D", {"0506"}), no_dice());  // three in 0506 for now
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "5.4");
  apply(state, Side::French, move(state, "B", {"0505"}), no_dice());
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");
}

TEST_CASE("8.1A one unit in a chateau at the end of a phase", "[rules][8.1A]") {
  auto state = make_game("chateau \"C\" : 0506\n",
                         {{"french", "A", "infantry", 4, 4}, {"french", "B", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup french 0506 : B\n");
  apply(state, Side::French, move(state, "A", {"0506"}), no_dice());  // B may still leave (5.4)
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "8.1A");
  apply(state, Side::French, move(state, "B", {"0507"}), no_dice());
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");
}

TEST_CASE("5.4 a move may not end over the limit where no friend there may still move away",
          "[rules][5.4]") {
  auto state = make_game("chateau \"C\" : 0606\n",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"french", "C", "infantry", 4, 4},
                          {"french", "D", "infantry", 4, 4},
                          {"french", "E", "infantry", 4, 4}},
                         "setup french 0505 : A B\nsetup french 0504 : C\nsetup french 0605 : D E\n");
  apply(state, Side::French, move(state, "A", {"0506"}), no_dice());
  apply(state, Side::French, move(state, "B", {"0506"}), no_dice());  // two, both moved: the limit
  const auto c = move(state, "C", {"0505", "0506"});
  CHECK(refused_by(state, Side::French, c) == "5.4");  // nobody in 0506 can make room
  CHECK(refused_by(state, Side::French, move(state, "C", {"0505", "0506", "0507"})) == "");  // through
  // reachable_hexes and legal_actions agree: 0506 is no place to stop for C.
  for (const ReachableHex& reach : reachable_hexes(state, unit(state, "C"))) CHECK(reach.hex != hx("0506"));
  // 8.1A: once D has moved into the chateau, E may not join it there.
  apply(state, Side::French, move(state, "D", {"0606"}), no_dice());
  CHECK(refused_by(state, Side::French, move(state, "E", {"0606"})) == "8.1A");
}

TEST_CASE("5.1C a finished move cannot be continued; only the phasing side moves (5.1)", "[rules][5.1C]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0909 : X\n");
  apply(state, Side::French, move(state, "A", {"0506"}), no_dice());
  CHECK(refused_by(state, Side::French, move(state, "A", {"0507"})) == "5.1C");
  CHECK(refused_by(state, Side::Coalition, move(state, "X", {"0908"})) == "4.1");
  CHECK(refused_by(state, Side::French, move(state, "X", {"0908"})) == "5.1");
  CHECK_THROWS_AS(apply(state, Side::French, move(state, "A", {"0507"}), no_dice()), ActionRefused);
  CHECK(state.units[unit(state, "A")].hex == hx("0506"));  // a refused action changes nothing
}

TEST_CASE("5.6 reinforcements enter on their turn, paying a column of stacks (5.6A)", "[rules][5.6]") {
  auto state =
      make_game("road \"R\" : 1201 1202 1203\n",
                {{"french", "A", "infantry", 4, 4},
                 {"french", "B", "infantry", 4, 4},
                 {"french", "C", "infantry", 4, 1},
                 {"french", "D", "infantry", 4, 4},
                 {"french", "E", "infantry", 4, 4},
                 {"french", "F", "infantry", 4, 4},
                 {"allied", "X", "infantry", 4, 4}},
                "reinforce french 16/1500 at 0112 : A B C\nreinforce french 16/1500 at 1201 half-ma : D E F\n"
                "setup allied 0909 : X\n");
  CHECK(refused_by(state, Side::French, move(state, "A", {"0112"})) == "5.6");
  advance_to(state, 1, Side::French);
  CHECK(refused_by(state, Side::French, move(state, "A", {"0212"})) == "5.6D");  // not its entry hex
  apply(state, Side::French, move(state, "A", {"0112"}), no_dice());
  apply(state, Side::French, move(state, "B", {"0112", "0111"}), no_dice());
  // The second stack pays 2 MP to enter: C (MA 1) cannot.
  CHECK(entry_cost(state, state.units[unit(state, "C")], hx("0112")) == 4);
  CHECK(refused_by(state, Side::French, move(state, "C", {"0112"})) == "5.1");
  // On a road each further stack pays 1/2 MP more; half-MA units have 2 MP.
  CHECK(entry_cost(state, state.units[unit(state, "D")], hx("1201")) == 1);
  CHECK(movement_allowance(state, state.units[unit(state, "D")]) == 4);
  CHECK(refused_by(state, Side::French, move(state, "D", {"1201", "1202", "1203"})) == "");
  CHECK(refused_by(state, Side::French, move(state, "D", {"1201", "1202", "1203", "1204"})) == "5.1");
}

TEST_CASE("5.6A units entering unstacked form a column of one-unit stacks (18.5C, 19.5D)", "[rules][5.6A]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"french", "C", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4}},
                         "reinforce french 16/1400 at 0112 unstacked : A B C\nsetup allied 0909 : X\n");
  CHECK(entry_cost(state, state.units[unit(state, "A")], hx("0112")) == 2);  // clear: 1 MP
  apply(state, Side::French, move(state, "A", {"0112", "0111"}), no_dice());
  CHECK(entry_cost(state, state.units[unit(state, "B")], hx("0112")) == 4);  // the second unit: 2 MP
  apply(state, Side::French, move(state, "B", {"0112", "0211"}), no_dice());
  CHECK(entry_cost(state, state.units[unit(state, "C")], hx("0112")) == 6);  // the third: 3 MP
}

TEST_CASE("5.6D blocked reinforcements enter at the closest free edge hex; 5.6E entry may be delayed",
          "[rules][5.6D]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "reinforce french 16/1400 at 0112 : A\nsetup allied 0111 : X\n");
  const auto open = entry_hexes_now(state, state.units[unit(state, "A")]);
  REQUIRE_FALSE(open.empty());
  for (Hex hex : open) {
    CHECK(hex != hx("0112"));
    CHECK_FALSE(in_enemy_zoc(state, hex, Side::French));
  }
  CHECK(refused_by(state, Side::French, move(state, "A", {"0112"})) == "5.6D");
  CHECK(refused_by(state, Side::French, MoveAction{MoveRequest{unit(state, "A"), {open.front()}, false}}) ==
        "");
  // Not entering now keeps the unit waiting for a later turn.
  advance_to(state, 1, Side::French);
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Waiting);
}

TEST_CASE("5.5 units leave the map only at the scenario's exit hexes, paying the hex's cost again",
          "[rules][5.5]") {
  auto state =
      make_game("", {{"french", "A", "infantry", 4, 4}, {"french", "B", "infantry", 4, 4}},
                "setup french 1202 : A\nsetup french 1205 : B\nvp french exit 1201 1 per-strength-point\n");
  CHECK(refused_by(state, Side::French, move(state, "B", {"1204"}, true)) == "5.5");
  apply(state, Side::French, move(state, "A", {"1201"}, true), no_dice());
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Exited);
  CHECK(state.exited_strength[static_cast<std::size_t>(Side::French)] == 4);
}

TEST_CASE("5.5 leaving the map along a road or trail pays the road or trail rate for the edge hex",
          "[rules][5.5]") {
  // Forest exit hexes: 2 MP on foot and 4 MP mounted by terrain; a road (1/2 MP) runs through 1201, a
  // trail (1 MP) through 0101, nothing through 0601.
  auto state =
      make_game("forest \"W\" : 1201 0101 0601\nroad \"R\" : 1203 1202 1201\ntrail \"T\" : 0103 0102 0101\n",
                {{"french", "Foot", "infantry", 4, 2},
                 {"french", "Horse", "cavalry", 4, 2},
                 {"french", "Slow", "infantry", 4, 2}},
                "setup french 1203 : Foot\nsetup french 0102 : Horse\nsetup french 0602 : Slow\n"
                "vp french exit 1201 0101 0601 1 per-strength-point\n");
  const Ruleset& rules = *state.rules;
  CHECK(exit_cost(rules, MoverClass::Foot, hx("1201")) == 1);     // road: 1/2 MP, not forest's 2
  CHECK(exit_cost(rules, MoverClass::Mounted, hx("0101")) == 2);  // trail: 1 MP, not forest's 4
  CHECK(exit_cost(rules, MoverClass::Foot, hx("0601")) == 4);     // no path: the forest's 2 MP
  // Validation: two road hexes (1 MP) and the exit at the road rate (1/2 MP) fit an MA of 2.
  int spent = 0;
  CHECK_FALSE(check_move(state, move(state, "Foot", {"1202", "1201"}, true).move, &spent));
  CHECK(spent == 3);
  // Cavalry along the trail into the forest edge hex (1 MP) and off the map at the trail rate (1 MP).
  CHECK_FALSE(check_move(state, move(state, "Horse", {"0101"}, true).move, &spent));
  CHECK(spent == 4);
  // Forest without a path: 2 MP to enter and 2 MP to leave exceed an MA of 2.
  CHECK(refused_by(state, Side::French, move(state, "Slow", {"0601"}, true)) == "5.1");
  // Reachable hexes agree: exit offered from 1201 (1 MP + 1/2 MP), not from 0601.
  const auto can_exit = [&](const char* id, const char* hex) {
    for (const ReachableHex& r : reachable_hexes(state, unit(state, id)))
      if (r.hex == hx(hex)) return r.can_exit;
    FAIL("unit " << id << " cannot reach " << hex);
    return false;
  };
  CHECK(can_exit("Foot", "1201"));
  CHECK(can_exit("Horse", "0101"));
  CHECK_FALSE(can_exit("Slow", "0601"));
  apply(state, Side::French, move(state, "Foot", {"1202", "1201"}, true), no_dice());
  CHECK(state.units[unit(state, "Foot")].status == UnitStatus::Exited);
}

TEST_CASE("4.1 the sequence of play: movement, combat, then the other side; 4.2 no combat at night",
          "[rules][4.1]") {
  auto state = make_game("", kInfantry, "setup french 0505 : Inf\n", "turns 16/1600 16/2100\n");
  CHECK(state.phasing == Side::French);
  CHECK(state.phase == Phase::Movement);
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::Combat);
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phasing == Side::Coalition);
  CHECK(state.phase == Phase::Movement);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "4.1");
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  CHECK(state.turn == 1);
  REQUIRE(state.current_turn().night);
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phasing == Side::Coalition);  // 4.2: no French combat phase at night
  CHECK(state.phase == Phase::Movement);
  const auto events = apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::GameOver);
  REQUIRE_FALSE(events.empty());
  CHECK(std::holds_alternative<GameEndedEvent>(events.back()));
}

TEST_CASE("4.1 the Coalition moves first where the scenario says so (25.0)", "[rules][4.1]") {
  auto state = make_game("", kInfantry, "first coalition\nsetup french 0505 : Inf\n");
  CHECK(state.phasing == Side::Coalition);
  CHECK(refused_by(state, Side::French, move(state, "Inf", {"0506"})) == "4.1");
}

TEST_CASE("4.3 rain turns have no combat phase", "[rules][4.3]") {
  auto state = make_game("", kInfantry, "rain 16/1400\nsetup french 0505 : Inf\n");
  REQUIRE(state.current_turn().rain);
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phasing == Side::Coalition);
}

TEST_CASE("reachable hexes agree with check_move and carry their cheapest path", "[rules][5.0]") {
  auto state = make_game("forest \"W\" : 0506 0606\nroad \"R\" : 0505 0405 0305\n",
                         {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0909 : X\n");
  const auto reach = reachable_hexes(state, unit(state, "A"));
  REQUIRE_FALSE(reach.empty());
  for (const ReachableHex& r : reach) {
    int spent = 0;
    INFO(format_hex(r.hex));
    CHECK_FALSE(check_move(state, MoveRequest{unit(state, "A"), r.path, false}, &spent));
    CHECK(spent == r.cost_half);
    CHECK(r.path.back() == r.hex);
  }
  const auto road_end =
      std::find_if(reach.begin(), reach.end(), [](const ReachableHex& r) { return r.hex == hx("0305"); });
  REQUIRE(road_end != reach.end());
  CHECK(road_end->cost_half == 2);  // two road hexes at 1/2 MP
}

TEST_CASE("6.1 an owed unit no unfought enemy can reach no longer holds the phase open", "[rules][6.1]") {
  auto state = make_game(
      "",
      {{"french", "A", "infantry", 4, 4},
       {"french", "B", "infantry", 4, 4},
       {"allied", "X", "infantry", 4, 4},
       {"allied", "Y", "infantry", 4, 4}},
      "setup french 0505 : A\nsetup french 0606 : B\nsetup allied 0506 : X\nsetup allied 0707 : Y\n");
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  AttackAction attack;
  attack.attackers = {unit(state, "A"), unit(state, "B")};
  attack.defenders = {unit(state, "X")};
  apply(state, Side::French, attack, die(1));  // 8 to 4 = 2-1, 1: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0406"), std::nullopt, false}, no_dice());
  apply(state, Side::French, AdvanceAction{}, no_dice());
  // Y is owed (B is in its ZOC) but B has fought: nobody can attack Y now.
  CHECK(state.units[unit(state, "Y")].must_fight);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");
}

// The set-up phase (3.2C) and the scenario rules decided by dice (18.5A, 18.5B, 19.5D): every die
// comes from the roller apply() is given, at the moment the rule says, and shows in the events.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/scenarios/quatre_bras.hpp>

using namespace hd::test;

namespace {

// Dice in order; fails the test if more are asked for.
DieRoller dice(std::vector<int> values) {
  auto next = std::make_shared<std::size_t>(0);
  return [values, next] {
    REQUIRE(*next < values.size());
    return values[(*next)++];
  };
}

}  // namespace

TEST_CASE("3.2C a w/N unit is set up by its owner within N hexes, respecting stacking", "[rules][3.2C]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"prussian", "P", "infantry", 4, 4},
                          {"prussian", "Q", "infantry", 4, 4},
                          {"prussian", "R", "infantry", 4, 4},
                          {"prussian", "S", "infantry", 4, 4}},
                         "setup french 0202 : A\nsetup prussian 0808 w/1 : P Q R\nsetup prussian 0810 : S\n");
  // Only the Coalition has w/N units: its set-up comes first; the French have none.
  REQUIRE(state.phase == Phase::Setup);
  CHECK(state.phasing == Side::Coalition);
  CHECK(pending_decision(state).side == Side::Coalition);
  // The default: P and Q in 0808, R in the nearest hex with room.
  CHECK(state.units[unit(state, "P")].hex == hx("0808"));
  CHECK(state.units[unit(state, "Q")].hex == hx("0808"));
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "A"), hx("0203")}) == "3.2C");
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "S"), hx("0811")}) == "3.2C");  // no w/N
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "P"), hx("0806")}) == "3.2C");  // 2 away
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "P"), hx("0807")}) == "");
  // Room: a hex already holding two is full (5.4).
  const Hex r_hex = state.units[unit(state, "R")].hex;
  apply(state, Side::Coalition, PlaceAction{unit(state, "P"), r_hex}, no_dice());
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "Q"), r_hex}) == "3.2C");
  CHECK(refused_by(state, Side::French, move(state, "A", {"0203"})) != "");  // nobody moves in the set-up
  const auto events = apply(state, Side::Coalition, PlaceAction{unit(state, "Q"), hx("0809")}, no_dice());
  REQUIRE(events_of<UnitPlacedEvent>(events).size() == 1u);
  CHECK(events_of<UnitPlacedEvent>(events)[0].from == hx("0808"));
  CHECK(state.units[unit(state, "Q")].hex == hx("0809"));
  // Ending the set-up starts the first turn with the scenario's first side.
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::Movement);
  CHECK(state.phasing == Side::French);
  CHECK(state.turn == 0);
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "P"), hx("0808")}) == "3.2C");
}

TEST_CASE("3.2C the French set up first, then the Coalition; unstacked groups one to a hex",
          "[rules][3.2C]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4}},
                         "setup french 0303 w/2 unstacked : A B\nsetup allied 0909 w/1 : X\n");
  REQUIRE(state.phase == Phase::Setup);
  CHECK(state.phasing == Side::French);
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "X"), hx("0910")}) == "3.2C");
  const Hex b_hex = state.units[unit(state, "B")].hex;
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "A"), b_hex}) == "3.2C");  // unstacked
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "A"), hx("0305")}) == "");
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::Setup);
  CHECK(state.phasing == Side::Coalition);
  apply(state, Side::Coalition, PlaceAction{unit(state, "X"), hx("0910")}, no_dice());
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::Movement);
  CHECK(state.phasing == Side::French);
}

TEST_CASE("18.5A the 1st and 2nd Brigades' strength is rolled as play begins", "[rules][18.5A]") {
  auto state =
      make_game("",
                {{"french", "A", "infantry", 4, 4},
                 {"prussian", "12/1", "infantry", 6, 4},
                 {"prussian", "24/1", "infantry", 6, 4},
                 {"prussian", "28/2", "infantry", 6, 4},
                 {"prussian", "Res", "infantry", 4, 4}},
                "setup french 0202 : A\nsetup prussian 0808 : 12/1 24/1:r\nsetup prussian 0909 : 28/2:r\n"
                "setup prussian 0606 w/1 : Res\nspecial 18.5A \"roll for each unit\"\n");
  REQUIRE(state.phase == Phase::Setup);
  // No die during the set-up; three as it ends, in the rule's order (12/1, 24/1, 28/2; the others
  // are not in this game).
  apply(state, Side::Coalition, PlaceAction{unit(state, "Res"), hx("0607")}, no_dice());
  const auto events = apply(state, Side::Coalition, EndPhaseAction{}, dice({2, 3, 6}));
  const auto rolled = events_of<DieRolledEvent>(events);
  REQUIRE(rolled.size() == 3u);
  CHECK(rolled[0].rule == "18.5A");
  CHECK(rolled[0].die == 2);
  CHECK(state.units[unit(state, "12/1")].reduced);        // 2: reduced
  CHECK_FALSE(state.units[unit(state, "24/1")].reduced);  // 3: full, though set up reduced by default
  CHECK_FALSE(state.units[unit(state, "28/2")].reduced);  // 6: full
}

TEST_CASE("18.5B the Sixth Corps comes on a 1 or 2 at a French movement phase from 16/1600; +3 per turn",
          "[rules][18.5B]") {
  auto state =
      make_game("",
                {{"french", "A", "infantry", 4, 4},
                 {"french", "Bell/19", "infantry", 4, 4, "19/[6]"},
                 {"prussian", "P", "infantry", 4, 4}},
                "setup french 0202 : A\nsetup prussian 1010 : P\nreinforce french 16/1500 at 0105 : Bell/19\n"
                "morale prussian demoralization 20 disintegration 30\nspecial 18.5B \"roll\"\n",
                "turns 16/1400 16/1600\n");
  const UnitIndex bell = unit(state, "Bell/19");
  CHECK(state.units[bell].arrival_turn == -1);  // held for its die
  // 16/1400 and 16/1500: no roll (before 16/1600); the French may not bring it on.
  for (int phase = 0; phase < 4; ++phase)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());
  CHECK(refused_by(state, Side::French, move(state, "Bell/19", {"0105"})) == "5.6");
  for (int phase = 0; phase < 3; ++phase)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());
  // The Coalition combat phase of 16/1500 ends: the French movement phase of 16/1600 begins with a roll.
  REQUIRE(state.current_turn().name == (TurnName{16, 1500}));
  auto events = apply(state, Side::Coalition, EndPhaseAction{}, dice({2}));
  REQUIRE(state.current_turn().name == (TurnName{16, 1600}));
  REQUIRE(events_of<DieRolledEvent>(events).size() == 1u);
  CHECK(events_of<DieRolledEvent>(events)[0].rule == "18.5B");
  CHECK(state.units[bell].arrival_turn == state.turn);
  CHECK(refused_by(state, Side::French, move(state, "Bell/19", {"0105"})) == "");
  CHECK(morale_levels(state, Army::Prussian) ==
        std::make_pair(std::optional<int>(23), std::optional<int>(33)));
}

TEST_CASE("19.5D the First Corps comes on a 1; the Allies score 2 VP for each turn it is in play",
          "[rules][19.5D]") {
  auto state =
      make_game("",
                {{"french", "A", "infantry", 4, 4},
                 {"french", "Quiot/1", "infantry", 4, 4, "1/[1]"},
                 {"allied", "X", "infantry", 4, 4}},
                "setup french 0202 : A\nsetup allied 1010 : X\nreinforce french 16/1500 at 0105 : Quiot/1\n"
                "special 19.5D \"roll\"\n",
                "turns 16/1400 16/1600\n");
  for (int phase = 0; phase < 4; ++phase)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());  // 16/1400
  for (int phase = 0; phase < 3; ++phase)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());  // 16/1500: no roll yet
  CHECK(state.units[unit(state, "Quiot/1")].arrival_turn == -1);
  // 16/1600: a 2 would not do; here the roll is a 1.
  GameState unlucky = state;
  apply(unlucky, Side::Coalition, EndPhaseAction{}, dice({2}));
  CHECK(unlucky.units[unit(state, "Quiot/1")].arrival_turn == -1);
  const auto events = apply(state, Side::Coalition, EndPhaseAction{}, dice({1}));
  REQUIRE(state.current_turn().name == (TurnName{16, 1600}));
  REQUIRE(events_of<DieRolledEvent>(events).size() == 1u);
  CHECK(state.units[unit(state, "Quiot/1")].arrival_turn == state.turn);
  // The game ends after 16/1600: one turn in play, 2 VP (no other VP in this game).
  for (int phase = 0; phase < 4; ++phase)
    apply(state, pending_decision(state).side, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::GameOver);
  CHECK(victory_points(state)[1] == 2);
  CHECK(victory_points(unlucky)[1] == 0);
}

TEST_CASE("19.5C Ney's cavalry is immobile until a die of 1 or an enemy in its ZOC releases it",
          "[rules][19.5C]") {
  auto state = make_game("",
                         {{"french", "Lf-Ds", "cavalry", 4, 6},
                          {"french", "LHer", "cavalry", 4, 6},
                          {"allied", "X", "infantry", 4, 4}},
                         "setup french 0202 : Lf-Ds\nsetup french 0808 : LHer\nsetup allied 0805 : X\n"
                         "special 19.5C \"immobile until released\"\n");
  // The first French movement phase opens with 19.5C's dice, so the game begins in a set-up with
  // nothing to place; the French `end` begins play and rolls one die per unit (4 and 6: both stay).
  REQUIRE(state.phase == Phase::Setup);
  CHECK(pending_decision(state).side == Side::French);
  const auto first = apply(state, Side::French, EndPhaseAction{}, dice({4, 6}));
  REQUIRE(state.phase == Phase::Movement);
  CHECK(state.turn == 0);
  CHECK(events_of<DieRolledEvent>(first).size() == 2u);
  CHECK(refused_by(state, Side::French, move(state, "Lf-Ds", {"0203"})) == "19.5C");
  CHECK(reachable_hexes(state, unit(state, "Lf-Ds")).empty());
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  // The Coalition moves X next to LHer: released at once, no die.
  apply(state, Side::Coalition, move(state, "X", {"0806", "0807"}), no_dice());
  CHECK_FALSE(unreleased_cavalry(state, unit(state, "LHer")));
  CHECK(unreleased_cavalry(state, unit(state, "Lf-Ds")));
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  apply(state, Side::Coalition, attack(state, {"X"}, {"LHer"}), die(5));  // 1-1, 5: Ar
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0806"), std::nullopt, false}, no_dice());
  apply(state, Side::French, AdvanceAction{}, no_dice());
  // The next French movement phase: one die for the one unreleased unit; a 4 keeps it, a 1 frees it.
  GameState unlucky = state;
  apply(unlucky, Side::Coalition, EndPhaseAction{}, dice({4}));
  CHECK(unreleased_cavalry(unlucky, unit(state, "Lf-Ds")));
  const auto events = apply(state, Side::Coalition, EndPhaseAction{}, dice({1}));
  REQUIRE(events_of<DieRolledEvent>(events).size() == 1u);
  CHECK(events_of<DieRolledEvent>(events)[0].rule == "19.5C");
  CHECK_FALSE(unreleased_cavalry(state, unit(state, "Lf-Ds")));
  CHECK(refused_by(state, Side::French, move(state, "Lf-Ds", {"0203"})) == "");
}

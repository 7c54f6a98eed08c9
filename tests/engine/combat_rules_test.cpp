// Combat (6.0), chateaux (8.0) and army morale (9.0), one case per rule, with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <algorithm>
#include <set>

using namespace hd::test;

TEST_CASE("6.1 units in contact must fight before the combat phase ends", "[rules][6.1]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "Far", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\nsetup allied 0909 : Far\n");
  to_french_combat(state);
  const auto owed = owed_combat(state);
  CHECK(owed.size() == 2u);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "6.1");
  CHECK(refused_by(state, Side::French, attack(state, {"A"}, {"Far"})) == "6.1E");
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(5));  // 1-1, 5: Ar
  REQUIRE(state.pending_retreats.size() == 1u);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "6.6");
}

TEST_CASE("6.1D stacked units fight together; 6.1B each unit fights once", "[rules][6.1D]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 9, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 2, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X Y\n");
  to_french_combat(state);
  CHECK(refused_by(state, Side::French, attack(state, {"A"}, {"X"})) == "6.1D");
  CHECK(refused_by(state, Side::French, attack(state, {"A"}, {"X", "Y"})) == "");
}

TEST_CASE("6.2 odds are rounded for the defender; 6.2C the attacker may reduce them", "[rules][6.2]") {
  auto state = make_game("", {{"french", "A", "infantry", 8, 4}, {"allied", "X", "infantry", 3, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  const auto odds = compute_odds(state, attack(state, {"A"}, {"X"}));
  CHECK(odds.attack == 8);
  CHECK(odds.defence == 3);
  CHECK(odds.computed.to_string() == "2-1");
  CHECK(compute_odds(state, attack(state, {"A"}, {"X"}, {}, 1)).used.to_string() == "1-1");
  CHECK(refused_by(state, Side::French, attack(state, {"A"}, {"X"}, {}, 6)) == "6.2C");
  // 1-1 reduced one column: die 4 is Ar at 1-2 rather than Dr at 2-1.
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}, {}, 2), die(4));
  CHECK(std::get<CombatResolvedEvent>(events.front()).result == CombatResult::AttackerRetreat);
}

TEST_CASE("6.3A a stream doubles the defender only if every attacker attacks across it", "[rules][6.3A]") {
  auto state = make_game("stream \"S\" : 0505/0506\n",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup french 0405 : B\nsetup allied 0506 : X\n");
  to_french_combat(state);
  CHECK(compute_odds(state, attack(state, {"A"}, {"X"})).defence == 8);
  CHECK(compute_odds(state, attack(state, {"A", "B"}, {"X"})).defence == 4);
}

TEST_CASE("6.3B halved strengths are totalled, then rounded up once", "[rules][6.3B]") {
  auto state = make_game(
      "forest \"W\" : 0506\n",
      {{"french", "C1", "cavalry", 3, 6},
       {"french", "C2", "cavalry", 3, 6},
       {"french", "C3", "cavalry", 1, 6},
       {"allied", "X", "infantry", 4, 4}},
      "setup french 0505 : C1\nsetup french 0405 : C2\nsetup french 0605 : C3\nsetup allied 0506 : X\n");
  to_french_combat(state);
  const auto odds = compute_odds(state, attack(state, {"C1", "C2", "C3"}, {"X"}));
  CHECK(odds.attack == 4);  // (3 + 3 + 1) / 2 rounded up, not 2 + 2 + 1
  CHECK(odds.modifiers.size() == 3u);
}

TEST_CASE("6.3C terrain is not cumulative: a town behind a stream doubles once", "[rules][6.3C]") {
  auto state = make_game("stream \"S\" : 0505/0506\ntown \"T\" : 0506\n",
                         {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  CHECK(compute_odds(state, attack(state, {"A"}, {"X"})).defence == 8);
}

TEST_CASE("TEC attacks cross rivers only at bridges", "[rules][TEC]") {
  auto state = make_game("river \"R\" : 0505/0506\n",
                         {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  CHECK(owed_combat(state).empty());  // no ZOC across the river: no obligation
  CHECK(refused_by(state, Side::French, attack(state, {"A"}, {"X"})) == "TEC");
}

TEST_CASE("6.4 Dr: the defender retreats where its owner chooses (6.6B), then one attacker may advance (6.7)",
          "[rules][6.4][6.6][6.7]") {
  auto state = make_game("", {{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 1-1, 1: Dr
  const auto open = retreat_hexes(state, unit(state, "X"));
  CHECK(std::set<Hex>(open.begin(), open.end()) ==
        std::set<Hex>{hx("0507"), hx("0406"), hx("0606")});  // 0405, 0605: EZOC
  CHECK(refused_by(state, Side::French, RetreatAction{unit(state, "X"), hx("0507"), std::nullopt, false}) ==
        "6.6B");
  CHECK(refused_by(state, Side::Coalition,
                   RetreatAction{unit(state, "X"), hx("0405"), std::nullopt, false}) == "6.6A");
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0507"), std::nullopt, false}, no_dice());
  REQUIRE(state.pending_advance);
  CHECK(refused_by(state, Side::French, AdvanceAction{unit(state, "A"), hx("0404")}) == "6.7B");
  apply(state, Side::French, AdvanceAction{unit(state, "A"), hx("0506")}, no_dice());
  CHECK(state.units[unit(state, "A")].hex == hx("0506"));
  CHECK(state.control[hx("0506")] == Side::French);                // 3.4B
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");  // 6.7C: X, now adjacent, is not owed again
}

TEST_CASE("6.6 a unit with no eligible retreat hex is eliminated", "[rules][6.6]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"allied", "X", "infantry", 3, 4}},
                         "setup french 0505 : A\nsetup french 0507 : B\nsetup allied 0506 : X\nmorale allied "
                         "demoralization 10\n");
  to_french_combat(state);
  const auto events =
      apply(state, Side::French, attack(state, {"A", "B"}, {"X"}), die(1));  // 8-3 = 2-1, 1: Dr
  CHECK(count_events<UnitEliminatedEvent>(events) == 1);
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::Allied)] == 3);
  CHECK(state.pending_advance);  // 0506 was vacated
}

TEST_CASE("6.6D a retreating unit displaces a friend only when nothing else is open", "[rules][6.6D]") {
  auto state = make_game("lake \"L\" : 0506/0406 0506/0606\n",
                         {{"french", "A", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "Y", "infantry", 1, 4},
                          {"allied", "Z", "infantry", 1, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\nsetup allied 0507 : Y Z\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 1-1, 1: Dr
  CHECK(retreat_hexes(state, unit(state, "X")).empty());
  CHECK(refused_by(state, Side::Coalition,
                   RetreatAction{unit(state, "X"), hx("0507"), std::nullopt, false}) == "6.6D");
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0507"), unit(state, "Y"), false},
        no_dice());
  REQUIRE(state.pending_retreats.size() == 1u);
  CHECK(state.pending_retreats.front().unit == unit(state, "Y"));
  apply(state, Side::Coalition, RetreatAction{unit(state, "Y"), hx("0508"), std::nullopt, false}, no_dice());
  CHECK(state.units[unit(state, "X")].hex == hx("0507"));
  CHECK(state.units[unit(state, "Y")].hex == hx("0508"));
}

TEST_CASE("6.4 Ae and Ar: attackers eliminated or retreated, and the defender may advance", "[rules][6.4]") {
  auto state = make_game(
      "",
      {{"french", "A", "infantry", 1, 4},
       {"french", "B", "infantry", 4, 4},
       {"allied", "X", "infantry", 8, 4},
       {"allied", "Y", "infantry", 4, 4}},
      "setup french 0505 : A\nsetup french 0805 : B\nsetup allied 0506 : X\nsetup allied 0806 : Y\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(6));  // 1-8 = 1-5, 6: Ae
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  REQUIRE(state.pending_advance);
  CHECK(state.pending_advance->side == Side::Coalition);
  CHECK(refused_by(state, Side::French, AdvanceAction{}) == "6.7");
  apply(state, Side::Coalition, AdvanceAction{}, no_dice());        // 6.7A: declined
  apply(state, Side::French, attack(state, {"B"}, {"Y"}), die(5));  // 1-1, 5: Ar
  REQUIRE(state.pending_retreats.size() == 1u);
  CHECK(pending_decision(state).side == Side::French);
  apply(state, Side::French, RetreatAction{unit(state, "B"), hx("0804"), std::nullopt, false}, no_dice());
  CHECK(state.units[unit(state, "B")].hex == hx("0804"));
}

TEST_CASE(
    "6.5A Ex: defenders eliminated, and the attacker chooses attackers of at least equal current strength",
    "[rules][6.5A]") {
  auto state = exchange_choice_game();  // A, B and C attack X at 5-1 and roll an Ex
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  // Two legal choices ({A} or {B}): the attacker decides before anything else happens.
  CHECK(state.pending_exchange->loss == 3);
  CHECK(pending_decision(state).side == Side::French);
  CHECK(exchange_loss_choices(state) ==
        std::vector<std::vector<UnitIndex>>{{unit(state, "A")}, {unit(state, "B")}});
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "6.6");
  CHECK(refused_by(state, Side::Coalition, ExchangeLossAction{{unit(state, "B")}}) == "6.5A");
  // Too little: C's 2 < 3. Too much: B could be left out of {A, B}. Not an attacker: X.
  CHECK(refused_by(state, Side::French, ExchangeLossAction{{unit(state, "C")}}) == "6.5A");
  CHECK(refused_by(state, Side::French, ExchangeLossAction{{unit(state, "A"), unit(state, "B")}}) == "6.5A");
  CHECK(refused_by(state, Side::French, ExchangeLossAction{{unit(state, "X")}}) == "6.5A");
  CHECK(refused_by(state, Side::French, ExchangeLossAction{{unit(state, "B"), unit(state, "B")}}) == "6.5A");
  // {B, C} is more than needed too: C could be left out.
  CHECK(refused_by(state, Side::French, ExchangeLossAction{{unit(state, "B"), unit(state, "C")}}) == "6.5A");
  apply(state, Side::French, ExchangeLossAction{{unit(state, "A")}}, no_dice());  // the player's choice
  CHECK_FALSE(state.pending_exchange);
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "B")].on_map());
  CHECK(state.units[unit(state, "C")].on_map());
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 12);
  // 6.7: one surviving attacker may advance.
  REQUIRE(state.pending_advance);
  CHECK(state.pending_advance->candidates == std::vector<UnitIndex>{unit(state, "B"), unit(state, "C")});
}

TEST_CASE("6.5A Ex: a single legal choice is carried out at once; a combination may be needed",
          "[rules][6.5A]") {
  auto state =
      make_game("",
                {{"french", "A", "infantry", 12, 4},
                 {"french", "B", "infantry", 2, 4},
                 {"french", "C", "infantry", 2, 4},
                 {"allied", "X", "infantry", 3, 4},
                 {"french", "D", "infantry", 12, 4},
                 {"french", "E", "infantry", 2, 4},
                 {"allied", "Y", "infantry", 3, 4}},
                "setup french 0505 : A\nsetup french 0405 : B\nsetup french 0605 : C\nsetup allied 0506 : X\n"
                "setup french 0909 : D\nsetup french 0809 : E\nsetup allied 0910 : Y\n");
  to_french_combat(state);
  // {A} or {B, C}: two choices, one of them two units.
  apply(state, Side::French, attack(state, {"A", "B", "C"}, {"X"}), die(5));  // 16 to 3 = 5-1, 5: Ex
  REQUIRE(state.pending_exchange);
  CHECK(exchange_loss_choices(state).size() == 2u);
  apply(state, Side::French, ExchangeLossAction{{unit(state, "C"), unit(state, "B")}}, no_dice());
  CHECK(state.units[unit(state, "B")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "C")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "A")].on_map());
  apply(state, Side::French, AdvanceAction{}, no_dice());
  // D (12) alone meets Y's 3; E (2) cannot, and {D, E} is more than needed: D goes at once.
  apply(state, Side::French, attack(state, {"D", "E"}, {"Y"}), die(6));  // 14 to 3 = 4-1, 6: Ex
  CHECK_FALSE(state.pending_exchange);
  CHECK(state.units[unit(state, "D")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "E")].on_map());
}

TEST_CASE("8.2 chateau infantry is tripled, attacks on it capped at 4-1, and it may ignore a Dr",
          "[rules][8.2]") {
  auto state = make_game("chateau \"C\" : 0506\n",
                         {{"french", "A", "infantry", 40, 4}, {"allied", "X", "infantry", 2, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  const auto odds = compute_odds(state, attack(state, {"A"}, {"X"}));
  CHECK(odds.defence == 6);
  CHECK(odds.computed.to_string() == "4-1");
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(2));  // 4-1, 2: Dr
  REQUIRE(state.pending_retreats.size() == 1u);
  CHECK(state.pending_retreats.front().may_stay);
  const auto events = apply(state, Side::Coalition,
                            RetreatAction{unit(state, "X"), std::nullopt, std::nullopt, true}, no_dice());
  CHECK(count_events<UnitStoodFastEvent>(events) == 1);
  CHECK(state.units[unit(state, "X")].hex == hx("0506"));
}

TEST_CASE("8.1B no advance into a chateau after defending infantry; after cavalry the advance is offered",
          "[rules][8.1B]") {
  // 8.1B names defending infantry: a chateau emptied of cavalry may be entered (docs/rules-notes.md).
  auto state = make_game("chateau \"C\" : 0506\n",
                         {{"french", "A", "infantry", 40, 4}, {"allied", "X", "cavalry", 2, 6}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(state);
  CHECK(compute_odds(state, attack(state, {"A"}, {"X"})).defence == 2);  // 8.2: cavalry is not tripled
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));       // 6-1, 1: De
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  REQUIRE(state.pending_advance);
  apply(state, Side::French, AdvanceAction{unit(state, "A"), hx("0506")}, no_dice());
  CHECK(state.units[unit(state, "A")].hex == hx("0506"));

  auto infantry = make_game("chateau \"C\" : 0506\n",
                            {{"french", "A", "infantry", 40, 4}, {"allied", "X", "infantry", 1, 4}},
                            "setup french 0505 : A\nsetup allied 0506 : X\n");
  to_french_combat(infantry);
  apply(infantry, Side::French, attack(infantry, {"A"}, {"X"}), die(1));  // 4-1 (8.2B cap), 1: De
  CHECK(infantry.units[unit(infantry, "X")].status == UnitStatus::Eliminated);
  CHECK_FALSE(infantry.pending_advance);
  CHECK(refused_by(infantry, Side::French, AdvanceAction{unit(infantry, "A"), hx("0506")}) == "6.7");
}

TEST_CASE("9.2 an army is demoralized the instant its losses reach the level", "[rules][9.2]") {
  auto state = make_game(
      "", {{"french", "A", "infantry", 30, 4}, {"allied", "X", "infantry", 4, 4}},
      "setup french 0505 : A\nsetup allied 0506 : X\nmorale allied demoralization 4 disintegration 6\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 6-1, 1: De
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::Allied)] == 4);
  CHECK(state.demoralized[static_cast<std::size_t>(Army::Allied)]);
  CHECK_FALSE(state.disintegrated[static_cast<std::size_t>(Army::Allied)]);  // 4 does not pass 6
  REQUIRE(count_events<MoraleEvent>(events) == 1);
  CHECK(state.phase == Phase::Combat);  // no instant condition in this scenario
}

TEST_CASE("9.1 disintegration passes the level; instant victory ends the game", "[rules][9.1]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 30, 4},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "Y", "infantry", 1, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X Y\n"
                         "morale allied demoralization 4 disintegration 4\n"
                         "instant french \"The Allies break\" : allied disintegrated\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X", "Y"}), die(1));  // 6-1, 1: De
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::Allied)] == 5);
  CHECK(state.demoralized[static_cast<std::size_t>(Army::Allied)]);
  CHECK(state.disintegrated[static_cast<std::size_t>(Army::Allied)]);  // 5 > 4
  CHECK(count_events<MoraleEvent>(events) == 1);
  CHECK(state.phase == Phase::GameOver);
  REQUIRE(state.result);
  CHECK(state.result->winner == Side::French);
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "3.0");
}

TEST_CASE(
    "9.2 reaching the demoralization level exactly demoralizes; 9.3 a demoralized army does not advance",
    "[rules][9.3]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 8, 4},
                          {"french", "Lost", "infantry", 3, 4},
                          {"allied", "X", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup french 0101 : Lost\nsetup allied 0506 : X\n"
                         "morale french demoralization 3\n");
  to_french_combat(state);
  state.eliminated_strength[static_cast<std::size_t>(Army::French)] = 3;  // losses from earlier combats
  state.units[unit(state, "Lost")].status = UnitStatus::Eliminated;
  state.demoralized[static_cast<std::size_t>(Army::French)] = true;
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 2-1, 1: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0507"), std::nullopt, false}, no_dice());
  CHECK_FALSE(state.pending_advance);
  // The refusal names 9.3, not "no advance offered".
  CHECK(refused_by(state, Side::French, AdvanceAction{unit(state, "A"), hx("0506")}) == "9.3");
}

TEST_CASE("combat options list each attackable enemy hex with its possible attackers (6.1)", "[rules][6.1]") {
  auto state = make_game(
      "river \"R\" : 0707/0708\n",
      {{"french", "A", "infantry", 4, 4},
       {"french", "B", "infantry", 4, 4},
       {"french", "C", "infantry", 4, 4},
       {"allied", "X", "infantry", 4, 4},
       {"allied", "Y", "infantry", 4, 4}},
      "setup french 0505 : A B\nsetup french 0707 : C\nsetup allied 0506 : X\nsetup allied 0708 : Y\n");
  CHECK(combat_options(state).empty());  // not in the movement phase
  to_french_combat(state);
  const auto options = combat_options(state);
  REQUIRE(options.size() == 1u);  // Y lies across an unbridged river: nobody can attack it
  CHECK(options[0].target == hx("0506"));
  CHECK(options[0].owed);
  CHECK(std::set<UnitIndex>(options[0].attackers.begin(), options[0].attackers.end()) ==
        std::set<UnitIndex>{unit(state, "A"), unit(state, "B")});
  CHECK(options[0].defenders == std::vector<UnitIndex>{unit(state, "X")});
  CHECK(options[0].bombarding.empty());
}

TEST_CASE("6.1E multi-hex combat: every attacker adjacent to every defender", "[rules][6.1E]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 4, 4},
                          {"french", "B", "infantry", 4, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 2, 4}},
                         "setup french 0505 : A\nsetup french 0605 : B\nsetup allied 0506 : X\n"
                         "setup allied 0606 : Y\n");
  to_french_combat(state);
  CHECK(refused_by(state, Side::French, attack(state, {"B"}, {"X", "Y"})) == "");  // one hex on two
  CHECK(refused_by(state, Side::French, attack(state, {"A", "B"}, {"X"})) == "");  // two hexes on one
  CHECK(refused_by(state, Side::French, attack(state, {"A", "B"}, {"X", "Y"})) == "6.1E");  // A not next to Y
}

TEST_CASE("6.1F a diversionary attack at poor odds is allowed", "[rules][6.1F]") {
  auto state = make_game("",
                         {{"french", "A", "infantry", 1, 4},
                          {"french", "B", "infantry", 12, 4},
                          {"allied", "Big", "infantry", 9, 4},
                          {"allied", "X", "infantry", 2, 4}},
                         "setup french 0505 : A\nsetup french 0805 : B\nsetup allied 0506 : Big\n"
                         "setup allied 0806 : X\n");
  to_french_combat(state);
  const auto diversion = attack(state, {"A"}, {"Big"});
  CHECK(compute_odds(state, diversion).used.to_string() == "1-5");  // 1 to 9, clamped (6.2B)
  CHECK(refused_by(state, Side::French, diversion) == "");
  apply(state, Side::French, diversion, die(3));  // 1-5, 3: Ae
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  apply(state, Side::Coalition, AdvanceAction{}, no_dice());
  apply(state, Side::French, attack(state, {"B"}, {"X"}), die(1));  // 6-1, 1: De
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
}

TEST_CASE("8.2A a unit in a chateau need not attack, but if it attacks it attacks every adjacent enemy",
          "[rules][8.2A]") {
  auto state = make_game("chateau \"C\" : 0505\n",
                         {{"french", "C", "infantry", 4, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 2, 4}},
                         "setup french 0505 : C\nsetup allied 0506 : X\nsetup allied 0504 : Y\n");
  to_french_combat(state);
  CHECK(owed_combat(state).empty());  // no obligation either way (docs/rules-notes.md, 6.1 and 8.2A)
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");
  CHECK(refused_by(state, Side::French, attack(state, {"C"}, {"X"})) == "8.2A");
  CHECK(refused_by(state, Side::French, attack(state, {"C"}, {"X", "Y"})) == "");
}

TEST_CASE("8.1A no retreat into an occupied chateau, and its defender is never displaced", "[rules][8.1A]") {
  auto state = make_game("chateau \"C\" : 0507\nlake \"L\" : 0506/0406 0506/0606\n",
                         {{"french", "A", "infantry", 4, 4},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "Z", "infantry", 1, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\nsetup allied 0507 : Z\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 1-1, 1: Dr
  // X's only hex is the chateau, full with Z, which may not be displaced: X is eliminated (6.6).
  CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "Z")].hex == hx("0507"));
  CHECK(count_events<UnitEliminatedEvent>(events) == 1);
}

TEST_CASE("9.2B both armies demoralized by one combat: the non-phasing army's check comes first",
          "[rules][9.2B]") {
  auto state = make_game("", {{"french", "A", "infantry", 12, 4}, {"allied", "X", "infantry", 3, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\n"
                         "morale french demoralization 10\nmorale allied demoralization 3\n");
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(6));  // 4-1, 6: Ex
  CHECK(state.demoralized[static_cast<std::size_t>(Army::French)]);
  CHECK(state.demoralized[static_cast<std::size_t>(Army::Allied)]);
  std::vector<Army> order;
  for (const Event& e : events)
    if (const auto* m = std::get_if<MoraleEvent>(&e)) order.push_back(m->army);
  CHECK(order == std::vector<Army>{Army::Allied, Army::French});
}

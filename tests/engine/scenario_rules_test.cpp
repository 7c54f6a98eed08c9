// Scenario special rules carried out in code (their rule modules, src/scenarios/), one case per rule, on a
// full-size empty map so that the rules' own hex numbers exist.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/victory/victory.hpp>

using namespace hd::test;

namespace {

GameState full_map_game(const std::vector<TestUnit>& units, const std::string& scenario_body,
                        const std::string& turns = "turns 16/1400 16/1600\n") {
  return make_game("", units, scenario_body, turns, 57, 67);
}

int level(const GameState& state, Army army) {
  return *morale_levels(state, army).first;
}

}  // namespace

TEST_CASE("18.3B each Ligny or St Amand town hex the French control lowers both Prussian levels by 3",
          "[rules][18.3B]") {
  auto state =
      full_map_game({{"french", "A", "infantry", 4, 4},
                     {"french", "B", "infantry", 4, 4},
                     {"prussian", "P", "infantry", 4, 4},
                     {"prussian", "Lost", "infantry", 4, 4}},
                    "setup french 3753 : A\nsetup french 3353 : B\nsetup prussian 4510 : P\n"
                    "setup prussian 4514 : Lost\n"
                    "morale prussian demoralization 10 disintegration 20\nspecial 18.3B \"towns\"\n");
  CHECK(morale_levels(state, Army::Prussian) ==
        std::make_pair(std::optional<int>(10), std::optional<int>(20)));
  apply(state, Side::French, move(state, "A", {"3754", "3755"}), no_dice());  // Ligny
  CHECK(morale_levels(state, Army::Prussian) ==
        std::make_pair(std::optional<int>(7), std::optional<int>(17)));
  // A second town hex, and the Prussians, with 4 SP already lost, are demoralized at once (9.2).
  state.eliminated_strength[static_cast<std::size_t>(Army::Prussian)] = 4;
  state.units[unit(state, "Lost")].status = UnitStatus::Eliminated;  // losses are eliminated units (9.0)
  const auto events =
      apply(state, Side::French, move(state, "B", {"3354", "3355", "3356", "3357"}), no_dice());
  CHECK(level(state, Army::Prussian) == 4);
  CHECK(state.demoralized[static_cast<std::size_t>(Army::Prussian)]);
  CHECK(count_events<MoraleEvent>(events) == 1);
}

TEST_CASE("18.3A the French are not demoralized once the Prussians are", "[rules][18.3A]") {
  auto state =
      full_map_game({{"french", "A", "infantry", 1, 4}, {"prussian", "P", "infantry", 8, 4}},
                    "setup french 1010 : A\nsetup prussian 1011 : P\nmorale french demoralization 1\n"
                    "special 18.3A \"only while\"\n");
  state.demoralized[static_cast<std::size_t>(Army::Prussian)] = true;
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"P"}), die(6));  // 1-8: 1-5, 6: Ae
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 1);
  CHECK_FALSE(state.demoralized[static_cast<std::size_t>(Army::French)]);
}

TEST_CASE("18.4A the French also win with the Prussians demoralized and French losses under 35",
          "[rules][18.4A]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4}},
                             "setup french 1010 : A\nspecial 18.4A \"also\"\n"
                             "victory coalition win \"otherwise\" : otherwise\n");
  CHECK(final_result(state).winner == Side::Coalition);
  state.demoralized[static_cast<std::size_t>(Army::Prussian)] = true;
  CHECK(final_result(state).winner == Side::French);
  state.eliminated_strength[static_cast<std::size_t>(Army::French)] = 35;
  CHECK(final_result(state).winner == Side::Coalition);
}

TEST_CASE("19.4C holding Quatre Bras at the end of one's own player turn scores 1 VP", "[rules][19.4C]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                             "setup french 1643 : A\nsetup allied 0505 : X\nspecial 19.4C \"1 VP\"\n");
  apply(state, Side::French, move(state, "A", {"1642", "1641"}), no_dice());
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // to combat
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // French player turn over
  CHECK(victory_points(state)[static_cast<std::size_t>(Side::French)] == 1);
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());  // the Allies do not hold it
  CHECK(victory_points(state)[static_cast<std::size_t>(Side::Coalition)] == 0);
  CHECK(victory_points(state)[static_cast<std::size_t>(Side::French)] == 1);
}

TEST_CASE("20.3A the French demoralization level rises by the French VP", "[rules][20.3A]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4}},
                             "setup french 1010 : A\nmorale french demoralization 30\n"
                             "vp french per-strength-point 1\nspecial 20.3A \"raised\"\n");
  CHECK(level(state, Army::French) == 30);
  state.eliminated_strength[static_cast<std::size_t>(Army::Prussian)] = 15;
  CHECK(level(state, Army::French) == 45);
}

TEST_CASE("20.4C the French score every Prussian strength point left on the map at the end",
          "[rules][20.4C]") {
  auto state = full_map_game(
      {{"french", "A", "infantry", 4, 4},
       {"prussian", "P", "infantry", 6, 4},
       {"prussian", "Q", "infantry", 3, 4}},
      "setup french 1010 : A\nsetup prussian 3010 : P\nsetup prussian 3020 : Q\nspecial 20.4C \"on map\"\n");
  CHECK(victory_points(state)[static_cast<std::size_t>(Side::French)] == 0);  // only at the end
  state.phase = Phase::GameOver;
  CHECK(victory_points(state)[static_cast<std::size_t>(Side::French)] == 9);
}

TEST_CASE("21.3A the French level rises by 10 once either Coalition army is demoralized", "[rules][21.3A]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4}},
                             "setup french 1010 : A\nmorale french demoralization 60\n"
                             "special 21.3A \"+10\"\n");
  CHECK(level(state, Army::French) == 60);
  state.demoralized[static_cast<std::size_t>(Army::Allied)] = true;
  CHECK(level(state, Army::French) == 70);
}

TEST_CASE("21.3B French in Waterloo cost the Allies 20; the first Prussian-French combat gives them 10",
          "[rules][21.3B]") {
  auto state = full_map_game(
      {{"french", "A", "infantry", 4, 4},
       {"french", "B", "infantry", 8, 4},
       {"prussian", "P", "infantry", 4, 4},
       {"allied", "X", "infantry", 4, 4}},
      "setup french 0604 : A\nsetup french 2010 : B\nsetup prussian 2011 : P\nsetup allied 3030 : X\n"
      "morale allied demoralization 45 disintegration 55\nspecial 21.3B \"Waterloo\"\n");
  apply(state, Side::French, move(state, "A", {"0605", "0606"}), no_dice());
  CHECK(morale_levels(state, Army::Allied) == std::make_pair(std::optional<int>(25), std::optional<int>(35)));
  // Leaving Waterloo does not undo it: the rule speaks of the instant a French unit enters.
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  apply(state, Side::French, attack(state, {"B"}, {"P"}), die(1));  // 2-1, 1: Dr
  CHECK(level(state, Army::Allied) == 35);
  CHECK(rule_in_force(*state.rules, "21.3B"));
  CHECK_FALSE(rule_in_force(*state.rules, "21.3A"));
}

TEST_CASE("25.0E French Double Move: Fourth Corps moves double on 18/1200 when chosen", "[rules][25.0E]") {
  auto state = make_game(
      "", {{"french", "Div", "infantry", 4, 4, "12/[4]"}, {"french", "Other", "infantry", 4, 4, "1/[3]"}},
      "setup french 0101 : Div\nsetup french 0301 : Other\n"
      "option 25.0E-1 \"French Double Move\"\nspecial 25.0E-1 \"doubled\"\nend\n",
      "turns 18/1200 18/1200\n");
  CHECK(movement_allowance(state, state.units[unit(state, "Div")]) == 8);  // 4 MP in half MP
  CHECK(refused_by(state, Side::French, move(state, "Div", {"0102", "0103", "0104", "0105", "0106"})) ==
        "5.1");
  change_rules(state, [](Ruleset& rules) { rules.chosen_options = {"25.0E-1"}; });
  CHECK(movement_allowance(state, state.units[unit(state, "Div")]) == 16);
  CHECK(movement_allowance(state, state.units[unit(state, "Other")]) == 8);
  CHECK(refused_by(state, Side::French,
                   move(state, "Div", {"0102", "0103", "0104", "0105", "0106", "0107", "0108", "0109"})) ==
        "");
}

TEST_CASE("25.0E bridge hexsides block ZOC when chosen: no obligation to attack across them",
          "[rules][25.0E]") {
  auto state = make_game("stream \"S\" : 0505/0506\nbridge \"B\" : 0505/0506\n",
                         {{"french", "A", "infantry", 4, 4}, {"prussian", "P", "infantry", 4, 4}},
                         "setup french 0505 : A\nsetup prussian 0506 : P\n"
                         "option 25.0E-2 \"Bridge hexsides block ZOC\"\nspecial 25.0E-2 \"blocked\"\nend\n");
  CHECK(in_enemy_zoc(state, hx("0505"), Side::French));
  change_rules(state, [](Ruleset& rules) { rules.chosen_options = {"25.0E-2"}; });
  CHECK_FALSE(in_enemy_zoc(state, hx("0505"), Side::French));
  to_french_combat(state);
  CHECK(owed_combat(state).empty());
}

TEST_CASE("19.2C at 1634 all [5] enters before any of [Bw]", "[rules][19.2C]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4},
                              {"allied", "Kempt", "infantry", 4, 4, "[5]"},
                              {"allied", "Pack", "infantry", 4, 4, "[5]"},
                              {"allied", "Bttlr", "infantry", 4, 4, "[Bw]"}},
                             "setup french 5060 : A\nreinforce allied 16/1400 at 1634 : Kempt Pack\n"
                             "reinforce allied 16/1400 at 1634 : Bttlr\nspecial 19.2C \"[5] then [Bw]\"\n");
  for (int phase = 0; phase < 2; ++phase)
    apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.phasing == Side::Coalition);
  CHECK(refused_by(state, Side::Coalition, move(state, "Bttlr", {"1634"})) == "19.2C");
  CHECK(reachable_hexes(state, unit(state, "Bttlr")).empty());
  apply(state, Side::Coalition, move(state, "Kempt", {"1634", "1734"}), no_dice());
  CHECK(refused_by(state, Side::Coalition, move(state, "Bttlr", {"1634"})) == "19.2C");  // Pack still waits
  apply(state, Side::Coalition, move(state, "Pack", {"1634", "1635"}), no_dice());
  CHECK(refused_by(state, Side::Coalition, move(state, "Bttlr", {"1634"})) == "");
}

TEST_CASE("23.0C losing Quatre Bras costs an army 5 on its levels, gaining it gives 5", "[rules][23.0C]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4}, {"allied", "X", "infantry", 4, 4}},
                             "setup french 1643 : A\nsetup allied 1645 : X\ncontrol coalition : 1641\n"
                             "morale french demoralization 10\n"
                             "morale allied demoralization 25 disintegration 40\nspecial 23.0C \"QB\"\n");
  const auto levels = [&](Army army) { return morale_levels(state, army); };
  CHECK(levels(Army::Allied) == std::make_pair(std::optional<int>(25), std::optional<int>(40)));
  // The French pass through Quatre Bras: they gain it (+5), the Allies lose it (-5 on both levels).
  apply(state, Side::French, move(state, "A", {"1642", "1641", "1640", "1639"}), no_dice());
  CHECK(level(state, Army::French) == 15);
  CHECK(levels(Army::Allied) == std::make_pair(std::optional<int>(20), std::optional<int>(35)));
  for (int phase = 0; phase < 6 && state.phasing == Side::French; ++phase)
    apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.phasing == Side::Coalition);
  REQUIRE(state.phase == Phase::Movement);
  // The Allies take it back: the French lose their 5 again, the Allies regain theirs.
  apply(state, Side::Coalition, move(state, "X", {"1644", "1643", "1642", "1641"}), no_dice());
  CHECK(level(state, Army::French) == 10);
  CHECK(levels(Army::Allied) == std::make_pair(std::optional<int>(25), std::optional<int>(40)));
}

TEST_CASE("23.0D French SP exited north of 2952 by 16/1800 score a fifth of a VP each, rounded up",
          "[rules][23.0D]") {
  auto state = full_map_game({{"french", "A", "infantry", 4, 4},
                              {"french", "B", "infantry", 3, 4},
                              {"french", "C", "infantry", 5, 4}},
                             "setup french 2840 : A\nsetup french 2845 : B\nsetup french 2848 : C\n"
                             "vp french exit 2933-51 0 per-strength-point\nspecial 23.0D \"fifths\"\n",
                             "turns 16/1400 16/2100\n");
  const auto french_vp = [&] { return victory_points(state)[static_cast<std::size_t>(Side::French)]; };
  CHECK(refused_by(state, Side::French,
                   MoveAction{MoveRequest{unit(state, "C"), {hx("2848"), hx("2852")}, true}}) !=
        "");  // 2952 and south are no exit
  apply(state, Side::French, MoveAction{MoveRequest{unit(state, "A"), {hx("2940")}, true}}, no_dice());
  CHECK(french_vp() == 1);  // 4 SP: 4/5 rounded up
  apply(state, Side::French, MoveAction{MoveRequest{unit(state, "B"), {hx("2945")}, true}}, no_dice());
  CHECK(french_vp() == 2);  // 7 SP: 7/5 rounded up
  // After 16/1800 an exit is still allowed but scores nothing.
  state.turn = static_cast<int>(state.rules->turns.size()) - 1;  // the test track's next turn: 16/2100
  REQUIRE(state.current_turn().name == TurnName{16, 2100});
  apply(state, Side::French, MoveAction{MoveRequest{unit(state, "C"), {hx("2948")}, true}}, no_dice());
  CHECK(state.units[unit(state, "C")].status == UnitStatus::Exited);
  CHECK(french_vp() == 2);
}

TEST_CASE("22.4A from 20 French SP exited at 0605 on, every exit VP counts double, the first 20 included",
          "[rules][22.4A]") {
  auto state = full_map_game({{"french", "A", "infantry", 12, 4}, {"french", "B", "infantry", 8, 4}},
                             "setup french 0606 : A\nsetup french 0706 : B\n"
                             "vp french exit 0605 2 per-strength-point\nspecial 22.4A \"doubling\"\n");
  const auto french_vp = [&] { return victory_points(state)[static_cast<std::size_t>(Side::French)]; };
  apply(state, Side::French, MoveAction{MoveRequest{unit(state, "A"), {hx("0605")}, true}}, no_dice());
  CHECK(french_vp() == 24);  // 12 SP at 2 VP: under 20 SP, no doubling
  apply(state, Side::French, MoveAction{MoveRequest{unit(state, "B"), {hx("0605")}, true}}, no_dice());
  CHECK(french_vp() == 80);  // 20 SP at 4 VP
}

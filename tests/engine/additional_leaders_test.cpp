// 16.1C Additional leaders: the seconds-in-command taking a killed army commander's place, and the data
// check refusing the leaders the engine does not build; on small hand-built games. The chiefs of staff
// act through 16.14D: army_headquarters_test.cpp.
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/state/invariants.hpp>

using namespace hd::test;

namespace {

const std::string kLeaders =
    "Blucher\tBlucher\tprussian\tcommander\t\t4\t\n"
    "Bulow\tvon Bulow\tprussian\tofficer\t[4]\t\t\n"
    "Bulow (cdr)\tvon Bulow as army commander\tprussian\tcommander\t\t4\t16.1C\n"
    "Wellington\tWellington\tallied\tcommander\t\t4\t\n"
    "Uxbridge\tUxbridge\tallied\tofficer\t[C]\t\t\n"
    "Uxbridge (cdr)\tUxbridge as army commander\tallied\tcommander\t\t4\t16.1C\n";

const std::vector<TestUnit> kUnits{{"prussian", "P", "infantry", 4, 4, "[4]"},
                                   {"prussian", "Q", "infantry", 4, 4, "[1]"},
                                   {"allied", "C", "cavalry", 4, 6, "[C]"},
                                   {"french", "F", "infantry", 4, 4, "[1]"}};

GameState succession_game() {
  return make_game_with_leaders("", kUnits, kLeaders,
                                "rules 1.0-11.0\nspecial 16.1C \"additional leaders\"\n"
                                "setup prussian 0505 : P Bulow\nsetup prussian 0510 : Q Blucher\n"
                                "setup allied 1005 : C Wellington Uxbridge\nsetup french 2020 : F\n",
                                "turns 16/1400 16/1600\n", 24, 24);
}

}  // namespace

TEST_CASE("16.1C a killed army commander's second-in-command takes his place as commander",
          "[rules][16.1C]") {
  GameState state = succession_game();
  const UnitIndex bulow = unit(state, "Bulow");
  // Before: Bulow is an officer, and P ([4]) is in command through him.
  CHECK_FALSE(is_commander(*state.rules, state.units[bulow]));
  state.units[unit(state, "Blucher")].status = UnitStatus::Eliminated;  // killed (10.2)
  const auto events = apply(state, Side::French, EndPhaseAction{}, no_dice());
  const auto words = events_of<RuleEvent>(events);
  REQUIRE(words.size() == 1u);
  CHECK(words[0].rule == "16.1C");
  CHECK(words[0].kind == "succession");
  // The same piece, in the same hex, is now the commander counter: an army commander with no
  // organization, whose capacity is the commander counter's.
  CHECK(state.units[bulow].id == "Bulow (cdr)");
  CHECK(state.units[bulow].hex == hx("0505"));
  CHECK(is_commander(*state.rules, state.units[bulow]));
  CHECK(command_capacity(*state.rules, state.units[bulow]) == 4);
  const CommandStructure structure = trace_command(state, Side::Coalition);
  CHECK(structure.in_command[unit(state, "P")]);  // commanded by him directly now
  CHECK(structure.gives_command[bulow]);
  // Wellington lives: Uxbridge stays an officer.
  CHECK(state.units[unit(state, "Uxbridge")].command == "[C]");
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.1C no succession when the second-in-command is out of play", "[rules][16.1C]") {
  GameState state = succession_game();
  state.units[unit(state, "Wellington")].status = UnitStatus::Eliminated;
  state.units[unit(state, "Uxbridge")].status = UnitStatus::Eliminated;
  const auto events = apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(events_of<RuleEvent>(events).empty());
  CHECK(state.units[unit(state, "Uxbridge")].id == "Uxbridge");
  // And none where the rule is not played.
  GameState without = make_game_with_leaders("", kUnits, kLeaders,
                                             "rules 1.0-11.0\nsetup prussian 0505 : P Bulow\n"
                                             "setup prussian 0510 : Q Blucher\nsetup french 2020 : F\n",
                                             "turns 16/1400 16/1600\n", 24, 24);
  without.units[unit(without, "Blucher")].status = UnitStatus::Eliminated;
  apply(without, Side::French, EndPhaseAction{}, no_dice());
  CHECK(without.units[unit(without, "Bulow")].id == "Bulow");
}

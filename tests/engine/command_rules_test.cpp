// 11.0 Command: 11.1 leaders and command, 11.2 tracing command, 11.3 command effects, and the
// command segment of the command phase (4.1A), on small hand-built games with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/command/command_state.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/state/state_snapshot.hpp>

using namespace hd::test;

namespace {

const std::string kLeaders =
    "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
    "Grouchy\tMarshal Grouchy\tfrench\tcommander\t\t1\t\n"
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n"
    "Derlon\tD'Erlon\tfrench\tofficer\t[2]\t\t\n"
    "Wellington\tWellington\tallied\tcommander\t\t4\t\n"
    "Perponcher\tPerponcher\tallied\tofficer\t[N2]\t\t\n"
    "Blucher\tBlucher\tprussian\tcommander\t\t2\t\n"
    "Zieten\tZieten\tprussian\tofficer\t[1]\t\t\n";

const std::vector<TestUnit> kUnits{
    {"french", "A", "infantry", 4, 4, "[1]"},    {"french", "B", "infantry", 4, 4, "[1]"},
    {"french", "C", "infantry", 4, 4, "3/[1]"},  {"french", "D", "infantry", 4, 4, "[2]"},
    {"french", "E", "infantry", 4, 4, "[2]"},    {"french", "F", "infantry", 4, 4, "[1]"},
    {"allied", "X", "infantry", 4, 4, "[N2]"},   {"allied", "Y", "infantry", 4, 4, "[N2]"},
    {"prussian", "P", "infantry", 4, 4, "[1]"},  {"prussian", "Q", "infantry", 4, 4, "1/[1]"},
    {"french", "G", "infantry", 12, 4, "[1]"},   {"french", "Art", "foot_artillery", 4, 4, "[1]"},
    {"allied", "Big", "infantry", 20, 4, "[N2]"}};

// Every piece on the map in its own column, far apart; tests then hand-place them.
GameState command_game(const std::string& rules = "rules 1.0-10.0\n", const std::string& map = "") {
  return make_game_with_leaders(
      map, kUnits, kLeaders,
      rules +
          "setup french 0101 : A Ney Grouchy Reille Derlon\nsetup french 0103 : B\nsetup french 0105 : C\n"
          "setup french 0107 : D\nsetup french 0109 : E\nsetup french 0111 : F\n"
          "setup allied 1201 : X Wellington Perponcher\nsetup allied 1203 : Y\n"
          "setup prussian 1205 : P Blucher Zieten\nsetup prussian 1207 : Q\n",
      "turns 16/1400 16/1600\n", 20, 20);
}

// Puts the named pieces in `hex` (a hand-built position).
void place(GameState& state, std::vector<const char*> ids, const char* hex) {
  for (const char* id : ids)
    state.units[unit(state, id)].hex = hx(hex);
}

// Takes the named pieces off the map (out of the situation under test).
void remove(GameState& state, std::vector<const char*> ids) {
  for (const char* id : ids)
    state.units[unit(state, id)].status = UnitStatus::Eliminated;
}

bool commanded(const CommandStructure& structure, const GameState& state, const char* id) {
  return structure.in_command[unit(state, id)];
}

bool link(const CommandStructure& structure, const GameState& state, const char* from, const char* to) {
  const CommandLink wanted{unit(state, from), unit(state, to)};
  return std::find(structure.links.begin(), structure.links.end(), wanted) != structure.links.end();
}

}  // namespace

TEST_CASE("11.1A a commander's command capacity rating is read from the order of battle", "[rules][11.1A]") {
  const auto state = command_game();
  CHECK(command_capacity(*state.rules, state.units[unit(state, "Ney")]) == 1);
  CHECK(command_capacity(*state.rules, state.units[unit(state, "Wellington")]) == 4);
  CHECK(command_capacity(*state.rules, state.units[unit(state, "Reille")]) == 0);  // an officer: none
}

TEST_CASE("11.1A a commander commands officers and units within five hexes, up to his capacity of each",
          "[rules][11.1A]") {
  auto state = command_game();
  remove(state, {"Grouchy", "Derlon"});
  place(state, {"Ney", "A"}, "0501");
  place(state, {"Reille", "B"}, "0506");  // five hexes from Ney: in his range
  place(state, {"D"}, "0502");
  place(state, {"E"}, "0503");
  REQUIRE(distance(hx("0501"), hx("0506")) == 5);
  auto structure = trace_command(state, Side::French);
  CHECK(commanded(structure, state, "Ney"));  // command originates with commanders
  CHECK(commanded(structure, state, "Reille"));
  CHECK(link(structure, state, "Ney", "Reille"));
  CHECK(commanded(structure, state, "B"));  // from Reille, in his hex
  CHECK(link(structure, state, "Reille", "B"));
  // One unit directly (capacity 1, counted apart from the officer): the first in the order, A.
  CHECK(commanded(structure, state, "A"));
  CHECK(link(structure, state, "Ney", "A"));
  CHECK_FALSE(commanded(structure, state, "D"));
  CHECK_FALSE(commanded(structure, state, "E"));
  CHECK(structure.gives_command[unit(state, "Ney")]);
  CHECK(structure.gives_command[unit(state, "Reille")]);

  // Six hexes away, Reille and his units are out of command; Ney's unit capacity still takes A.
  place(state, {"Reille", "B"}, "0507");
  structure = trace_command(state, Side::French);
  CHECK_FALSE(commanded(structure, state, "Reille"));
  CHECK_FALSE(commanded(structure, state, "B"));
  CHECK_FALSE(structure.gives_command[unit(state, "Reille")]);
  CHECK(commanded(structure, state, "A"));
}

TEST_CASE("11.1B an officer in command passes it to his organization's units within three hexes",
          "[rules][11.1B]") {
  auto state = command_game();
  remove(state, {"Grouchy", "Derlon"});
  place(state, {"Ney", "A", "Reille"}, "0501");
  place(state, {"B"}, "0504");  // [1], three hexes
  place(state, {"C"}, "0403");  // 3/[1], a division of [1]
  place(state, {"F"}, "0505");  // [1], four hexes
  place(state, {"D"}, "0502");  // [2], another organization
  REQUIRE(distance(hx("0501"), hx("0403")) <= 3);
  const auto structure = trace_command(state, Side::French);
  CHECK(commanded(structure, state, "A"));
  CHECK(link(structure, state, "Reille", "A"));
  CHECK(commanded(structure, state, "B"));
  CHECK(commanded(structure, state, "C"));
  CHECK(link(structure, state, "Reille", "C"));
  // F and D: not Reille's (too far; not [1]): Ney's one direct unit goes to the first of them.
  CHECK(commanded(structure, state, "D"));
  CHECK(link(structure, state, "Ney", "D"));
  CHECK_FALSE(commanded(structure, state, "F"));
  CHECK_FALSE(link(structure, state, "Reille", "D"));

  // An officer out of command passes nothing on: Reille seven hexes from Ney.
  place(state, {"Reille", "B"}, "0508");
  const auto cut = trace_command(state, Side::French);
  CHECK_FALSE(commanded(cut, state, "Reille"));
  CHECK_FALSE(commanded(cut, state, "B"));
}

TEST_CASE("11.1A short of capacity, the officers who pass command to more units are placed first",
          "[rules][11.1A]") {
  auto state = command_game();
  remove(state, {"Grouchy"});
  place(state, {"Ney", "A"}, "0501");
  place(state, {"Derlon", "D"}, "0503");       // [2]: one unit; earlier in the order than Reille
  place(state, {"Reille", "B", "F"}, "0505");  // [1]: B and F
  place(state, {"E"}, "0508");
  auto structure = trace_command(state, Side::French);
  CHECK(commanded(structure, state, "Reille"));
  CHECK(commanded(structure, state, "B"));
  CHECK(commanded(structure, state, "F"));
  CHECK_FALSE(commanded(structure, state, "Derlon"));
  // D, no longer D'Erlon's, and A: Ney's one unit goes to the first of them.
  CHECK(commanded(structure, state, "A"));
  CHECK_FALSE(commanded(structure, state, "D"));

  // A second commander whose range holds only Reille: the matching moves Reille to Grouchy so that
  // Ney can take D'Erlon; both officers are in command.
  state.units[unit(state, "Grouchy")].status = UnitStatus::OnMap;
  place(state, {"Grouchy"}, "0508");
  REQUIRE(distance(hx("0508"), hx("0503")) == 5);
  place(state, {"Derlon", "D"}, "0502");  // six hexes from Grouchy: Ney's alone
  structure = trace_command(state, Side::French);
  CHECK(link(structure, state, "Grouchy", "Reille"));
  CHECK(link(structure, state, "Ney", "Derlon"));
  CHECK(commanded(structure, state, "D"));
  CHECK(commanded(structure, state, "B"));
}

TEST_CASE("11.1C Allied and Prussian commanders never command each other's officers or units",
          "[rules][11.1C]") {
  auto state = command_game();
  place(state, {"Wellington", "X"}, "1201");
  place(state, {"Zieten", "P"}, "1202");
  place(state, {"Q"}, "1203");
  place(state, {"Perponcher", "Y"}, "1204");
  place(state, {"Blucher"}, "1220");  // far away
  auto structure = trace_command(state, Side::Coalition);
  CHECK(commanded(structure, state, "Wellington"));
  CHECK(commanded(structure, state, "Perponcher"));
  CHECK(commanded(structure, state, "X"));
  CHECK(commanded(structure, state, "Y"));
  CHECK_FALSE(commanded(structure, state, "Zieten"));  // Wellington has capacity left, but 11.1C
  CHECK_FALSE(commanded(structure, state, "P"));
  CHECK_FALSE(commanded(structure, state, "Q"));
  // Blucher in range: the Prussians are in command, through Zieten (Q is of 1/[1]).
  place(state, {"Blucher"}, "1206");
  structure = trace_command(state, Side::Coalition);
  CHECK(link(structure, state, "Blucher", "Zieten"));
  CHECK(link(structure, state, "Zieten", "P"));
  CHECK(link(structure, state, "Zieten", "Q"));
  CHECK_FALSE(link(structure, state, "Wellington", "Zieten"));
}

TEST_CASE("11.2 command is counted from the next hex and not traced across prohibited terrain",
          "[rules][11.2]") {
  const auto open = command_game();
  const auto reach = command_reach(open, hx("0501"), Side::French, 5);
  CHECK(reach.at(hx("0501")) == 0);  // the leader's hex is not counted
  CHECK(reach.at(hx("0502")) == 2);  // in half hexes
  CHECK(reach.at(hx("0506")) == 10);
  CHECK_FALSE(reach.contains(hx("0507")));
  // A lake hexside on the one shortest line: the way round is six hexes.
  const auto lake = command_game("rules 1.0-10.0\n", "lake \"L\" : 0503/0504\n");
  const auto around = command_reach(lake, hx("0501"), Side::French, 5);
  CHECK(around.contains(hx("0504")));
  CHECK_FALSE(around.contains(hx("0506")));
  // A river without a bridge blocks as well; a bridge carries command over it.
  const auto river = command_game("rules 1.0-10.0\n", "river \"R\" : 0503/0504\n");
  CHECK_FALSE(command_reach(river, hx("0501"), Side::French, 5).contains(hx("0506")));
  const auto bridged =
      command_game("rules 1.0-10.0\n", "river \"R\" : 0503/0504\nbridge \"B\" : 0503/0504\n");
  CHECK(command_reach(bridged, hx("0501"), Side::French, 5).contains(hx("0506")));
}

TEST_CASE("11.2 command is not traced into enemy units, nor into an EZOC no friendly combat unit holds",
          "[rules][11.2]") {
  auto state = command_game();
  place(state, {"Ney", "A"}, "0501");
  place(state, {"X"}, "0404");  // its ZOC covers hexes of the line 0502-0506
  std::vector<Hex> zoc_on_line;
  for (const char* h : {"0502", "0503", "0504", "0505"})
    if (in_enemy_zoc(state, hx(h), Side::French)) zoc_on_line.push_back(hx(h));
  REQUIRE_FALSE(zoc_on_line.empty());
  CHECK_FALSE(command_reach(state, hx("0501"), Side::French, 5).contains(hx("0506")));
  // Friendly combat units in those hexes let command through.
  const char* holders[] = {"B", "C", "D", "E"};
  for (std::size_t i = 0; i < zoc_on_line.size(); ++i)
    state.units[unit(state, holders[i])].hex = zoc_on_line[i];
  auto reach = command_reach(state, hx("0501"), Side::French, 5);
  CHECK(reach.contains(hx("0506")));
  CHECK_FALSE(reach.contains(hx("0404")));  // the enemy's own hex, though within range
  // A leader alone does not hold an EZOC: only a combat unit does.
  remove(state, {"Grouchy", "Derlon"});
  state.units[unit(state, holders[0])].hex = hx("0120");
  state.units[unit(state, "Reille")].hex = zoc_on_line.front();
  reach = command_reach(state, hx("0501"), Side::French, 5);
  CHECK_FALSE(reach.contains(zoc_on_line.front()));
  CHECK_FALSE(reach.contains(hx("0506")));
}

namespace {

// A game with 11.0 in force (as the campaign scenarios' `rules 1.0-11.0` lines read).
GameState commanded_game(const std::string& setup, const std::string& turns = "turns 16/1400 16/1600\n") {
  return make_game_with_leaders("", kUnits, kLeaders, "rules 1.0-11.0\n" + setup, turns, 20, 20);
}

bool ooc(const GameState& state, const char* id) {
  return out_of_command(state, unit(state, id));
}

void end_phase(GameState& state) {
  apply(state, state.phasing, EndPhaseAction{}, no_dice());
}

}  // namespace

TEST_CASE("4.1A the command segment marks out-of-command units as each daylight player turn begins",
          "[rules][4.1A][11.0]") {
  auto state = commanded_game(
      "setup french 0501 : A Ney Derlon\nsetup french 0508 : D\nsetup allied 1201 : X Wellington\n"
      "setup allied 1220 : Y\n");
  REQUIRE(state.phase == Phase::Movement);
  REQUIRE(state.phasing == Side::French);
  // The French command segment opened the game: D is seven hexes from D'Erlon and Ney.
  CHECK_FALSE(ooc(state, "A"));
  CHECK(ooc(state, "D"));
  CHECK_FALSE(ooc(state, "Ney"));  // a commander is never out of command
  CHECK(gave_command(state, unit(state, "Ney")));
  CHECK_FALSE(ooc(state, "Y"));  // the Coalition's segment has not come yet
  // D moves within three hexes of D'Erlon, but stays marked until the next French command segment.
  apply(state, Side::French, move(state, "D", {"0507", "0506", "0505", "0504"}), no_dice());
  end_phase(state);  // to combat
  end_phase(state);  // to the Coalition movement phase: its command segment
  REQUIRE(state.phasing == Side::Coalition);
  CHECK(ooc(state, "Y"));
  CHECK_FALSE(ooc(state, "X"));
  CHECK(ooc(state, "D"));
  const auto hash_before = state_hash(state);
  set_out_of_command(state, unit(state, "Y"), false);
  CHECK(state_hash(state) != hash_before);  // part of the state (11.0's slot, in the field walk)
  set_out_of_command(state, unit(state, "Y"), true);
  CHECK(state_hash(state) == hash_before);
  end_phase(state);
  end_phase(state);  // turn 2, French movement: D is in command again
  REQUIRE(state.phasing == Side::French);
  CHECK_FALSE(ooc(state, "D"));
  CHECK(ooc(state, "Y"));
}

TEST_CASE("11.0 keeps its marks in its own state slot: hash, snapshot, equality and debug text see it",
          "[rules][11.0][rule-slots]") {
  const auto state = commanded_game(
      "setup french 0501 : A Ney Derlon\nsetup french 0508 : D\nsetup allied 1201 : X Wellington\n"
      "setup allied 1220 : Y\n");
  REQUIRE(ooc(state, "D"));
  const auto* command = state.rule_state.find<CommandState>(kCommandRule);
  REQUIRE(command);
  CHECK(command->out_of_command == std::vector<UnitIndex>{unit(state, "D")});
  CHECK(debug_text(state).find("rule_state[0].value.out_of_command[0] " + std::to_string(unit(state, "D"))) !=
        std::string::npos);
  // A change to the slot changes all four views of the state, and a snapshot restores it.
  auto changed = state;
  set_out_of_command(changed, unit(state, "D"), false);
  set_out_of_command(changed, unit(state, "A"), true);
  CHECK_FALSE(changed == state);
  CHECK(state_hash(changed) != state_hash(state));
  CHECK(snapshot_state(changed) != snapshot_state(state));
  CHECK(debug_text(changed) != debug_text(state));
  const auto restored = restore_state(state, snapshot_state(changed));
  REQUIRE(restored);
  CHECK(*restored == changed);
  CHECK(ooc(*restored, "A"));
  CHECK_FALSE(ooc(*restored, "D"));
  CHECK(state_hash(*restored) == state_hash(changed));
  // A snapshot is restored only onto the same slots: not onto a state without 11.0's.
  auto without_slot = state;
  without_slot.rule_state = RuleSlots{};
  CHECK_FALSE(restore_state(without_slot, snapshot_state(state)));
  CHECK_FALSE(restore_state(state, snapshot_state(without_slot)));
  // A game without 11.0 keeps no such slot, and nobody in it is out of command.
  const auto plain =
      make_game_with_leaders("", kUnits, kLeaders,
                             "rules 1.0-10.0\nsetup french 0501 : A Ney Derlon\nsetup french 0508 : D\n"
                             "setup allied 1201 : X Wellington\nsetup allied 1220 : Y\n",
                             "turns 16/1400 16/1600\n", 20, 20);
  CHECK(plain.rule_state.all().empty());
  CHECK_FALSE(ooc(plain, "D"));
}

TEST_CASE("4.2 no command segment at night: the marks stay, no leader gives command", "[rules][4.2][11.0]") {
  auto state = commanded_game("setup french 0501 : A Ney\nsetup french 0510 : D\nsetup allied 1201 : X\n",
                              "turns 16/1600 16/2100\n");
  CHECK(ooc(state, "D"));
  CHECK(gave_command(state, unit(state, "Ney")));
  apply(state, Side::French, move(state, "D", {"0509", "0508", "0507", "0506"}), no_dice());
  while (!(state.turn == 1 && state.phasing == Side::French))
    end_phase(state);
  REQUIRE(state.current_turn().night);
  CHECK(ooc(state, "D"));  // until the next command segment
  CHECK_FALSE(gave_command(state, unit(state, "Ney")));
}

TEST_CASE("10.1C a leader giving command moves with half his allowance", "[rules][10.1C][11.0]") {
  auto state = commanded_game("setup french 0501 : A Ney Grouchy\nsetup allied 1201 : X\n");
  REQUIRE(gave_command(state, unit(state, "Ney")));            // commands A
  REQUIRE_FALSE(gave_command(state, unit(state, "Grouchy")));  // A is taken: Ney is first
  CHECK(movement_allowance(state, state.units[unit(state, "Ney")]) == kLeaderMovement);  // half MP: 3 MP
  CHECK(movement_allowance(state, state.units[unit(state, "Grouchy")]) == 2 * kLeaderMovement);
  CHECK(refused_by(state, Side::French, move(state, "Ney", {"0502", "0503", "0504", "0505"})) == "5.1");
  CHECK(refused_by(state, Side::French, move(state, "Ney", {"0502", "0503", "0504"})) == "");
}

TEST_CASE("11.3A out-of-command units and leaders may not enter an enemy ZOC", "[rules][11.3A]") {
  auto state = commanded_game(
      "setup french 0501 : A Ney\nsetup french 0510 : D Derlon\nsetup french 0110 : E\n"
      "setup allied 0513 : X\nsetup allied 1201 : Y\n");
  REQUIRE(ooc(state, "D"));
  REQUIRE(ooc(state, "Derlon"));  // seven hexes from Ney
  REQUIRE(in_enemy_zoc(state, hx("0512"), Side::French));
  const auto refusal = validate(state, Side::French, move(state, "D", {"0511", "0512"}));
  REQUIRE(refusal);
  CHECK(refusal->rule == "11.3A");
  CHECK(refusal->code == RefusalCode::OocEntersZoc);
  CHECK(refused_by(state, Side::French, move(state, "D", {"0511"})) == "");
  // An officer out of command may not enter it even where a friendly combat unit is (10.1D would let
  // him).
  state.units[unit(state, "E")].hex = hx("0512");
  CHECK(refused_by(state, Side::French, move(state, "Derlon", {"0511", "0512"})) == "11.3A");
  // In command, the same move is allowed.
  set_out_of_command(state, unit(state, "D"), false);
  state.units[unit(state, "E")].hex = hx("0110");
  CHECK(refused_by(state, Side::French, move(state, "D", {"0511", "0512"})) == "");
}

TEST_CASE("11.3B a Dr or De against out-of-command attackers becomes an Ar", "[rules][11.3B]") {
  // No French leader: A is out of command. Wellington commands X.
  auto state = commanded_game("setup french 0505 : A\nsetup allied 0506 : X Wellington\n");
  REQUIRE(ooc(state, "A"));
  to_french_combat(state);
  auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 1-1, 1: Dr
  CHECK(resolved(events) == CombatResult::AttackerRetreat);
  REQUIRE_FALSE(state.pending_retreats.empty());
  CHECK(state.pending_retreats.front().unit == unit(state, "A"));

  // In command (Ney in A's hex), the same die is a Dr.
  auto commanded = commanded_game("setup french 0505 : A Ney\nsetup allied 0506 : X Wellington\n");
  REQUIRE_FALSE(ooc(commanded, "A"));
  to_french_combat(commanded);
  events = apply(commanded, Side::French, attack(commanded, {"A"}, {"X"}), die(1));
  CHECK(resolved(events) == CombatResult::DefenderRetreat);

  // A De (4-1, 1) is converted as well.
  auto strong = commanded_game("setup french 0505 : A G\nsetup allied 0506 : X Wellington\n");
  to_french_combat(strong);
  REQUIRE(compute_odds(strong, attack(strong, {"A", "G"}, {"X"})).computed.to_string() == "4-1");
  events = apply(strong, Side::French, attack(strong, {"A", "G"}, {"X"}), die(1));
  CHECK(resolved(events) == CombatResult::AttackerRetreat);
  CHECK(strong.units[unit(strong, "X")].on_map());
}

TEST_CASE("11.3B an attack with in-command and out-of-command units treats all attackers as OOC",
          "[rules][11.3B]") {
  // Ney's one unit is A (the first); B, beside him, is out of command.
  auto state = commanded_game("setup french 0505 : A B Ney\nsetup allied 0506 : X Wellington\n");
  REQUIRE_FALSE(ooc(state, "A"));
  REQUIRE(ooc(state, "B"));
  to_french_combat(state);
  auto events = apply(state, Side::French, attack(state, {"A", "B"}, {"X"}), die(1));  // 2-1, 1: Dr
  CHECK(resolved(events) == CombatResult::AttackerRetreat);
  CHECK(state.pending_retreats.size() == 2);
}

TEST_CASE("11.3B out-of-command attackers do not advance after an Ex", "[rules][11.3B]") {
  // 16 against 4 at 4-1; a 6 is an Ex: X is eliminated and the French lose A (4) or G (12).
  for (const bool in_command : {false, true}) {
    auto state = commanded_game(std::string("setup french 0505 : A G") + (in_command ? " Ney Reille" : "") +
                                "\nsetup allied 0506 : X Wellington\n");
    REQUIRE(ooc(state, "G") != in_command);
    to_french_combat(state);
    const auto events = apply(state, Side::French, attack(state, {"A", "G"}, {"X"}), die(6));
    REQUIRE(resolved(events) == CombatResult::Exchange);
    REQUIRE(state.pending_exchange);
    apply(state, Side::French, ExchangeLossAction{{unit(state, "A")}}, no_dice());
    CHECK(state.pending_advance.has_value() == in_command);
    if (in_command) continue;
    // The refusal says why: 11.3B, not 6.7's "no advance offered".
    const auto refusal = validate(state, Side::French, AdvanceAction{unit(state, "G"), hx("0506")});
    REQUIRE(refusal);
    CHECK(refusal->rule == "11.3B");
    CHECK(refusal->code == RefusalCode::OocMayNotAdvance);
    CHECK(describe(*refusal, state) == "G is out of command and may not advance after combat");
  }
}

TEST_CASE("11.3B out-of-command artillery may not bombard", "[rules][11.3B]") {
  auto state = commanded_game("setup french 0503 : Art\nsetup allied 0505 : X Wellington\n");
  REQUIRE(ooc(state, "Art"));
  to_french_combat(state);
  AttackAction bombard;
  bombard.bombarding = {unit(state, "Art")};
  bombard.defenders = {unit(state, "X")};
  const auto refusal = validate(state, Side::French, bombard);
  REQUIRE(refusal);
  CHECK(refusal->rule == "11.3B");
  CHECK(refusal->code == RefusalCode::OocMayNotBombard);
  CHECK(combat_options(state).empty());  // nor offered
  auto commanded = commanded_game("setup french 0503 : Art Ney\nsetup allied 0505 : X Wellington\n");
  to_french_combat(commanded);
  bombard.bombarding = {unit(commanded, "Art")};
  bombard.defenders = {unit(commanded, "X")};
  CHECK(refused_by(commanded, Side::French, bombard) == "");
}

TEST_CASE("11.3C an Ae against out-of-command defenders becomes an Ar; they do not advance",
          "[rules][11.3C]") {
  // 4 against 20 at 1-5; a 3 is an Ae. Big's command status is that of the Coalition's command
  // segment, so the attack comes in the second turn.
  for (const bool in_command : {false, true}) {
    auto state = commanded_game(
        std::string("setup french 0503 : A\nsetup french 0502 : Ney\nsetup allied 0506 : Big") +
        (in_command ? " Wellington" : "") + "\n");
    while (!(state.turn == 1 && state.phasing == Side::French))
      end_phase(state);
    REQUIRE(ooc(state, "Big") != in_command);
    REQUIRE_FALSE(ooc(state, "A"));
    apply(state, Side::French, move(state, "A", {"0504", "0505"}), no_dice());
    to_french_combat(state);
    const auto events = apply(state, Side::French, attack(state, {"A"}, {"Big"}), die(3));
    if (in_command) {
      CHECK(resolved(events) == CombatResult::AttackerEliminated);
      CHECK(state.pending_advance);  // Big may advance into 0505
      continue;
    }
    CHECK(resolved(events) == CombatResult::AttackerRetreat);
    REQUIRE(state.pending_retreats.size() == 1);
    apply(state, Side::French, RetreatAction{unit(state, "A"), hx("0504"), std::nullopt, false}, no_dice());
    CHECK_FALSE(state.pending_advance);  // Big, out of command, may not advance into 0505
    CHECK(state.units[unit(state, "A")].on_map());
    const auto refusal = validate(state, Side::Coalition, AdvanceAction{unit(state, "Big"), hx("0505")});
    REQUIRE(refusal);
    CHECK(refusal->rule == "11.3C");  // the defender's case, not 6.7
    CHECK(refusal->code == RefusalCode::OocMayNotAdvance);
  }
}

TEST_CASE("24.1A command traced along a road or trail counts one half hex a step", "[rules][24.1A]") {
  // A road 0501-0511 down column 05, a trail on from 0511 to 0513; Ney (capacity 1 unit) at 0501.
  const std::string map =
      "road \"R\" : 0501 0502 0503 0504 0505 0506 0507 0508 0509 0510 0511\n"
      "trail \"T\" : 0511 0512 0513\n";
  const auto reach = command_reach(command_game("rules 1.0-10.0\n", map), hx("0501"), Side::French, 5, true);
  CHECK(reach.at(hx("0502")) == 1);         // half hexes
  CHECK(reach.at(hx("0511")) == 10);        // ten road steps: five hexes
  CHECK(reach.at(hx("0601")) == 2);         // off the road: a whole hex
  CHECK_FALSE(reach.contains(hx("0512")));  // one more step, past five hexes
  // Without 24.1A's measure the road counts whole hexes.
  CHECK_FALSE(
      command_reach(command_game("rules 1.0-10.0\n", map), hx("0501"), Side::French, 5).contains(hx("0507")));
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game_with_leaders(
        map, kUnits, kLeaders,
        std::string("rules 1.0-11.0\n") + (rule ? "special 24.1A \"half hexes\"\n" : "") +
            "setup french 0501 : Ney\nsetup french 0509 : A\nsetup allied 1220 : X\n",
        "turns 16/1400 16/1600\n", 20, 20);
    // Eight road hexes away: four hexes of command distance with 24.1A, out of range without.
    CHECK(out_of_command(state, unit(state, "A")) == !rule);
  }
  // The trail counts half as well: Ney at 0505, A at 0513 (six road steps, two trail steps).
  auto trail =
      make_game_with_leaders(map, kUnits, kLeaders,
                             "rules 1.0-11.0\nspecial 24.1A \"half hexes\"\n"
                             "setup french 0505 : Ney\nsetup french 0513 : A\nsetup allied 1220 : X\n",
                             "turns 16/1400 16/1600\n", 20, 20);
  CHECK_FALSE(out_of_command(trail, unit(trail, "A")));
}

TEST_CASE("24.1A out-of-command attackers in an EZOC have their results applied normally", "[rules][24.1A]") {
  const std::string grand = "special 24.1A \"11.3B does not apply\"\n";
  // No French leader: A is out of command. 1-1, 1: a Dr, not 11.3B's Ar.
  auto state = commanded_game(grand + "setup french 0505 : A\nsetup allied 0506 : X Wellington\n");
  REQUIRE(ooc(state, "A"));
  to_french_combat(state);
  auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));
  CHECK(resolved(events) == CombatResult::DefenderRetreat);
  // 4-1, 6: an Ex; the out-of-command victors may advance afterwards.
  auto exchange = commanded_game(grand + "setup french 0505 : A G\nsetup allied 0506 : X Wellington\n");
  REQUIRE(ooc(exchange, "G"));
  to_french_combat(exchange);
  events = apply(exchange, Side::French, attack(exchange, {"A", "G"}, {"X"}), die(6));
  REQUIRE(resolved(events) == CombatResult::Exchange);
  apply(exchange, Side::French, ExchangeLossAction{{unit(exchange, "A")}}, no_dice());
  CHECK(exchange.pending_advance.has_value());
  // Out-of-command artillery still may not bombard (it is not in an EZOC; 11.3B's bar stands).
  auto artillery = commanded_game(grand + "setup french 0503 : Art\nsetup allied 0505 : X Wellington\n");
  to_french_combat(artillery);
  CHECK(refused_by(artillery, Side::French, attack(artillery, {}, {"X"}, {"Art"})) == "11.3B");
}

TEST_CASE("11.2 a leader's command range as a player sees it: the hexes reached and who he commands",
          "[rules][11.1A][11.1B][11.2]") {
  auto state = command_game();
  remove(state, {"Grouchy", "Derlon"});
  place(state, {"Ney", "A"}, "0501");
  place(state, {"Reille", "B"}, "0506");
  const LeaderCommandRange ney = leader_command_range(state, unit(state, "Ney"));
  CHECK(ney.range == kCommanderRange);
  REQUIRE_FALSE(ney.hexes.empty());
  CHECK(ney.hexes.front() == hx("0501"));  // his own hex first
  // Every hex within five, inside the 20 x 20 map, and nothing beyond.
  for (const Hex hex : ney.hexes)
    CHECK(distance(hex, hx("0501")) <= kCommanderRange);
  CHECK(std::count(ney.hexes.begin(), ney.hexes.end(), hx("0506")) == 1);
  CHECK(std::count(ney.hexes.begin(), ney.hexes.end(), hx("0507")) == 0);
  CHECK(ney.commanded == std::vector<UnitIndex>{unit(state, "Reille"), unit(state, "A")});
  const LeaderCommandRange reille = leader_command_range(state, unit(state, "Reille"));
  CHECK(reille.range == kOfficerRange);
  CHECK(reille.commanded == std::vector<UnitIndex>{unit(state, "B")});
  // 11.2: an enemy unit blocks the trace: its hex and the zone it holds are left out.
  place(state, {"X"}, "0503");
  const LeaderCommandRange blocked = leader_command_range(state, unit(state, "Ney"));
  CHECK(std::count(blocked.hexes.begin(), blocked.hexes.end(), hx("0503")) == 0);
  CHECK(blocked.hexes.size() < ney.hexes.size());
  // Not a leader: nothing.
  CHECK(leader_command_range(state, unit(state, "A")).hexes.empty());
}

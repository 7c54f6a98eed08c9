// 11.0 Command: 11.1 leaders and command, 11.2 tracing command, 11.3 command effects, and the
// command segment of the command phase (4.1A), on small hand-built games with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/movement/movement.hpp>

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
    {"french", "A", "infantry", 4, 4, "[1]"},   {"french", "B", "infantry", 4, 4, "[1]"},
    {"french", "C", "infantry", 4, 4, "3/[1]"}, {"french", "D", "infantry", 4, 4, "[2]"},
    {"french", "E", "infantry", 4, 4, "[2]"},   {"french", "F", "infantry", 4, 4, "[1]"},
    {"allied", "X", "infantry", 4, 4, "[N2]"},  {"allied", "Y", "infantry", 4, 4, "[N2]"},
    {"prussian", "P", "infantry", 4, 4, "[1]"}, {"prussian", "Q", "infantry", 4, 4, "1/[1]"}};

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
  place(state, {"Derlon", "D"}, "0503");  // [2]: one unit; earlier in the order than Reille
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
  CHECK(reach.at(hx("0502")) == 1);
  CHECK(reach.at(hx("0506")) == 5);
  CHECK_FALSE(reach.contains(hx("0507")));
  // A lake hexside on the one shortest line: the way round is six hexes.
  const auto lake = command_game("rules 1.0-10.0\n", "lake \"L\" : 0503/0504\n");
  const auto around = command_reach(lake, hx("0501"), Side::French, 5);
  CHECK(around.contains(hx("0504")));
  CHECK_FALSE(around.contains(hx("0506")));
  // A river without a bridge blocks as well; a bridge carries command over it.
  const auto river = command_game("rules 1.0-10.0\n", "river \"R\" : 0503/0504\n");
  CHECK_FALSE(command_reach(river, hx("0501"), Side::French, 5).contains(hx("0506")));
  const auto bridged = command_game("rules 1.0-10.0\n", "river \"R\" : 0503/0504\nbridge \"B\" : 0503/0504\n");
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

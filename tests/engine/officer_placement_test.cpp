// "Officers set up (or enter) with any unit of their own command": 22.2C, 24.2C and 27.2C on small
// hand-built games (src/scenarios/).
#include "rules_fixture.hpp"

#include <hd/engine/rules/sequence/setup_phase.hpp>

using namespace hd::test;

namespace {

const std::string kLeaders =
    "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
    "Reille\tReille\tfrench\tofficer\t[2]\t\t\n"
    "Vandamme\tVandamme\tfrench\tofficer\t[3]\t\t\n"
    "Derlon\tD'Erlon\tfrench\tofficer\t[1]\t\t\n"
    "Alten\tAlten\tallied\tofficer\t[3]\t\t\n"
    "Picton\tPicton\tallied\tofficer\t[5]\t\t\n";

const std::vector<TestUnit> kUnits{
    {"french", "A", "infantry", 4, 4, "[2]"},   {"french", "B", "infantry", 4, 4, "5/[2]"},
    {"french", "C", "infantry", 4, 4, "[3]"},   {"french", "D", "infantry", 4, 4, "[2]"},
    {"french", "E", "infantry", 4, 4, "3/[3]"}, {"french", "F", "infantry", 4, 4, "[1]"},
    {"french", "G", "infantry", 4, 4, "[1]"},   {"allied", "H", "infantry", 4, 4, "[3]"},
    {"allied", "Om", "infantry", 4, 4, "[3]"},  {"allied", "K", "infantry", 4, 4, "[5]"},
    {"allied", "X", "infantry", 4, 4, "[1]"}};

std::vector<Hex> hexes(std::vector<const char*> names) {
  std::vector<Hex> out;
  for (const char* name : names)
    out.push_back(hx(name));
  return out;
}

void advance_to(GameState& state, int turn, Side side) {
  while (!(state.turn == turn && state.phasing == side && state.phase == Phase::Movement)) {
    REQUIRE(state.phase != Phase::GameOver);
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  }
}

}  // namespace

TEST_CASE("22.2C 24.2C an officer sets up with any unit of his own command, a commander where he is",
          "[rules][22.2C][24.2C]") {
  for (const char* rule : {"22.2C", "24.2C"}) {
    INFO(rule);
    auto state = make_game_with_leaders(
        "", kUnits, kLeaders,
        std::string("rules 1.0-10.0\nspecial ") + rule +
            " \"officers with their command\"\n"
            "setup french 0101 : A Reille Ney\nsetup french 0105 : B\nsetup french 0109 : C Vandamme\n"
            "setup allied 1201 : X\n");
    REQUIRE(state.phase == Phase::Setup);
    REQUIRE(state.phasing == Side::French);
    CHECK(placement_hexes(state, unit(state, "Reille")) == hexes({"0101", "0105"}));  // A [2], B 5/[2]
    CHECK(placement_hexes(state, unit(state, "Vandamme")) == hexes({"0109"}));
    CHECK(placement_hexes(state, unit(state, "Ney")).empty());  // a commander: his hex is given
    CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Ney"), hx("0105")}) == "3.2C");
    CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Reille"), hx("0109")}) == rule);  // C: [3]
    CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Reille"), hx("0106")}) == rule);  // empty
    apply(state, Side::French, PlaceAction{unit(state, "Reille"), hx("0105")}, no_dice());
    CHECK(state.units[unit(state, "Reille")].hex == hx("0105"));
    // Combat units keep their fixed hexes.
    CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "B"), hx("0106")}) == "3.2C");
  }
  // Without the rule nobody has a choice: no set-up phase at all.
  auto plain = make_game_with_leaders("", kUnits, kLeaders,
                                      "rules 1.0-10.0\nsetup french 0101 : A Reille Ney\nsetup french 0105 : "
                                      "B\nsetup allied 1201 : X\n");
  CHECK(plain.phase == Phase::Movement);
}

TEST_CASE(
    "27.2C Reille stays with the left wing, Vandamme with the right; other officers anywhere in "
    "their command",
    "[rules][27.2C]") {
  auto state =
      make_game_with_leaders("", kUnits, kLeaders,
                             "rules 1.0-10.0\nspecial 27.2C \"officers with their command and wing\"\n"
                             "setup french 2001 : A Reille\nsetup french 2901 : B\nsetup french 3001 : D\n"
                             "setup french 2802 : C\nsetup french 3202 : E Vandamme\n"
                             "setup french 2005 : F Derlon\nsetup french 3005 : G\nsetup allied 5001 : X\n",
                             "turns 16/1400 16/1600\n", 57, 67);
  REQUIRE(state.phase == Phase::Setup);
  // West of column 29 is the left wing, east of it the right; column 29 is neither (27.1A).
  CHECK(placement_hexes(state, unit(state, "Reille")) == hexes({"2001"}));
  CHECK(placement_hexes(state, unit(state, "Vandamme")) == hexes({"3202"}));
  CHECK(placement_hexes(state, unit(state, "Derlon")) == hexes({"2005", "3005"}));
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Reille"), hx("3001")}) == "27.2C");
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Reille"), hx("2901")}) == "27.2C");
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Vandamme"), hx("2802")}) == "27.2C");
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Derlon"), hx("3005")}) == "");
}

TEST_CASE("22.2C a waiting officer enters with any unit of his command whose turn has come",
          "[rules][22.2C]") {
  const std::string lines =
      "rules 1.0-10.0\nsetup french 0101 : A\n"
      "reinforce allied 16/1400 at 1201 : H Alten\nreinforce allied 16/1500 at 1212 : Om\n"
      "reinforce allied 16/1400 at 1203 : K\nreinforce allied 16/1500 at 1206 : Picton\n";
  auto state = make_game_with_leaders("", kUnits, kLeaders, lines + "special 22.2C \"enter with command\"\n");
  advance_to(state, 0, Side::Coalition);
  // Alten's own line; Om of his [3] comes only at 16/1500.
  CHECK(refused_by(state, Side::Coalition, move(state, "Alten", {"1212"})) == "5.6D");
  CHECK(refused_by(state, Side::Coalition, move(state, "Alten", {"1201"})) == "");
  // Picton's line is 16/1500, but K of his [5] may enter now: he comes with K, at K's hex.
  CHECK(refused_by(state, Side::Coalition, move(state, "Picton", {"1203"})) == "");
  CHECK(refused_by(state, Side::Coalition, move(state, "Picton", {"1206"})) == "5.6D");
  // Nobody enters (5.6E); at 16/1500 each may come by his own line or with any waiting unit of his.
  advance_to(state, 1, Side::Coalition);
  CHECK(refused_by(state, Side::Coalition, move(state, "Alten", {"1201"})) == "");
  CHECK(refused_by(state, Side::Coalition, move(state, "Picton", {"1206"})) == "");
  CHECK(refused_by(state, Side::Coalition, move(state, "Picton", {"1203"})) == "");
  apply(state, Side::Coalition, move(state, "Om", {"1212"}), no_dice());
  apply(state, Side::Coalition, move(state, "Alten", {"1212"}), no_dice());
  CHECK(state.units[unit(state, "Alten")].hex == hx("1212"));
  // Once every unit of his command has entered, only an officer's own line remains.
  apply(state, Side::Coalition, move(state, "K", {"1203"}), no_dice());
  advance_to(state, 2, Side::Coalition);
  CHECK(refused_by(state, Side::Coalition, move(state, "Picton", {"1203"})) == "5.6D");
  CHECK(refused_by(state, Side::Coalition, move(state, "Picton", {"1206"})) == "");

  // Without the rule an officer keeps his own line's turn and hex.
  auto plain = make_game_with_leaders("", kUnits, kLeaders, lines);
  advance_to(plain, 0, Side::Coalition);
  CHECK(refused_by(plain, Side::Coalition, move(plain, "Picton", {"1203"})) == "5.6");
}

TEST_CASE(
    "26.0E officers with their command, six commanders with their army, a brigade's units in any "
    "order in its hexes",
    "[rules][26.0E]") {
  const std::string leaders = kLeaders +
                              "Napoleon\tNapoleon\tfrench\tcommander\t\t3\t\n"
                              "Blucher\tBlucher\tprussian\tcommander\t\t2\t\n"
                              "Bulow\tBulow\tprussian\tofficer\t[4]\t\t\n";
  std::vector<TestUnit> units = kUnits;
  for (const char* id : {"P1", "P2", "P3"})
    units.push_back({"prussian", id, "infantry", 4, 4, "15/[4]"});
  units.push_back({"prussian", "Q", "infantry", 4, 4, "13/[4]"});
  auto state = make_game_with_leaders(
      "", units, leaders,
      "rules 1.0-10.0\nspecial 26.0E \"leaders and brigades\"\n"
      "setup french 0101 : A Napoleon Reille\nsetup french 0105 : C\nsetup french 0107 : B\n"
      "setup prussian 0901 : P1 Blucher Bulow\nsetup prussian 0902 : P2\nsetup prussian 0903 : P3\n"
      "setup prussian 0905 : Q\nsetup allied 1201 : X\n");
  REQUIRE(state.phase == Phase::Setup);
  REQUIRE(state.phasing == Side::French);
  CHECK(placement_hexes(state, unit(state, "Napoleon")) == hexes({"0101", "0105", "0107"}));  // any French
  CHECK(placement_hexes(state, unit(state, "Reille")) == hexes({"0101", "0107"}));            // A, B: [2]
  CHECK(refused_by(state, Side::French, PlaceAction{unit(state, "Reille"), hx("0105")}) == "26.0E");
  CHECK(placement_hexes(state, unit(state, "A")).empty());  // a French unit keeps its hex
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Setup);
  REQUIRE(state.phasing == Side::Coalition);
  CHECK(placement_hexes(state, unit(state, "Blucher")) == hexes({"0901", "0902", "0903", "0905"}));
  CHECK(placement_hexes(state, unit(state, "Bulow")) == hexes({"0901", "0902", "0903", "0905"}));
  CHECK(placement_hexes(state, unit(state, "P1")) == hexes({"0901", "0902", "0903"}));
  CHECK(placement_hexes(state, unit(state, "Q")).empty());  // not one of the two brigades
  CHECK(refused_by(state, Side::Coalition, PlaceAction{unit(state, "P1"), hx("0904")}) == "26.0E");
  // Placed in a brigade mate's hex, the unit exchanges hexes with it: still one unit per hex.
  apply(state, Side::Coalition, PlaceAction{unit(state, "P1"), hx("0903")}, no_dice());
  CHECK(state.units[unit(state, "P1")].hex == hx("0903"));
  CHECK(state.units[unit(state, "P3")].hex == hx("0901"));
  CHECK(state.units[unit(state, "P2")].hex == hx("0902"));
  CHECK(state.units_at(hx("0901")).size() == 1);
  CHECK(state.leaders_at(hx("0901")).size() == 2);  // Blucher and Bulow stay, now with P3
}

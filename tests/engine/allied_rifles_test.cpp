// 16.1B Allied rifle units: they stack freely with one or two other units (at most three in a hex,
// one in a chateau) and are always in command; on small hand-built games. The La Belle Alliance
// Variant's rifles set up with their brigades: la_belle_alliance_variant_test.cpp.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/state/invariants.hpp>

#include <algorithm>

using namespace hd::test;

namespace {

const std::vector<TestUnit> kUnits{
    {"allied", "A", "infantry", 4, 4, "[5]", "british"}, {"allied", "B", "infantry", 4, 4, "[5]", "british"},
    {"allied", "C", "infantry", 4, 4, "[5]", "british"}, {"allied", "R1", "rifles", 2, 5, "[5]", "british"},
    {"allied", "R2", "rifles", 2, 5, "[2]", "british"},  {"allied", "R3", "rifles", 2, 5, "[3]", "kgl"},
    {"french", "F", "infantry", 4, 4, "[1]", "x"}};

const char* kSpecial = "special 16.1B \"rifles\"\n";

// The Coalition moves first; A, B, C, R1 and R2 stand in a column from 0502; a chateau at 0808.
GameState rifles_game(const std::string& rules = "rules 1.0-9.0\n") {
  return make_game("chateau \"C\" : 0808\n", kUnits,
                   "first coalition\n" + rules + kSpecial +
                       "setup allied 0502 : A\nsetup allied 0503 : B\nsetup allied 0504 : C\n"
                       "setup allied 0505 : R1\nsetup allied 0506 : R2\nsetup allied 0507 : R3\n"
                       "setup french 1111 : F\n");
}

// Puts each named piece in `hex`, as if it had moved there this phase.
void place_moved(GameState& state, std::vector<const char*> ids, Hex hex) {
  for (const char* id : ids) {
    state.units[unit(state, id)].hex = hex;
    state.units[unit(state, id)].moved = true;
  }
}

// Puts each named piece in its own hex next to `hex`.
void place_around(GameState& state, std::vector<const char*> ids, Hex hex) {
  const auto next = neighbours(hex);
  REQUIRE(ids.size() <= next.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    state.units[unit(state, ids[i])].hex = next[i];
}

MoveAction step_to(const GameState& state, const char* id, Hex hex) {
  return MoveAction{MoveRequest{unit(state, id), {hex}, false}};
}

const Hex kTarget = hx("0604");

}  // namespace

TEST_CASE("16.1B a rifle unit stacks freely with one or two other units", "[rules][16.1B]") {
  GameState state = rifles_game();
  REQUIRE(state.phasing == Side::Coalition);
  // A and B have moved into 0604: two units, the limit (5.4), and neither may make room.
  place_moved(state, {"A", "B"}, kTarget);
  place_around(state, {"C", "R1", "R2"}, kTarget);
  // C, an ordinary unit, may not be a third (5.4).
  CHECK(refused_by(state, Side::Coalition, step_to(state, "C", kTarget)) == "5.4");
  // R1, a rifle unit, may: it and two others.
  CHECK(refused_by(state, Side::Coalition, step_to(state, "R1", kTarget)) == "");
  apply(state, Side::Coalition, step_to(state, "R1", kTarget), no_dice());
  // But not a second rifle unit: at most three units where one stacks freely.
  const auto r2 = validate(state, Side::Coalition, step_to(state, "R2", kTarget));
  REQUIRE(r2);
  CHECK(r2->rule == "5.4");
  REQUIRE(r2->args.size() == 3u);
  CHECK(r2->args[1].number == 4);  // the units there with it
  CHECK(r2->args[2].number == 3);  // the limit with a rifle unit
  // The end of the phase accepts three units with a rifle (5.4's check at the phase's end).
  CHECK(refused_by(state, Side::Coalition, EndPhaseAction{}) == "");
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.1B two rifle units and one other, or three rifle units, share a hex", "[rules][16.1B]") {
  GameState state = rifles_game();
  place_moved(state, {"R1", "R2"}, kTarget);
  place_around(state, {"A", "R3", "C"}, kTarget);
  CHECK(refused_by(state, Side::Coalition, step_to(state, "A", kTarget)) == "");
  CHECK(refused_by(state, Side::Coalition, step_to(state, "R3", kTarget)) == "");
  apply(state, Side::Coalition, step_to(state, "R3", kTarget), no_dice());
  CHECK(refused_by(state, Side::Coalition, EndPhaseAction{}) == "");  // R1, R2, R3: three
  // A fourth unit of any kind is one too many.
  CHECK(refused_by(state, Side::Coalition, step_to(state, "A", kTarget)) == "5.4");
  // Over the limit at the phase's end: four units with a rifle (5.4), found however they got there.
  place_moved(state, {"A"}, kTarget);
  CHECK(refused_by(state, Side::Coalition, EndPhaseAction{}) == "5.4");
}

TEST_CASE("16.1B a rifle unit does not stack freely in a chateau (8.1A)", "[rules][16.1B][8.1A]") {
  GameState state = rifles_game();
  place_moved(state, {"A"}, hx("0808"));
  place_around(state, {"R2"}, hx("0808"));
  CHECK(refused_by(state, Side::Coalition, step_to(state, "R2", hx("0808"))) == "8.1A");
}

TEST_CASE("16.1B a rifle unit may retreat into a hex holding two friendly units", "[rules][16.1B][6.6]") {
  GameState state = rifles_game();
  // A and B fill 0604; R1 and C stand next to it.
  place_moved(state, {"A", "B"}, kTarget);
  place_around(state, {"R1", "C"}, kTarget);
  const auto rifle = retreat_hexes(state, unit(state, "R1"));
  CHECK(std::find(rifle.begin(), rifle.end(), kTarget) != rifle.end());
  const auto ordinary = retreat_hexes(state, unit(state, "C"));
  CHECK(std::find(ordinary.begin(), ordinary.end(), kTarget) == ordinary.end());
}

TEST_CASE("16.1B a rifle unit is always in command, and takes no leader's capacity", "[rules][16.1B][11.1]") {
  GameState state = make_game_with_leaders(
      "", kUnits,
      "Wellington\tWellington\tallied\tcommander\t\t1\t\n"
      "Picton\tPicton\tallied\tofficer\t[5]\t\t\n",
      "first coalition\nrules 1.0-11.0\n" + std::string(kSpecial) +
          "setup allied 0101 : A Wellington\nsetup allied 0301 : B\nsetup allied 1204 : C Picton\n"
          "setup allied 0112 : R1\nsetup allied 0302 : R2\nsetup allied 0612 : R3\nsetup french 1515 : F\n",
      "turns 16/1400 16/1600\n", 16, 16);
  const CommandStructure command = trace_command(state, Side::Coalition);
  // R1 and R3 are beyond every leader's range: in command all the same.
  for (const char* rifle : {"R1", "R2", "R3"})
    CHECK(command.in_command[unit(state, rifle)]);
  // C and Picton are beyond Wellington's range: out of command, C an ordinary unit of the same [5].
  CHECK_FALSE(command.in_command[unit(state, "C")]);
  // Wellington's one point of capacity goes to A or to B; R2, within his range, took none of it.
  CHECK(command.in_command[unit(state, "A")] != command.in_command[unit(state, "B")]);
  CHECK(std::none_of(command.links.begin(), command.links.end(), [&](const CommandLink& link) {
    return link.receiver == unit(state, "R1") || link.receiver == unit(state, "R2") ||
           link.receiver == unit(state, "R3");
  }));
}

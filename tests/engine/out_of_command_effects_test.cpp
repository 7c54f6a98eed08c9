// 16.15 Out of Command Effects, which supersedes 11.3: out-of-command units pay 2 MP for a clear hex
// and may enter enemy ZOCs; a Dr against them attacking, or an Ae or Ar against them defending, is no
// effect; they never advance. On small hand-built games with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>

using namespace hd::test;

namespace {

const std::string kLeaders =
    "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
    "Wellington\tWellington\tallied\tcommander\t\t4\t\n";

const std::vector<TestUnit> kUnits{{"french", "A", "infantry", 4, 4, "[1]"},
                                   {"allied", "X", "infantry", 4, 4, "[N2]"},
                                   {"allied", "Big", "infantry", 20, 4, "[N2]"}};

// With 16.15 (a variant rule's special line, as a chosen optional rule puts it in force) or without.
GameState ooc_game(const std::string& setup, bool with_16_15) {
  const std::string rules =
      std::string("rules 1.0-11.0\n") + (with_16_15 ? "special 16.15 \"Out of command effects\"\n" : "");
  return make_game_with_leaders("", kUnits, kLeaders, rules + setup, "turns 16/1400 16/1600\n", 20, 20);
}

}  // namespace

TEST_CASE("16.15A out of command: 2 MP a clear hex, and enemy ZOCs may be entered", "[rules][16.15A]") {
  // No French leader: A is out of command. X stands two hexes east of A's path.
  auto state = ooc_game("setup french 0505 : A\nsetup allied 0705 : X Wellington\n", true);
  REQUIRE(out_of_command(state, unit(state, "A")));
  REQUIRE(rule_in_force(*state.rules, "16.15"));
  // Two clear hexes at 2 MP each use up A's 4 MP; a third is too far.
  CHECK(refused_by(state, Side::French, move(state, "A", {"0504", "0503"})) == "");
  CHECK(refused_by(state, Side::French, move(state, "A", {"0504", "0503", "0502"})) == "5.1");
  // 0605 is in X's ZOC: 11.3A would bar it; under 16.15 it may be entered.
  REQUIRE(in_enemy_zoc(state, hx("0605"), Side::French));
  CHECK(refused_by(state, Side::French, move(state, "A", {"0605"})) == "");

  auto standard = ooc_game("setup french 0505 : A\nsetup allied 0705 : X Wellington\n", false);
  CHECK(refused_by(standard, Side::French, move(standard, "A", {"0504", "0503", "0502"})) == "");
  CHECK(refused_by(standard, Side::French, move(standard, "A", {"0605"})) == "11.3A");
}

TEST_CASE("16.15B a Dr against out-of-command attackers is no effect; they may not advance",
          "[rules][16.15B]") {
  auto state = ooc_game("setup french 0505 : A\nsetup allied 0506 : X Wellington\n", true);
  REQUIRE(out_of_command(state, unit(state, "A")));
  to_french_combat(state);
  const auto events = apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 1-1, 1: Dr
  CHECK(resolved(events) == CombatResult::NoEffect);
  CHECK(state.pending_retreats.empty());  // both remain in place
  CHECK_FALSE(state.pending_advance);
  CHECK(state.units[unit(state, "X")].hex == hx("0506"));
  CHECK(state.units[unit(state, "A")].hex == hx("0505"));
  // A De stands (4-1, 1), but the out-of-command attacker does not advance.
  auto strong = ooc_game("setup french 0505 : A\nsetup allied 0506 : X Wellington\n", true);
  strong.units[unit(strong, "X")].full_strength = 1;
  to_french_combat(strong);
  const auto de = apply(strong, Side::French, attack(strong, {"A"}, {"X"}), die(1));
  CHECK(resolved(de) == CombatResult::DefenderEliminated);
  CHECK(refused_by(strong, Side::French, AdvanceAction{unit(strong, "A"), hx("0506")}) == "16.15B");
}

TEST_CASE("16.15C an Ae or Ar against out-of-command defenders is no effect", "[rules][16.15C]") {
  // 4 against 20 at 1-5: a 1 is an Ar, a 3 an Ae. Big's command status is that of the Coalition's
  // command segment, so the attack comes in the second turn.
  for (const int shown : {1, 3}) {
    auto state = ooc_game("setup french 0503 : A\nsetup french 0502 : Ney\nsetup allied 0506 : Big\n", true);
    while (!(state.turn == 1 && state.phasing == Side::French))
      apply(state, state.phasing, EndPhaseAction{}, no_dice());
    REQUIRE(out_of_command(state, unit(state, "Big")));
    REQUIRE_FALSE(out_of_command(state, unit(state, "A")));
    apply(state, Side::French, move(state, "A", {"0504", "0505"}), no_dice());
    to_french_combat(state);
    const auto events = apply(state, Side::French, attack(state, {"A"}, {"Big"}), die(shown));
    CHECK(resolved(events) == CombatResult::NoEffect);
    CHECK(state.units[unit(state, "A")].on_map());
    CHECK(state.pending_retreats.empty());
    CHECK_FALSE(state.pending_advance);
  }
}

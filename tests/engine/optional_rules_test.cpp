// Optional rules 15.1 (combined arms attacks) and 15.2 (Imperial Guard), switched per game through
// Ruleset::optional_rules (their modules then in force). Each case runs with the rule off and on.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/optional/optional_rules.hpp>
#include <hd/engine/state/state_snapshot.hpp>

#include <algorithm>
#include <memory>
#include <string>

using namespace hd::test;

namespace {

// Switches optional rules on for this game.
// As if the game had opened with them: the rules newly in force open too (15.2 makes its slot).
void play_with(GameState& state, std::vector<std::string> optional_rules) {
  const std::vector<const RuleModule*> before = state.rules->modules;
  change_rules(state, [&](Ruleset& rules) { rules.optional_rules = optional_rules; });
  for (const RuleModule* module : state.rules->modules)
    if (module->hooks.opening && std::find(before.begin(), before.end(), module) == before.end())
      module->hooks.opening(state);
}

// Infantry north of X, cavalry north-east, artillery two hexes north (bombarding) and south-west
// (adjacent); Y is a second defender hex beside X.
GameState arms_game(int x_strength) {
  return make_game("",
                   {{"french", "Inf", "infantry", 4, 4},
                    {"french", "Rif", "rifles", 4, 4},
                    {"french", "Cav", "cavalry", 4, 6},
                    {"french", "Gun", "foot_artillery", 2, 4},
                    {"french", "Adj", "horse_artillery", 2, 6},
                    {"allied", "X", "infantry", x_strength, 4},
                    {"allied", "Y", "infantry", 1, 4}},
                   "setup french 0504 : Inf\nsetup french 0506 : Rif\nsetup french 0604 : Cav\n"
                   "setup french 0503 : Gun\nsetup french 0405 : Adj\nsetup allied 0505 : X\n"
                   "setup allied 0605 : Y\n");
}

}  // namespace

TEST_CASE("15.1 combined arms: infantry, cavalry and bombarding artillery shift the odds one column",
          "[rules][15.1]") {
  auto state = arms_game(6);
  to_french_combat(state);
  const auto action = attack(state, {"Inf", "Cav"}, {"X"}, {"Gun"});
  const auto off = compute_odds(state, action);
  CHECK(off.attack == 10);
  CHECK(off.computed.to_string() == "1-1");
  CHECK_FALSE(has_modifier(off, "15.1"));
  play_with(state, {"15.1"});
  const auto on = compute_odds(state, action);
  CHECK(on.computed.to_string() == "2-1");
  CHECK(on.used.to_string() == "2-1");
  CHECK(has_modifier(on, "(15.1)"));
  // 6.2C still reduces from the shifted column.
  auto reduced = action;
  reduced.odds_reduction = 1;
  CHECK(compute_odds(state, reduced).used.to_string() == "1-1");
  const auto events = apply(state, Side::French, action, die(4));  // 2-1, 4: Dr (1-1 would be Ar)
  CHECK(std::get<CombatResolvedEvent>(events.front()).result == CombatResult::DefenderRetreat);
}

TEST_CASE("15.1 adjacent artillery counts; rifles count as infantry", "[rules][15.1]") {
  auto state = arms_game(6);
  to_french_combat(state);
  play_with(state, {"15.1"});
  CHECK(has_modifier(compute_odds(state, attack(state, {"Inf", "Cav", "Adj"}, {"X"})), "(15.1)"));
  CHECK(has_modifier(compute_odds(state, attack(state, {"Rif", "Cav", "Adj"}, {"X"})), "(15.1)"));
}

TEST_CASE("15.1 no shift without all three arms or against more than one hex", "[rules][15.1]") {
  auto state = arms_game(6);
  to_french_combat(state);
  play_with(state, {"15.1"});
  CHECK_FALSE(has_modifier(compute_odds(state, attack(state, {"Inf", "Cav"}, {"X"})), "15.1"));
  CHECK_FALSE(has_modifier(compute_odds(state, attack(state, {"Inf", "Adj"}, {"X"})), "15.1"));
  CHECK_FALSE(has_modifier(compute_odds(state, attack(state, {"Cav"}, {"X"}, {"Gun"})), "15.1"));
  // Cav (0604) is adjacent to X (0505) and Y (0605); so is Rif (0506); Gun bombards X.
  const auto two_hexes = compute_odds(state, attack(state, {"Cav", "Rif"}, {"X", "Y"}, {"Gun"}));
  CHECK_FALSE(has_modifier(two_hexes, "15.1"));
}

TEST_CASE("15.1 a 6-1 attack remains 6-1", "[rules][15.1]") {
  auto state = arms_game(1);
  to_french_combat(state);
  play_with(state, {"15.1"});
  const auto odds = compute_odds(state, attack(state, {"Inf", "Cav"}, {"X"}, {"Gun"}));
  CHECK(odds.computed.to_string() == "6-1");
  CHECK(has_modifier(odds, "6-1 remains 6-1 (15.1)"));
}

TEST_CASE("15.2 Guard infantry repulsed (Ae, Ar, Ex) in a French combat phase costs 20 demoralization",
          "[rules][15.2]") {
  auto state = make_game("",
                         {{"french", "Gr", "infantry", 4, 4, "[G]"},
                          {"french", "Line", "infantry", 4, 4},
                          {"french", "GCav", "cavalry", 4, 6, "[G]"},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "W", "infantry", 4, 4}},
                         "setup french 0504 : Gr\nsetup french 0704 : Line\nsetup french 0104 : GCav\n"
                         "setup allied 0505 : X\nsetup allied 0705 : W\nmorale french demoralization 30\n");
  to_french_combat(state);
  const auto guard_attack = attack(state, {"Gr"}, {"X"});
  CHECK_FALSE(imperial_guard_setback(state, guard_attack, CombatResult::AttackerRetreat, false));
  play_with(state, {"15.2"});
  const GameState opened = state;  // as the game opened with 15.2: its slot made
  CHECK(imperial_guard_setback(state, guard_attack, CombatResult::AttackerEliminated, false));
  CHECK(imperial_guard_setback(state, guard_attack, CombatResult::AttackerRetreat, false));
  CHECK(imperial_guard_setback(state, guard_attack, CombatResult::Exchange, false));
  CHECK_FALSE(imperial_guard_setback(state, guard_attack, CombatResult::DefenderRetreat, false));
  CHECK_FALSE(imperial_guard_setback(state, guard_attack, CombatResult::DefenderEliminated, false));
  // Exception 1: the attack demoralized or disintegrated the Prussian or Allied army.
  CHECK_FALSE(imperial_guard_setback(state, guard_attack, CombatResult::Exchange, true));
  // Only Guard infantry.
  CHECK_FALSE(
      imperial_guard_setback(state, attack(state, {"Line"}, {"W"}), CombatResult::AttackerRetreat, false));
  CHECK_FALSE(
      imperial_guard_setback(state, attack(state, {"GCav"}, {"X"}), CombatResult::AttackerRetreat, false));
  // Only in the French combat phase.
  auto coalition_turn = state;
  coalition_turn.phasing = Side::Coalition;
  CHECK_FALSE(imperial_guard_setback(coalition_turn, guard_attack, CombatResult::AttackerRetreat, false));
  // Resolved: the combat's record carries the setback.
  const auto events = apply(state, Side::French, guard_attack, die(5));  // 1-1, 5: Ar
  const auto& resolved = std::get<CombatResolvedEvent>(events.front());
  CHECK(resolved.result == CombatResult::AttackerRetreat);
  CHECK(has_modifier(resolved.odds, "(15.2)"));
  // The French level drops from 30 to 10 for the rest of the game.
  CHECK(imperial_guard_repulses(state) == 1);
  CHECK(morale_levels(state, Army::French).first == 10);
  // The slot is in the opening state, so a snapshot taken after the repulse reads back onto it (a
  // slot first added at the repulse did not).
  const auto restored = restore_state(opened, snapshot_state(state));
  REQUIRE(restored);
  CHECK(imperial_guard_repulses(*restored) == 1);
  CHECK(state_hash(*restored) == state_hash(state));
}

TEST_CASE("15.2 exception 1: a Guard Ex that demoralizes the Allied army costs nothing", "[rules][15.2]") {
  auto state = make_game("", {{"french", "Gr", "infantry", 8, 4, "[G]"}, {"allied", "X", "infantry", 2, 4}},
                         "setup french 0504 : Gr\nsetup allied 0505 : X\n"
                         "morale allied demoralization 2 disintegration 40\n");
  to_french_combat(state);
  play_with(state, {"15.2"});
  const auto events = apply(state, Side::French, attack(state, {"Gr"}, {"X"}), die(6));  // 4-1, 6: Ex
  const auto& resolved = std::get<CombatResolvedEvent>(events.front());
  CHECK(resolved.result == CombatResult::Exchange);
  CHECK(state.demoralized[static_cast<std::size_t>(Army::Allied)]);
  CHECK_FALSE(has_modifier(resolved.odds, "15.2"));
}

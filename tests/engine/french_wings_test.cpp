// 27.1A (Grand Waterloo's French wings), with 27.3's levels and 27.5B's Coalition condition, on small
// hand-built games with forced dice: each wing's losses and morale apart, each wing's commanders
// commanding only their wing, and the combination on a right-wing attack on the Allies.
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>

#include <algorithm>

using namespace hd::test;

namespace {

// Napoleon (capacity 4) and Grouchy (capacity 1) with no officers: every unit is commanded directly.
const std::string kCommanders =
    "Napoleon\tNapoleon\tfrench\tcommander\t\t4\t\n"
    "Grouchy\tMarshal Grouchy\tfrench\tcommander\t\t1\t\n";

// Column 29 splits the wings: L is of the left wing, R1, R3 and R4 of the right.
const std::vector<TestUnit> kUnits{
    {"french", "L", "infantry", 60, 4, "[2]"},     {"french", "L2", "infantry", 4, 4, "[2]"},
    {"french", "R1", "infantry", 24, 4, "[3]"},    {"french", "R3", "infantry", 30, 4, "[3]"},
    {"french", "R4", "infantry", 30, 4, "[3]"},    {"prussian", "P", "infantry", 150, 4, "[1]"},
    {"prussian", "P2", "infantry", 150, 4, "[1]"}, {"prussian", "P3", "infantry", 360, 4, "[1]"},
    {"allied", "A", "infantry", 4, 4, "[1]"}};

const std::string kMorale =
    "morale french demoralization 60\nmorale prussian demoralization 900 disintegration 990\n"
    "morale allied demoralization 900 disintegration 990\n"
    "victory coalition win \"the French left wing demoralized, or the combined army\" : french demoralized\n";

const std::string kWings =
    "special 27.1A \"French wings\"\nspecial 27.3 \"levels\"\nspecial 27.5B \"Coalition condition\"\n";

GameState wings_game(const std::string& rules, const std::string& setup) {
  return make_game_with_leaders("", kUnits, kCommanders, rules + kMorale + setup, "turns 16/1400 16/1600\n",
                                44, 24);
}

int french_level(const GameState& state) {
  return morale_levels(state, Army::French).first.value_or(-1);
}

bool french_demoralized(const GameState& state) {
  return state.demoralized[static_cast<std::size_t>(Army::French)];
}

// The 27.1A RuleEvent of `kind` among `events`, if any.
const RuleEvent* wings_event(const std::vector<Event>& events, const std::string& kind) {
  for (const Event& event : events)
    if (const auto* rule = std::get_if<RuleEvent>(&event);
        rule && rule->rule == "27.1A" && rule->kind == kind)
      return rule;
  return nullptr;
}

// The victors of the last combat do not advance (6.7).
void no_advance(GameState& state) {
  if (state.pending_advance) apply(state, state.pending_advance->side, AdvanceAction{}, no_dice());
}

bool in_command_now(const GameState& state, const char* id) {
  return trace_command(state, Side::French).in_command[unit(state, id)];
}

}  // namespace

TEST_CASE("27.1A, 27.3 each wing's losses count against its own level; the left wing's ends the game",
          "[rules][27.1A][27.3][27.5B]") {
  // R3 and R4 (right wing, 30 each) must attack P and P2 at 1-5; L (left wing, 60) P3 at 1-5 (1-6).
  const std::string setup =
      "setup french 4011 : R3\nsetup prussian 4010 : P\nsetup french 4211 : R4\nsetup prussian 4210 : P2\n"
      "setup french 0505 : L\nsetup prussian 0506 : P3\n";
  auto state = wings_game("rules 1.0-9.0\n" + kWings, setup);
  to_french_combat(state);
  CHECK(french_level(state) == 60);

  // 30 lost by the right wing: its level (30) is reached; the army's (the left wing's) is not.
  auto events = apply(state, Side::French, attack(state, {"R3"}, {"P"}), die(3));  // 1-5, 3: Ae
  no_advance(state);
  const RuleEvent* demoralized = wings_event(events, "right-wing-demoralized");
  REQUIRE(demoralized);
  CHECK(demoralized->numbers == std::vector<int>{30, 30});
  CHECK_FALSE(french_demoralized(state));
  CHECK(french_level(state) == 90);  // the left wing's 60, measured against its own losses (none)
  // 9.3 reaches the right wing's units only.
  CHECK(suffers_demoralization(state, state.units[unit(state, "R4")]));
  CHECK_FALSE(suffers_demoralization(state, state.units[unit(state, "L")]));

  // Another 30 of the right wing: 60 French losses, still no army demoralization.
  apply(state, Side::French, attack(state, {"R4"}, {"P2"}), die(3));
  no_advance(state);
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 60);
  CHECK_FALSE(french_demoralized(state));
  CHECK(state.phase == Phase::Combat);

  // 60 lost by the left wing: demoralized before combination, a Coalition victory at once (27.1A).
  apply(state, Side::French, attack(state, {"L"}, {"P3"}), die(3));
  CHECK(french_demoralized(state));
  REQUIRE(state.result);
  CHECK(state.result->winner == Side::Coalition);
  CHECK(state.phase == Phase::GameOver);

  CHECK(state.result->text.find("27.1A") != std::string::npos);

  // Without 27.1A the same 60 right-wing losses demoralize the whole army, and the game goes on to
  // its end (the scenario's Coalition condition is judged then).
  auto plain = wings_game("rules 1.0-9.0\n", setup);
  to_french_combat(plain);
  apply(plain, Side::French, attack(plain, {"R3"}, {"P"}), die(3));
  no_advance(plain);
  apply(plain, Side::French, attack(plain, {"R4"}, {"P2"}), die(3));
  CHECK(french_demoralized(plain));
  CHECK_FALSE(plain.result);
}

TEST_CASE("27.1A until the wings combine each wing's commanders command only their own wing",
          "[rules][27.1A]") {
  // Napoleon reaches L2 (left) and R1 (right); Grouchy is far away.
  const std::string setup =
      "setup french 2810 : Napoleon\nsetup french 2610 : L2\nsetup french 3010 : R1\n"
      "setup french 4020 : Grouchy\n";
  const auto plain = wings_game("rules 1.0-11.0\n", setup);
  CHECK(in_command_now(plain, "L2"));
  CHECK(in_command_now(plain, "R1"));
  const auto wings = wings_game("rules 1.0-11.0\n" + kWings, setup);
  CHECK(in_command_now(wings, "L2"));
  CHECK_FALSE(in_command_now(wings, "R1"));  // of the right wing: Grouchy's, and he is out of range
  // Grouchy, within five hexes, commands R1 (his capacity of 1).
  const auto near =
      wings_game("rules 1.0-11.0\n" + kWings,
                 "setup french 2810 : Napoleon\nsetup french 2610 : L2\nsetup french 3010 : R1\n"
                 "setup french 3210 : Grouchy\n");
  const CommandStructure structure = trace_command(near, Side::French);
  CHECK(std::count(structure.links.begin(), structure.links.end(),
                   CommandLink{unit(near, "Grouchy"), unit(near, "R1")}) == 1);
}

namespace {

// Napoleon at 2810 (left wing) and Grouchy at 3010 (right wing, within Napoleon's five hexes) with R1
// at 3011; the Allied A at 3014, two hexes from R1's path. R3 must attack P (1-5) on the first turn.
std::string combination_setup(const char* napoleon_hex) {
  return std::string("setup french ") + napoleon_hex +
         " : Napoleon\nsetup french 3010 : Grouchy\nsetup french 3011 : R1\nsetup allied 3014 : A\n"
         "setup french 4011 : R3\nsetup prussian 4010 : P\n";
}

// Plays the first turn (R3's attack on P: Ae with `die_for_r3`), then the second turn's French
// movement up to the combat phase with R1 next to A (3013). Returns nothing; REQUIREs each step.
void to_second_french_combat(GameState& state, int die_for_r3) {
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"R3"}, {"P"}), die(die_for_r3));
  no_advance(state);
  while (!(state.turn == 1 && state.phasing == Side::French))
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Movement);
  apply(state, Side::French, move(state, "R1", {"3012", "3013"}), no_dice());
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Combat);
}

}  // namespace

TEST_CASE(
    "27.1A the wings combine when a unit Grouchy commands attacks the Allies, Grouchy within "
    "Napoleon's range; a demoralized right wing recovers",
    "[rules][27.1A][27.3]") {
  auto state = wings_game("rules 1.0-11.0\n" + kWings, combination_setup("2810"));
  to_second_french_combat(state, 3);  // R3 eliminated: 30 lost, the right wing demoralized
  CHECK(suffers_demoralization(state, state.units[unit(state, "R1")]));
  CHECK(french_level(state) == 90);  // 60 + the right wing's 30
  const auto events = apply(state, Side::French, attack(state, {"R1"}, {"A"}), die(1));  // 6-1, 1: De
  const RuleEvent* combined = wings_event(events, "combined-recovered");
  REQUIRE(combined);
  CHECK(combined->units == std::vector<UnitIndex>{unit(state, "R1")});
  CHECK(combined->numbers == std::vector<int>{30, 90});  // French losses, the combined army's level
  CHECK(french_level(state) == 90);                      // 90 now against all French losses
  CHECK_FALSE(suffers_demoralization(state, state.units[unit(state, "R1")]));
  CHECK_FALSE(french_demoralized(state));
  // Combined: one army for command too.
  CHECK(rules_unit_terms(state, state.units[unit(state, "R1")]).command_part == 0);
}

TEST_CASE("27.1A no combination with Grouchy out of Napoleon's range, nor on an attack on the Prussians",
          "[rules][27.1A]") {
  // Napoleon far to the west: the same attack leaves the wings apart.
  auto far = wings_game("rules 1.0-11.0\n" + kWings, combination_setup("0510"));
  to_second_french_combat(far, 6);  // 1-5, 6: Ae as well
  const auto events = apply(far, Side::French, attack(far, {"R1"}, {"A"}), die(1));
  CHECK_FALSE(wings_event(events, "combined"));
  CHECK_FALSE(wings_event(events, "combined-recovered"));
  CHECK(french_level(far) == 90);  // still the left wing's 60 plus the right wing's losses
  CHECK(suffers_demoralization(far, far.units[unit(far, "R1")]));

  // A right-wing attack on a Prussian unit does not combine them either (R3 on P, Grouchy's R3).
  auto prussian = wings_game("rules 1.0-11.0\n" + kWings,
                             "setup french 2810 : Napoleon\nsetup french 3010 : Grouchy\n"
                             "setup french 3011 : R3\nsetup prussian 3012 : P\n");
  to_french_combat(prussian);
  const auto on_prussians = apply(prussian, Side::French, attack(prussian, {"R3"}, {"P"}), die(2));  // Ar
  CHECK_FALSE(wings_event(on_prussians, "combined"));
  CHECK(french_level(prussian) == 60);
}

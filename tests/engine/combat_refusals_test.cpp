// Combat rules whose refusal names the rule that refuses (7.4A, 8.2C, 6.7C; 9.3 is with 9.2 in
// combat_rules_test.cpp), on small hand-built situations with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/rules/combat/combat_options.hpp>

using namespace hd::test;

TEST_CASE("7.4A artillery owed to an adjacent enemy may not be left out of that attack and bombard elsewhere",
          "[rules][7.4A]") {
  // Art (0504) is in X's ZOC (0505) as the phase begins; Y (0502) is two hexes from Art.
  auto state = make_game("",
                         {{"french", "Art", "foot_artillery", 4, 4},
                          {"french", "B", "infantry", 30, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Y", "infantry", 2, 4}},
                         "setup french 0504 : Art\nsetup french 0506 : B\nsetup allied 0505 : X\n"
                         "setup allied 0502 : Y\n");
  to_french_combat(state);
  REQUIRE(state.units[unit(state, "Art")].must_fight);
  // 6.1: B may attack X without Art (the phasing player assigns attackers) ...
  apply(state, Side::French, attack(state, {"B"}, {"X"}), die(1));  // 6-1, 1: De
  REQUIRE(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
  apply(state, Side::French, AdvanceAction{}, no_dice());
  // ... but Art, out of any EZOC now, still may not bombard Y (7.4A), nor is it offered to.
  CHECK_FALSE(in_enemy_zoc(state, state.units[unit(state, "Art")].hex, Side::French));
  CHECK(refused_by(state, Side::French, attack(state, {}, {"Y"}, {"Art"})) == "7.4A");
  for (const CombatOption& option : combat_options(state))
    CHECK(std::find(option.bombarding.begin(), option.bombarding.end(), unit(state, "Art")) ==
          option.bombarding.end());
  // Its obligation can no longer be met, so the phase may end (6.1 read as "must fight if it can").
  CHECK(refused_by(state, Side::French, EndPhaseAction{}) == "");

  // Artillery that began the phase out of every EZOC bombards as before.
  auto free = make_game("", {{"french", "Art", "foot_artillery", 4, 4}, {"allied", "Y", "infantry", 2, 4}},
                        "setup french 0504 : Art\nsetup allied 0502 : Y\n");
  to_french_combat(free);
  CHECK(refused_by(free, Side::French, attack(free, {}, {"Y"}, {"Art"})) == "");
}

TEST_CASE("8.2C a demoralized chateau defender may not ignore a Dr, and is told why", "[rules][8.2C]") {
  auto state = make_game("chateau \"C\" : 0506\n",
                         {{"french", "A", "infantry", 8, 4},
                          {"allied", "X", "infantry", 2, 4},
                          {"allied", "Lost", "infantry", 1, 4}},
                         "setup french 0505 : A\nsetup allied 0506 : X\nsetup allied 0101 : Lost\n"
                         "morale allied demoralization 1\n");
  to_french_combat(state);
  state.eliminated_strength[static_cast<std::size_t>(Army::Allied)] = 1;  // demoralized before this combat
  state.units[unit(state, "Lost")].status = UnitStatus::Eliminated;
  state.demoralized[static_cast<std::size_t>(Army::Allied)] = true;
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(2));  // 8 to 2 untripled (8.2) = 4-1, 2: Dr
  REQUIRE(state.pending_retreats.size() == 1u);
  CHECK_FALSE(state.pending_retreats.front().may_stay);
  const auto refusal =
      validate(state, Side::Coalition, RetreatAction{unit(state, "X"), std::nullopt, std::nullopt, true});
  REQUIRE(refusal);
  CHECK(refusal->rule == "8.2C");
  CHECK(refusal->code == RefusalCode::DemoralizedMayNotStay);
  CHECK(describe(*refusal, state).find("demoralized") != std::string::npos);
}

TEST_CASE("6.7C a unit that advanced may neither attack nor be attacked later in the phase",
          "[rules][6.7C]") {
  // A advances into 0506 after X retreats; attacking Y is refused for the advance, before anything else.
  auto state = make_game("",
                         {{"french", "A", "infantry", 8, 4},
                          {"french", "C", "infantry", 8, 4},
                          {"allied", "X", "infantry", 4, 4},
                          {"allied", "Y", "infantry", 1, 4}},
                         "setup french 0505 : A\nsetup french 0808 : C\nsetup allied 0506 : X\n"
                         "setup allied 0508 : Y\n");
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 2-1, 1: Dr
  apply(state, Side::Coalition, RetreatAction{unit(state, "X"), hx("0406"), std::nullopt, false}, no_dice());
  apply(state, Side::French, AdvanceAction{unit(state, "A"), hx("0506")}, no_dice());
  REQUIRE(state.units[unit(state, "A")].hex == hx("0506"));
  const auto refusal = validate(state, Side::French, attack(state, {"A"}, {"Y"}));
  REQUIRE(refusal);
  CHECK(refusal->rule == "6.7C");
  CHECK(refusal->code == RefusalCode::AdvancedAfterCombat);
  CHECK(describe(*refusal, state).find("advanced") != std::string::npos);
}

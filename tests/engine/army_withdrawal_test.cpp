// An army leaving play whole (24.4D: the Allies once demoralized, in Grand Ligny; 27.2D: the
// Prussians once disintegrated, in Grand Waterloo) on small hand-built games with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>

#include <string>
#include <vector>

using namespace hd::test;

namespace {

const std::string kLeaders = "Wellington\tWellington\tallied\tcommander\t\t4\t\n";

// Whether every unit named is withdrawn, and the other units' statuses kept.
bool withdrawn(const GameState& state, std::vector<const char*> ids) {
  for (const char* id : ids)
    if (state.units[unit(state, id)].status != UnitStatus::Withdrawn) return false;
  return true;
}

// The words of the first "withdrawn" RuleEvent among `events`, or "".
std::string withdrawal_text(const GameState& state, const std::vector<Event>& events) {
  for (const RuleEvent& event : events_of<RuleEvent>(events))
    if (event.kind == "withdrawn") return format_event(state, event);
  return "";
}

}  // namespace

TEST_CASE(
    "24.4D once the Allied army is demoralized, all its units leave the map, once the combat that "
    "demoralized it is done",
    "[rules][24.4D]") {
  const std::string body =
      "rules 1.0-10.0\n"
      "setup french 0505 : A\nsetup allied 0506 : X\nsetup allied 1010 : Y Wellington\n"
      "setup prussian 0202 : P\nreinforce allied 16/1600 at 1212 : Z\n"
      "morale allied demoralization 4 disintegration 10\n";
  const std::vector<TestUnit> units{{"french", "A", "infantry", 24, 4},
                                    {"allied", "X", "infantry", 4, 4},
                                    {"allied", "Y", "infantry", 4, 4},
                                    {"allied", "Z", "infantry", 4, 4},
                                    {"prussian", "P", "infantry", 4, 4}};
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game_with_leaders("", units, kLeaders,
                                        body + (rule ? "special 24.4D \"Allied withdrawal\"\n" : ""));
    to_french_combat(state);
    apply(state, Side::French, attack(state, {"A"}, {"X"}), die(1));  // 6-1, 1: De
    const auto allied = static_cast<std::size_t>(Army::Allied);
    REQUIRE(state.demoralized[allied]);
    // A's advance is still to be decided: the combat is not done, so the Allies are still here.
    REQUIRE(state.pending_advance);
    CHECK(state.units[unit(state, "Y")].status == UnitStatus::OnMap);
    const auto events = apply(state, Side::French, AdvanceAction{}, no_dice());
    if (!rule) {
      CHECK(state.units[unit(state, "Y")].on_map());
      CHECK(withdrawal_text(state, events).empty());
      continue;
    }
    // On the map or waiting, leaders too; the eliminated X stays eliminated, the Prussian stays.
    CHECK(withdrawn(state, {"Y", "Wellington", "Z"}));
    CHECK(state.units[unit(state, "X")].status == UnitStatus::Eliminated);
    CHECK(state.units[unit(state, "P")].on_map());
    CHECK(state.eliminated_strength[allied] == 4);  // withdrawal is no loss
    CHECK(state.units_at(hx("1010")).empty());
    CHECK(withdrawal_text(state, events) == "the Allied army withdraws: 3 units leave the map (24.4D)");
    // The Coalition's turn: a withdrawn unit neither moves nor enters, citing the rule.
    while (state.phasing != Side::Coalition || state.phase != Phase::Movement)
      apply(state, state.phasing, EndPhaseAction{}, no_dice());
    CHECK(refused_by(state, Side::Coalition, move(state, "Y", {"1011"})) == "24.4D");
    CHECK(refused_by(state, Side::Coalition, move(state, "P", {"0203"})) == "");
  }
}

TEST_CASE("27.2D once the Prussian army disintegrates (not when demoralized), all its units leave the map",
          "[rules][27.2D]") {
  const std::string body =
      "setup french 0505 : A\nsetup french 0808 : B\nsetup prussian 0506 : P\nsetup prussian 0809 : Q\n"
      "setup prussian 1111 : R\nsetup allied 0202 : W\n"
      "morale prussian demoralization 3 disintegration 5\nspecial 27.2D \"Prussian withdrawal\"\n";
  auto state = make_game("",
                         {{"french", "A", "infantry", 24, 4},
                          {"french", "B", "infantry", 24, 4},
                          {"prussian", "P", "infantry", 4, 4},
                          {"prussian", "Q", "infantry", 4, 4},
                          {"prussian", "R", "infantry", 4, 4},
                          {"allied", "W", "infantry", 4, 4}},
                         body);
  const auto prussian = static_cast<std::size_t>(Army::Prussian);
  to_french_combat(state);
  apply(state, Side::French, attack(state, {"A"}, {"P"}), die(1));  // 6-1, 1: De
  apply(state, Side::French, AdvanceAction{}, no_dice());
  REQUIRE(state.demoralized[prussian]);
  REQUIRE_FALSE(state.disintegrated[prussian]);  // 4 lost: not more than 5
  CHECK(state.units[unit(state, "R")].on_map());
  apply(state, Side::French, attack(state, {"B"}, {"Q"}), die(1));  // 6-1, 1: De: 8 lost
  REQUIRE(state.disintegrated[prussian]);
  const auto events = apply(state, Side::French, AdvanceAction{}, no_dice());
  CHECK(withdrawn(state, {"R"}));
  CHECK(state.units[unit(state, "Q")].status == UnitStatus::Eliminated);
  CHECK(state.units[unit(state, "W")].on_map());  // the Allies stay
  CHECK(withdrawal_text(state, events) == "the Prussian army withdraws: 1 unit leaves the map (27.2D)");
}

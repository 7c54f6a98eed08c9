// 16.14 Army Headquarters (with 16.14D's chiefs of staff and 15.4's releases, as 16.14C applies them):
// the line of communications, inactive commanders, the HQ's status and its segment, on small
// hand-built games with forced dice.
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/variant/army_headquarters.hpp>
#include <hd/engine/state/invariants.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::test;

namespace {

const std::string kLeaders =
    "Napoleon\tNapoleon\tfrench\tcommander\t\t4\t\n"
    "Ney\tMarshal Ney\tfrench\tcommander\t\t1\t\n"
    "Soult-CoS\tMarshal Soult\tfrench\tchief_of_staff\t\t1\t16.1C\n"
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n"
    "Derlon\tD'Erlon\tfrench\tofficer\t[2]\t\t\n"
    "French-HQ\tFrench army headquarters\tfrench\theadquarters\t\t\t16.14\n";

const std::vector<TestUnit> kUnits{{"french", "A", "infantry", 4, 4, "[1]"},
                                   {"french", "B", "infantry", 4, 4, "[1]"},
                                   {"french", "D", "infantry", 4, 4, "[2]"},
                                   {"allied", "X", "cavalry", 4, 6, "[N2]"}};

// The French move first on a 40 x 12 clear map. Napoleon, his chief of staff and the active HQ stand at
// 0505 with A; Ney, Reille and B two hexes away; D'Erlon and D at 0509; the Allied X far east.
GameState hq_game() {
  return make_game_with_leaders("", kUnits, kLeaders,
                                "rules 1.0-11.0 16.14\n"
                                "setup french 0505 : A Napoleon Soult-CoS French-HQ\n"
                                "setup french 0705 : B Ney Reille\n"
                                "setup french 0509 : D Derlon\n"
                                "setup allied 4012 : X\n",
                                "turns 16/1400 16/1600\n", 40, 12);
}

void place(GameState& state, std::vector<const char*> ids, const char* hex) {
  for (const char* id : ids)
    state.units[unit(state, id)].hex = hx(hex);
}

// Ends phases (and segments) until the French player's next command phase has been made: the start
// of his movement phase on the next turn; `roll` gives every die on the way.
std::vector<Event> to_next_french_command_phase(GameState& state, const DieRoller& roll) {
  const int turn = state.turn;
  std::vector<Event> events;
  while (!(state.turn > turn && state.phase == Phase::Movement && state.phasing == Side::French)) {
    auto more = apply(state, state.phasing, EndPhaseAction{}, roll);
    events.insert(events.end(), more.begin(), more.end());
  }
  return events;
}

// Ends the HQ segment that closes the French command phase (16.14A): the movement phase proper.
void end_hq_segment(GameState& state) {
  REQUIRE(open_rule_segment(state));
  REQUIRE(open_rule_segment(state)->rule == "16.14");
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE_FALSE(open_rule_segment(state));
  REQUIRE(state.phase == Phase::Movement);
}

RuleAction hq_status(const GameState& state, const char* choice) {
  return RuleAction{"16.14", "headquarters", {unit(state, "French-HQ")}, {}, {}, choice};
}

bool has_rule_event(const std::vector<Event>& events, const char* kind) {
  for (const RuleEvent& e : events_of<RuleEvent>(events))
    if (e.rule == "16.14" && e.kind == kind) return true;
  return false;
}

}  // namespace

TEST_CASE("16.14 an army HQ is a leader-kind piece that gives and receives no command", "[rules][16.14]") {
  const GameState state = hq_game();
  const UnitState& hq = state.units[unit(state, "French-HQ")];
  CHECK(hq.is_leader());
  CHECK(is_headquarters(*state.rules, hq));
  CHECK_FALSE(is_commander(*state.rules, hq));
  CHECK_FALSE(is_officer(*state.rules, hq));
  CHECK(is_commander(*state.rules, state.units[unit(state, "Soult-CoS")]));  // 16.14D: a commander
  const CommandStructure structure = trace_command(state, Side::French);
  CHECK_FALSE(structure.in_command[unit(state, "French-HQ")]);
  CHECK_FALSE(structure.gives_command[unit(state, "French-HQ")]);
  CHECK_FALSE(out_of_command(state, unit(state, "French-HQ")));  // never marked out of command
  CHECK(leader_command_range(state, unit(state, "French-HQ")).hexes.empty());
  CHECK(headquarters_active(state, Army::French));  // 16.14A: set up on the map, active
}

TEST_CASE("16.14C a line of communications runs at most 24 MP, not into enemy-occupied hexes",
          "[rules][16.14C]") {
  GameState state = hq_game();
  const auto reach = communications_reach(state, hx("0505"), Army::French);
  // Clear terrain costs a leader 1 MP a hex: 24 hexes east is the limit.
  CHECK(reach.count(hx("2905")) == 1);
  CHECK(reach.at(hx("2905")) == kCommunicationsHalfMp);
  CHECK(reach.count(hx("3005")) == 0);
  // 14.2 as 16.14C traces it: never into an enemy-occupied hex.
  place(state, {"X"}, "0805");
  CHECK(communications_reach(state, hx("0505"), Army::French).count(hx("0805")) == 0);
  place(state, {"Ney"}, "2905");
  CHECK(traces_communications(state, unit(state, "Ney")));
  place(state, {"Ney"}, "3005");
  CHECK_FALSE(traces_communications(state, unit(state, "Ney")));
}

TEST_CASE("16.14C a commander without a line of communications rolls: inactive on 1-3, no command",
          "[rules][16.14C]") {
  GameState state = hq_game();
  place(state, {"Ney", "Reille", "B"}, "3505");  // beyond 24 MP of the HQ, far from Napoleon
  SECTION("a 3: inactive, and he gives no command") {
    const auto events = to_next_french_command_phase(state, die(3));
    CHECK(commander_inactive(state, unit(state, "Ney")));
    CHECK_FALSE(commander_inactive(state, unit(state, "Napoleon")));  // with the HQ: traced
    const CommandStructure structure = trace_command(state, Side::French);
    CHECK_FALSE(structure.gives_command[unit(state, "Ney")]);
    CHECK(out_of_command(state, unit(state, "Reille")));  // Ney was his only commander in range
    CHECK(out_of_command(state, unit(state, "B")));
    CHECK(count_events<DieRolledEvent>(events) == 1);  // Ney's alone
    // Both sides see him on his inactive side (16.14C), and no one else.
    const GameView seen = view(state, Viewer{Viewer::Kind::Seat, Army::Allied, std::nullopt});
    CHECK(seen.units[unit(state, "Ney")].inactive);
    CHECK_FALSE(seen.units[unit(state, "Napoleon")].inactive);
    CHECK_FALSE(seen.units[unit(state, "French-HQ")].inactive);
  }
  SECTION("a 4: he stays active") {
    to_next_french_command_phase(state, die(4));
    CHECK_FALSE(commander_inactive(state, unit(state, "Ney")));
    CHECK_FALSE(out_of_command(state, unit(state, "Reille")));
  }
  SECTION("an inactive HQ keeps no commander active: each rolls") {
    state.rule_state.get<HeadquartersState>(kHeadquartersRule).inactive_headquarters = {Army::French};
    to_next_french_command_phase(state, die(2));
    CHECK(commander_inactive(state, unit(state, "Napoleon")));
    CHECK(commander_inactive(state, unit(state, "Ney")));
    // 16.14D: with the HQ inactive the chief of staff may give command; he too needed a line.
    CHECK(commander_inactive(state, unit(state, "Soult-CoS")));
  }
}

TEST_CASE(
    "15.4 as 16.14C applies it: an inactive commander is released by a 1, a passing commander or "
    "enemy activity",
    "[rules][16.14C][15.4]") {
  GameState state = hq_game();
  set_commander_inactive(state, unit(state, "Ney"), true);
  SECTION("die roll: a 1 releases him, anything else does not") {
    GameState other = state;
    to_next_french_command_phase(state, die(1));
    CHECK_FALSE(commander_inactive(state, unit(state, "Ney")));
    to_next_french_command_phase(other, die(2));
    CHECK(commander_inactive(other, unit(other, "Ney")));
  }
  SECTION(
      "another released commander: an active commander moving through his hex, at the next command "
      "phase, no die") {
    // Napoleon moves through Ney's hex (0705) and on (he is active).
    end_hq_segment(state);
    const auto refusal = validate(state, Side::French, move(state, "Napoleon", {"0605", "0705", "0805"}));
    INFO((refusal ? refusal->rule : ""));
    apply(state, Side::French, move(state, "Napoleon", {"0605", "0705", "0805"}), no_dice());
    CHECK(commander_inactive(state, unit(state, "Ney")));  // not yet
    place(state, {"Napoleon"}, "0505");                    // back with the HQ: he needs no die
    to_next_french_command_phase(state, no_dice());
    CHECK_FALSE(commander_inactive(state, unit(state, "Ney")));
  }
  SECTION("enemy activity: an enemy unit entering a friendly ZOC within ten hexes releases him at once") {
    place(state, {"X"}, "1005");
    end_hq_segment(state);
    to_french_combat(state);
    apply(state, Side::French, EndPhaseAction{}, no_dice());  // the Coalition movement phase
    REQUIRE(state.phasing == Side::Coalition);
    set_out_of_command(state, unit(state, "X"), false);  // as if an Allied commander were near (11.3A)
    // X enters 0805, in B's ZOC (0705), one hex from Ney.
    const auto events = apply(state, Side::Coalition, move(state, "X", {"0905", "0805"}), no_dice());
    CHECK_FALSE(commander_inactive(state, unit(state, "Ney")));
    CHECK(has_rule_event(events, "released-by-enemy"));
  }
}

TEST_CASE("16.14A an active HQ cannot move; its status changes only in the HQ segment, once",
          "[rules][16.14A]") {
  GameState state = hq_game();
  // The first command phase ends with the HQ segment: the pending decision of a rule.
  REQUIRE(open_rule_segment(state));
  CHECK(open_rule_segment(state)->rule == "16.14");
  CHECK(refused_by(state, Side::French, hq_status(state, "active")) == "16.14A");  // active already
  const auto events = apply(state, Side::French, hq_status(state, "inactive"), no_dice());
  CHECK(has_rule_event(events, "inactive"));
  CHECK_FALSE(headquarters_active(state, Army::French));
  CHECK(view(state, Viewer{}).units[unit(state, "French-HQ")].inactive);
  // Changed once this segment (which closed: no other HQ of the side).
  CHECK_FALSE(open_rule_segment(state));
  // Inactive, it moves like a leader; Napoleon now rolls at the next command phase.
  CHECK(refused_by(state, Side::French, move(state, "French-HQ", {"0605"})) == "");
  GameState active = hq_game();
  end_hq_segment(active);
  CHECK(refused_by(active, Side::French, move(active, "French-HQ", {"0605"})) == "16.14A");
}

TEST_CASE("16.14A an HQ placed in the set-up phase stays active", "[rules][16.14A]") {
  GameState state = make_game_with_leaders("", kUnits, kLeaders,
                                           "rules 1.0-11.0 16.14\n"
                                           "setup french 0505 w/2 : A Napoleon Soult-CoS French-HQ\n"
                                           "setup allied 4012 : X\n",
                                           "turns 16/1400 16/1600\n", 40, 12);
  REQUIRE(state.phase == Phase::Setup);
  for (const char* id : {"A", "French-HQ", "Soult-CoS", "Napoleon"})
    apply(state, Side::French, PlaceAction{unit(state, id), hx("0506")}, no_dice());
  CHECK(headquarters_active(state, Army::French));
}

TEST_CASE("16.14B an HQ in an enemy ZOC becomes inactive and cannot be activated there", "[rules][16.14B]") {
  GameState state = hq_game();
  place(state, {"X"}, "0504");                                                  // adjacent to the HQ's hex
  const auto events = apply(state, Side::French, EndPhaseAction{}, no_dice());  // any action: after it
  CHECK(has_rule_event(events, "ezoc"));
  CHECK_FALSE(headquarters_active(state, Army::French));
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.14D a chief of staff gives no command while the HQ is active; leaving it inactivates it",
          "[rules][16.14D]") {
  GameState state = hq_game();
  place(state, {"Ney", "Reille", "B"}, "3505");
  place(state, {"Derlon", "D"}, "1005");  // five hexes from Napoleon and the chief of staff
  state.units[unit(state, "Napoleon")].status = UnitStatus::Eliminated;  // no other commander in range
  SECTION("the HQ active: the chief of staff commands no one") {
    const CommandStructure structure = trace_command(state, Side::French);
    CHECK_FALSE(structure.gives_command[unit(state, "Soult-CoS")]);
    CHECK_FALSE(structure.in_command[unit(state, "Derlon")]);
  }
  SECTION("the HQ inactive: he does") {
    apply(state, Side::French, hq_status(state, "inactive"), no_dice());
    const CommandStructure structure = trace_command(state, Side::French);
    CHECK(structure.gives_command[unit(state, "Soult-CoS")]);
    CHECK(structure.in_command[unit(state, "Derlon")]);
    // 16.14D: the HQ cannot be made active again while he is away from it.
    place(state, {"Soult-CoS"}, "0605");
    to_next_french_command_phase(state, die(6));
    CHECK(refused_by(state, Side::French, hq_status(state, "active")) == "16.14D");
    place(state, {"Soult-CoS"}, "0505");
    CHECK(refused_by(state, Side::French, hq_status(state, "active")) == "");
  }
  SECTION("he leaves the HQ: it becomes inactive at once") {
    end_hq_segment(state);
    const auto events = apply(state, Side::French, move(state, "Soult-CoS", {"0605"}), no_dice());
    CHECK(has_rule_event(events, "chief-left"));
    CHECK_FALSE(headquarters_active(state, Army::French));
  }
}

TEST_CASE("16.14 the order of battle holds the three army HQs; an unknown role is refused", "[data][16.14]") {
  // The real data: the Campaign Variant places the three HQs; the order of battle knows their role.
  std::vector<DataError> errors;
  const auto oob = OrderOfBattle::load(
      {read_data("armies/units.tsv"), read_data("armies/derived.tsv"), read_data("armies/leaders.tsv")},
      "armies", errors);
  REQUIRE(errors.empty());
  for (const auto& [army, id] :
       {std::pair{Army::French, "French-HQ"}, std::pair{Army::Prussian, "Prussian-HQ"},
        std::pair{Army::Allied, "Allied-HQ"}}) {
    const LeaderDefinition* hq = oob.find_leader(army, id);
    REQUIRE(hq);
    CHECK(hq->role == kRoleHeadquarters);
  }
  // A role the rules do not know is a data error.
  std::vector<DataError> bad;
  OrderOfBattle::load(
      {"id\tname\tarmy\tnationality\tcommand\ttype\tbattalions\tsquadrons\tbatteries\tguns\tmen\t"
       "full_strength\treduced_strength\tmovement\tvalue_source\tvariant\n",
       "army\tid\tfull_strength\treduced_strength\tmovement\tprovenance\n",
       "id\tname\tarmy\trole\tcommand\tcommand_capacity\tvariant\nZ\tZ\tfrench\tgeneral\t\t\t\n"},
      "test", bad);
  REQUIRE(bad.size() == 1u);
  CHECK(bad[0].message.find("role 'general'") != std::string::npos);
}

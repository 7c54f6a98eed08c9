// 12.0 Reorganization, 12.1A-F Reorganization Limitations, 12.2 Reorganizing While Demoralized, and
// 13.3's recovery through it, on small hand-built games with forced dice: the reorganization area,
// the segment (4.1A) with its decision and choices, the action `reorganize OFFICER UNIT [UNIT]`.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/reorganization/reorganization.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::test;

namespace {

// French [1]: A and B (4, reduced 2), E (4), G (1: no reduced side), H (4, set up reduced); French
// [2]: C (4). Allied British X, W and V (20 each) on the far edge, Y (2) in the far corner.
const std::vector<TestUnit> kUnits{
    {"french", "A", "infantry", 4, 4, "1/[1]"},
    {"french", "B", "infantry", 4, 4, "2/[1]"},
    {"french", "E", "infantry", 4, 4, "3/[1]"},
    {"french", "G", "infantry", 1, 4, "[1]"},
    {"french", "H", "infantry", 4, 4, "[1]"},
    {"french", "C", "infantry", 4, 4, "[2]"},
    {"allied", "X", "infantry", 20, 4, "[5]", "british"},
    {"allied", "W", "infantry", 20, 4, "[5]", "british"},
    {"allied", "V", "infantry", 20, 4, "[5]", "british"},
    {"allied", "Y", "infantry", 2, 4, "[5]", "british"},
};

const std::string kLeaders =
    "Ney\tMarshal Ney\tfrench\tcommander\t\t2\t\n"
    "Reille\tReille\tfrench\tofficer\t[1]\t\t\n"
    "Erlon\tErlon\tfrench\tofficer\t[2]\t\t\n"
    "Picton\tPicton\tallied\tofficer\t[5]\t\t\n";

const std::string kLevels =
    "corps-morale french [1] 7\ncorps-morale french [2] 30\nnationality-morale allied british 50\n";

// The combats of the first French combat phase, far from the officers: A and G on X, B on W, H
// (reduced) on V. The officers and E are in the north-west corner, C in 0105.
const std::string kSetup =
    "setup french 1818 : A G\nsetup allied 1819 : X\n"
    "setup french 1218 : B\nsetup allied 1219 : W\n"
    "setup french 0818 : H:r\nsetup allied 0819 : V\n"
    "setup french 0101 : Reille\nsetup french 0201 : Ney\nsetup french 0103 : Erlon\n"
    "setup french 0105 : C\nsetup allied 1901 : Picton Y\n";

// 16/1400 (turn 0), 1500, 1600 (turn 2), 2100 and 17/0000 (night), 18/1200 (turn 5).
GameState reorganization_game(const std::string& rules = "rules 1.0-10.0 12.0\n",
                              const std::string& extra_setup = "setup french 0202 : E\n") {
  return make_game_with_leaders("", kUnits, kLeaders, rules + kLevels + kSetup + extra_setup,
                                "turns 16/1400 18/1200\n", 20, 20);
}

// Ends phases (and segments) until the French movement phase of `turn`.
void play_to_french_movement(GameState& state, int turn) {
  while (!(state.turn == turn && state.phasing == Side::French && state.phase == Phase::Movement &&
           pending_decision(state).kind != DecisionKind::Rule) &&
         !(state.turn == turn && pending_decision(state).kind == DecisionKind::Rule)) {
    REQUIRE(state.phase != Phase::GameOver);
    REQUIRE(state.turn <= turn);
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  }
}

// Turn 0's French combats: A and G (1-4, die 5), B (1-5, die 3) and H (1-5, die 3) are all
// eliminated (Ae); no Allied unit advances.
void lose_the_first_combats(GameState& state) {
  to_french_combat(state);
  // The victorious defender may advance after combat (6.7): the Allies decline each time.
  const auto decline_advance = [&] {
    if (state.pending_advance) apply(state, state.pending_advance->side, AdvanceAction{}, no_dice());
  };
  apply(state, Side::French, attack(state, {"A", "G"}, {"X"}), die(5));
  decline_advance();
  apply(state, Side::French, attack(state, {"B"}, {"W"}), die(3));
  decline_advance();
  apply(state, Side::French, attack(state, {"H"}, {"V"}), die(3));
  decline_advance();
  for (const char* id : {"A", "G", "B", "H"})
    REQUIRE(state.units[unit(state, id)].status == UnitStatus::Eliminated);
}

RuleAction reorganize(const GameState& state, std::vector<const char*> ids) {
  RuleAction action{"12.0", "reorganize", {}, {}, {}, {}};
  for (const char* id : ids)
    action.units.push_back(unit(state, id));
  return action;
}

// The game at the French movement phase of turn 2 (16/1600), its reorganization segment open.
GameState at_first_segment(const std::string& rules = "rules 1.0-10.0 12.0\n",
                           const std::string& extra_setup = "setup french 0202 : E\n") {
  auto state = reorganization_game(rules, extra_setup);
  lose_the_first_combats(state);
  play_to_french_movement(state, 2);
  REQUIRE(pending_decision(state).kind == DecisionKind::Rule);
  return state;
}

}  // namespace

TEST_CASE(
    "12.0 a full-strength unit with a reduced side eliminated in combat goes to the reorganization area",
    "[rules][12.0]") {
  auto state = reorganization_game();
  lose_the_first_combats(state);
  CHECK(reorganization_candidate(state, unit(state, "A")));
  CHECK(reorganization_candidate(state, unit(state, "B")));
  CHECK(reorganization_candidate(state, unit(state, "A"))->eliminated_turn == 0);
  // The deadpile: no reduced side (G, strength 1), or already reduced (H).
  CHECK_FALSE(reorganization_candidate(state, unit(state, "G")));
  CHECK_FALSE(reorganization_candidate(state, unit(state, "H")));
  // Without 12.0 there is no area.
  auto without = reorganization_game("rules 1.0-10.0\n");
  lose_the_first_combats(without);
  CHECK_FALSE(find_reorganization_state(without));
}

TEST_CASE("12.0 and 14.0 a unit removed out of supply is never reorganized", "[rules][12.0][14.0]") {
  // The test map names no supply source: the daily check removes every combat unit.
  auto state = reorganization_game("rules 1.0-10.0 12.0 14.0\n");
  std::vector<Event> events;
  REQUIRE(check_supply(state, events) > 0);
  REQUIRE(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  CHECK(removed_out_of_supply(state, unit(state, "A")));
  CHECK_FALSE(reorganization_candidate(state, unit(state, "A")));
  CHECK(find_reorganization_state(state)->area.empty());
}

TEST_CASE("12.0 a unit is available once a full game turn has passed; the segment opens only then",
          "[rules][12.0][4.1]") {
  auto state = reorganization_game();
  lose_the_first_combats(state);
  play_to_french_movement(state, 1);
  // 16/1500: turn 1 has not passed yet; the segment stays shut and movement goes on.
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  CHECK_FALSE(available_for_reorganization(state, *reorganization_candidate(state, unit(state, "A"))));
  CHECK(refused_by(state, Side::French, reorganize(state, {"Reille", "A"})) == "12.0");
  CHECK(validate(state, Side::French, reorganize(state, {"Reille", "A"}))->code ==
        RefusalCode::RuleSegmentClosed);
  play_to_french_movement(state, 2);
  const PendingDecision pending = pending_decision(state);
  CHECK(pending.kind == DecisionKind::Rule);
  CHECK(pending.rule == "12.0");
  CHECK(pending.side == Side::French);
  CHECK(pending.armies == std::vector<Army>{Army::French});
  CHECK(available_for_reorganization(state, *reorganization_candidate(state, unit(state, "A"))));
}

TEST_CASE("4.1A the reorganization segment comes before movement: a move waits until it is decided or ended",
          "[rules][12.0][4.1]") {
  auto state = at_first_segment();
  const auto refusal = validate(state, Side::French, move(state, "E", {"0203"}));
  REQUIRE(refusal);
  CHECK(refusal->code == RefusalCode::RuleSegmentPending);
  CHECK(refusal->rule == "12.0");
  CHECK(refused_by(state, Side::Coalition, reorganize(state, {"Reille", "A"})) == "4.1");  // not phasing
  // Ending it leaves the area as it was and opens the movement phase.
  const auto events = apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(events.empty());
  CHECK(state.phase == Phase::Movement);
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  CHECK(reorganization_candidate(state, unit(state, "A")));
  const auto moved = validate(state, Side::French, move(state, "E", {"0203"}));
  CHECK_FALSE(moved);
  if (moved) FAIL_CHECK(describe(*moved, state));
}

TEST_CASE("12.0 reorganizing returns the units reduced to the officer's hex", "[rules][12.0]") {
  auto state = at_first_segment();
  const auto events = apply(state, Side::French, reorganize(state, {"Reille", "A", "B"}), no_dice());
  for (const char* id : {"A", "B"}) {
    const UnitState& u = state.units[unit(state, id)];
    CHECK(u.on_map());
    CHECK(u.hex == hx("0101"));
    CHECK(u.reduced);
    CHECK(u.strength() == 2);
    CHECK_FALSE(reorganization_candidate(state, unit(state, id)));
  }
  const auto reported = events_of<RuleEvent>(events);
  REQUIRE(reported.size() == 2);
  CHECK(reported[0].kind == "reorganized");
  CHECK(format_event(state, events[0]) == "A reorganized at Reille in 0101, reduced (12.0)");
  // Nothing more can be reorganized: the segment closes itself and movement begins.
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  // 9.0: back in play, A and B are no longer the army's losses; G and H still are
  // (docs/rules-notes.md, 12.0).
  CHECK(state.eliminated_strength[static_cast<std::size_t>(Army::French)] == 1 + 2);
}

TEST_CASE("12.0 the segment's decision: its choices, their labels, claims and the notation",
          "[rules][12.0]") {
  auto state = at_first_segment();
  const auto choices = decision_choices(state, Side::French);
  std::vector<std::string> labels;
  for (const DecisionChoice& choice : choices)
    labels.push_back(choice.label);
  CHECK(labels ==
        std::vector<std::string>{"reorganize A at Reille in 0101", "reorganize A and B at Reille in 0101",
                                 "reorganize B at Reille in 0101", "end the reorganization segment"});
  CHECK(choices[1].units ==
        std::vector<UnitIndex>{unit(state, "Reille"), unit(state, "A"), unit(state, "B")});
  CHECK(legal_actions(state, Side::French).size() == choices.size());
  CHECK(legal_actions(state, Side::Coalition).empty());
  const ActionClaim claim = claim_of(state, choices[0].action);
  CHECK(claim.side == Side::French);
  CHECK(claim.armies == std::set<Army>{Army::French});
  // The notation round trip.
  const std::string line = format_action(state, Side::French, choices[1].action, {});
  CHECK(line == "french reorganize Reille A B");
  const auto parsed = parse_action_line(state, line);
  REQUIRE(std::holds_alternative<NotatedAction>(parsed));
  CHECK(std::get<RuleAction>(std::get<NotatedAction>(parsed).action) ==
        std::get<RuleAction>(choices[1].action));
  // A seat of the deciding side sees the choices; the other side and spectators do not.
  CHECK(view(state, Viewer{Viewer::Kind::Seat, Army::French, std::nullopt}).choices.size() == choices.size());
  CHECK(view(state, Viewer{Viewer::Kind::Seat, Army::Allied, std::nullopt}).choices.empty());
  CHECK(view(state, Viewer{}).choices.empty());
}

TEST_CASE("12.0 every generated reorganization validates; mutated ones are refused",
          "[rules][12.0][legal-actions]") {
  auto state = at_first_segment();
  const auto actions = legal_actions(state, Side::French);
  REQUIRE(actions.size() == 4);
  for (const Action& action : actions) {
    INFO(format_action(state, Side::French, action, {}));
    CHECK_FALSE(validate(state, Side::French, action));
    CHECK(validate(state, Side::Coalition, action));  // the other side's
    if (const auto* rule_action = std::get_if<RuleAction>(&action)) {
      RuleAction other_rule = *rule_action;
      other_rule.rule = "11.0";  // in force nowhere here, and no segment of its own
      CHECK(validate(state, Side::French, other_rule)->code == RefusalCode::RuleNotInForce);
      RuleAction other_verb = *rule_action;
      other_verb.verb = "dance";
      CHECK(validate(state, Side::French, other_verb)->code == RefusalCode::RuleSegmentClosed);
      RuleAction wrong_officer = *rule_action;
      wrong_officer.units.front() = unit(state, "Erlon");
      CHECK(validate(state, Side::French, wrong_officer));
      RuleAction too_many = *rule_action;
      too_many.units.resize(4, unit(state, "E"));
      CHECK(validate(state, Side::French, too_many)->code == RefusalCode::NoSuchUnit);
    }
  }
}

TEST_CASE("12.0 the random player answers the segment's decision with its choices or `end`",
          "[rules][12.0][random-play]") {
  // The server's built-in seats play the random player: before it knew segments it moved at 12.0's
  // decision, was refused and stopped the unattended campaign.
  const auto state = at_first_segment();
  SplitMix64 random(5);
  int reorganizations = 0, ends = 0;
  for (int draw = 0; draw < 64; ++draw) {
    const Action action = choose_random_action(state, random);
    INFO(format_action(state, Side::French, action, {}));
    REQUIRE_FALSE(validate(state, Side::French, action));
    reorganizations += std::holds_alternative<RuleAction>(action) ? 1 : 0;
    ends += std::holds_alternative<EndPhaseAction>(action) ? 1 : 0;
  }
  CHECK(reorganizations + ends == 64);
  CHECK(reorganizations > 0);
  CHECK(ends > 0);
}

TEST_CASE("12.1A an officer reorganizes only units of his own organization", "[rules][12.1A]") {
  auto state = at_first_segment();
  const auto refusal = validate(state, Side::French, reorganize(state, {"Erlon", "A"}));
  REQUIRE(refusal);
  CHECK(refusal->code == RefusalCode::RuleOwn);  // 12.0's own reason, no core code
  CHECK(refusal->reason == "wrong-organization");
  CHECK(refusal->rule == "12.1A");
  CHECK(describe(*refusal, state) == "A does not belong to Erlon's organization");
  // A commander is no officer (12.0: "the unit's officer").
  CHECK(validate(state, Side::French, reorganize(state, {"Ney", "A"}))->reason == "not-an-officer");
  // Units in the deadpile are not in the area.
  CHECK(validate(state, Side::French, reorganize(state, {"Reille", "G"}))->reason == "not-reorganizable");
  CHECK(validate(state, Side::French, reorganize(state, {"Reille", "H"}))->reason == "not-reorganizable");
  CHECK(validate(state, Side::French, reorganize(state, {"Reille", "E"}))->reason == "not-reorganizable");
  CHECK(validate(state, Side::French, reorganize(state, {"Reille", "A", "A"}))->code ==
        RefusalCode::UnitNamedTwice);
}

TEST_CASE("12.1B an officer within ten hexes of an enemy combat unit does not reorganize", "[rules][12.1B]") {
  auto state = at_first_segment();
  // The hexes of row 01 ten and eleven hexes from Reille's 0101.
  std::optional<Hex> ten, eleven;
  for (int column = 2; column <= 20; ++column) {
    const Hex hex{column, 1};
    if (distance(hx("0101"), hex) == 10 && !ten) ten = hex;
    if (distance(hx("0101"), hex) == 11 && !eleven) eleven = hex;
  }
  REQUIRE(ten);
  REQUIRE(eleven);
  const UnitIndex y = unit(state, "Y");
  state.units[y].hex = *ten;
  const auto refusal = validate(state, Side::French, reorganize(state, {"Reille", "A"}));
  REQUIRE(refusal);
  CHECK(refusal->reason == "officer-near-enemy");
  CHECK(refusal->rule == "12.1B");
  CHECK(refusal->args.at(1).unit == y);
  CHECK(decision_choices(state, Side::French).size() == 1);  // only ending the segment
  state.units[y].hex = *eleven;
  CHECK_FALSE(validate(state, Side::French, reorganize(state, {"Reille", "A"})));
  // An enemy leader does not count (12.1B: "an enemy combat unit"): Picton stands at ten.
  state.units[unit(state, "Picton")].hex = *ten;
  CHECK_FALSE(validate(state, Side::French, reorganize(state, {"Reille", "A"})));
}

TEST_CASE("12.1D an officer who reorganizes gives no command for the rest of the player turn",
          "[rules][12.1D]") {
  auto state = at_first_segment("rules 1.0-12.0\n");
  const UnitIndex reille = unit(state, "Reille");
  CHECK(gave_command(state, reille));
  CHECK_FALSE(out_of_command(state, unit(state, "E")));
  apply(state, Side::French, reorganize(state, {"Reille", "A"}), no_dice());
  CHECK(reorganized_this_turn(state, reille));
  CHECK_FALSE(gave_command(state, reille));
  // His units may receive command from a commander directly: Ney (capacity 2) commands E and A.
  CHECK_FALSE(out_of_command(state, unit(state, "E")));
  CHECK_FALSE(out_of_command(state, unit(state, "A")));
  CHECK(gave_command(state, unit(state, "Ney")));
  // The next French player turn he commands again.
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // movement
  play_to_french_movement(state, 5);
  CHECK_FALSE(reorganized_this_turn(state, reille));
  CHECK(gave_command(state, reille));
}

TEST_CASE("12.1C and 12.1F the officer need not be in command; the units move in the movement phase",
          "[rules][12.1C][12.1F]") {
  auto state = at_first_segment("rules 1.0-12.0\n");
  set_out_of_command(state, unit(state, "Reille"), true);
  CHECK_FALSE(validate(state, Side::French, reorganize(state, {"Reille", "A"})));
  apply(state, Side::French, reorganize(state, {"Reille", "A"}), no_dice());
  REQUIRE(pending_decision(state).kind == DecisionKind::Move);
  CHECK_FALSE(validate(state, Side::French, move(state, "A", {"0102"})));
}

TEST_CASE("12.1E stacking limits apply: the officer's hex takes at most its limit", "[rules][12.1E]") {
  // E stands with Reille: room for one more unit only.
  auto state = at_first_segment("rules 1.0-10.0 12.0\n", "setup french 0101 : E\n");
  const auto refusal = validate(state, Side::French, reorganize(state, {"Reille", "A", "B"}));
  REQUIRE(refusal);
  CHECK(refusal->code == RefusalCode::Overstacked);
  CHECK(refusal->rule == "12.1E");
  CHECK_FALSE(validate(state, Side::French, reorganize(state, {"Reille", "A"})));
  apply(state, Side::French, reorganize(state, {"Reille", "A"}), no_dice());
  // One reorganization per officer a segment: B waits for the next.
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  CHECK(reorganization_candidate(state, unit(state, "B")));
}

TEST_CASE("12.2 a demoralized corps' reorganization is lost on a 5 or 6", "[rules][12.2]") {
  // French [1] lost A, B (4 each), G (1) and H (2): 11, over its level of 7.
  auto state = at_first_segment("rules 1.0-10.0 12.0 13.0\n");
  REQUIRE(corps_demoralized(state, state.units[unit(state, "A")]));
  const auto events = apply(state, Side::French, reorganize(state, {"Reille", "A"}), die(5));
  const auto dice = events_of<DieRolledEvent>(events);
  REQUIRE(dice.size() == 1);
  CHECK(dice[0].rule == "12.2");
  CHECK(dice[0].die == 5);
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Eliminated);
  CHECK_FALSE(reorganization_candidate(state, unit(state, "A")));  // to the deadpile
  CHECK(events_of<RuleEvent>(events).at(0).kind == "lost");
  // The officer is unaffected but attempts no other reorganization this segment.
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  CHECK(reorganization_candidate(state, unit(state, "B")));
  // 4.1, 5.1C: the segment was a step of its own, so its die bars no undo of the movement phase's
  // first move.
  CHECK(state.dice_this_step == 0);
  const auto reach = reachable_hexes(state, unit(state, "E"));
  REQUIRE_FALSE(reach.empty());
  const MoveAction first_move{MoveRequest{unit(state, "E"), reach.front().path, false}};
  apply(state, Side::French, first_move, no_dice());
  CHECK(undo_allowed(state, Side::French, first_move));
}

TEST_CASE("12.2 and 13.3 a reorganization that goes ahead takes the units' strength off the corps' losses",
          "[rules][12.2][13.3]") {
  auto state = at_first_segment("rules 1.0-10.0 12.0 13.0\n");
  REQUIRE(find_corps_morale(state, Army::French, "[1]")->losses == 11);
  const auto events = apply(state, Side::French, reorganize(state, {"Reille", "A", "B"}), die(4));
  const auto dice = events_of<DieRolledEvent>(events);
  REQUIRE(dice.size() == 1);  // one die for the officer's attempt, whatever the units
  CHECK(dice[0].die == 4);
  CHECK(state.units[unit(state, "A")].on_map());
  CHECK(state.units[unit(state, "B")].on_map());
  // 13.3: 11 - 4 - 4 = 3, below 7: good morale again.
  CHECK(find_corps_morale(state, Army::French, "[1]")->losses == 3);
  CHECK_FALSE(corps_demoralized(state, state.units[unit(state, "E")]));
  CHECK(reorganized(state, unit(state, "A")));
}

TEST_CASE("13.3 one reorganized unit that leaves the losses at the level does not restore good morale",
          "[rules][13.3]") {
  auto state = at_first_segment("rules 1.0-10.0 12.0 13.0\n");
  apply(state, Side::French, reorganize(state, {"Reille", "A"}), die(1));
  CHECK(find_corps_morale(state, Army::French, "[1]")->losses == 7);  // 11 - 4: at its level
  CHECK(corps_demoralized(state, state.units[unit(state, "E")]));
}

TEST_CASE("12.0 no reorganization segment at night (4.2)", "[rules][12.0][4.2]") {
  auto state = reorganization_game();
  lose_the_first_combats(state);
  play_to_french_movement(state, 2);
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // ends the segment
  play_to_french_movement(state, 3);                        // 16/2100, night
  CHECK(state.current_turn().night);
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  CHECK(reorganization_candidate(state, unit(state, "A")));
}

TEST_CASE("12.0 keeps its area in its state slot: hash, snapshot and equality see it", "[rules][12.0]") {
  auto state = reorganization_game();
  lose_the_first_combats(state);
  auto changed = state;
  auto* slot = changed.rule_state.find<ReorganizationState>(kReorganizationRule);
  REQUIRE(slot);
  slot->area.front().eliminated_turn = 1;
  CHECK(state_hash(changed) != state_hash(state));
  CHECK_FALSE(changed == state);
  CHECK(debug_text(changed) != debug_text(state));
  const auto restored = restore_state(state, snapshot_state(changed));
  REQUIRE(restored);
  CHECK(*restored == changed);
}

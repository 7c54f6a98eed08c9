// 16.6 Hidden Movement, as far as it is built (rules/variant/hidden_movement.hpp): the hidden movement
// segment of a friendly command phase, hiding units under a pair of markers (16.6A) and revealing a
// pair voluntarily (16.6C), the markers' moves in the movement phase (16.6B), on small hand-built
// games with 16.3 and 16.6 in force.
#include "rules_fixture.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/engine/rules/variant/hidden_movement.hpp>
#include <hd/engine/rules/variant/hidden_movement_secrets.hpp>
#include <hd/engine/state/invariants.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::engine;
using namespace hd::test;

namespace {

const std::string kLeaders = "Reille\tReille\tfrench\tofficer\t[1]\t\t\n";

const std::vector<TestUnit> kUnits{{"french", "A", "infantry", 4, 4, "[1]"},
                                   {"french", "B", "infantry", 4, 4, "[1]"},
                                   {"french", "D", "infantry", 4, 4, "[2]"},
                                   {"allied", "X", "cavalry", 4, 6, "[N2]"}};

// 16.3 and 16.6 put in force, as if chosen at creation, with their opening hooks run as start_game()
// runs them.
void with_hidden_movement(GameState& state) {
  change_rules(state, [](Ruleset& r) {
    r.optional_rules.push_back("16.3");
    r.optional_rules.push_back("16.6");
  });
  for (const char* rule : {"16.3", "16.6"}) {
    const RuleModule* module = find_rule_module(rule);
    REQUIRE(module);
    REQUIRE(module->hooks.opening);
    module->hooks.opening(state);
  }
}

// Ends phases (and the segments on the way) until the French player's next command phase: the start
// of his movement phase on the next turn.
void to_next_french_command_phase(GameState& state) {
  const int turn = state.turn;
  while (!(state.turn > turn && state.phase == Phase::Movement && state.phasing == Side::French))
    apply(state, state.phasing, EndPhaseAction{}, die(6));
}

// The French move first on a 30 x 12 clear map: A and Reille at 0505, B at 0605 (adjacent), D at
// 0511; the Allied X at `x_hex`. `rules`: the scenario's rules line. 16.3 and 16.6 are then put in
// force, as if chosen, and play goes on to the French command phase of the
// next turn, where the hidden movement segment opens.
GameState hidden_game(const char* x_hex = "2812", const std::string& rules = "rules 1.0-10.0\n",
                      const std::string& leaders = kLeaders, const std::string& more_setup = "",
                      const std::string& map_body = "") {
  GameState state = make_game_with_leaders(map_body, kUnits, leaders,
                                           rules + more_setup +
                                               "setup french 0505 : A Reille\nsetup french 0605 : B\n"
                                               "setup french 0511 : D\nsetup allied " +
                                               std::string(x_hex) + " : X\n",
                                           "turns 16/1400 16/1600\n", 30, 12);
  with_hidden_movement(state);
  REQUIRE(rule_in_force(*state.rules, "16.6"));
  to_next_french_command_phase(state);
  return state;
}

RuleAction hide(const GameState& state, int pair, const char* hex, const char* real,
                std::vector<const char*> ids) {
  RuleAction action{"16.6", "hide", {}, {hx(hex)}, {pair}, real};
  for (const char* id : ids)
    action.units.push_back(unit(state, id));
  return action;
}

RuleAction reveal(const GameState& state, int pair, std::vector<std::pair<const char*, const char*>> deploy) {
  RuleAction action{"16.6", "reveal", {}, {}, {pair}, {}};
  for (const auto& d : deploy) {
    action.units.push_back(unit(state, d.first));
    action.hexes.push_back(hx(d.second));
  }
  return action;
}

RuleAction move_marker(int pair, const char* marker, std::vector<const char*> path) {
  RuleAction action{"16.6", "move-marker", {}, {}, {static_cast<int>(Army::French), pair}, marker};
  for (const char* hex : path)
    action.hexes.push_back(hx(hex));
  return action;
}

// The refusal's rule and reason ("16.6A hidden-observed"), or "" if allowed.
std::string refusal_of(const GameState& state, const Action& action) {
  const auto refusal = validate(state, Side::French, action);
  return refusal ? refusal->rule + " " +
                       (refusal->reason.empty() ? std::string(to_string(refusal->code)) : refusal->reason)
                 : "";
}

}  // namespace

TEST_CASE("16.6A in a friendly command phase units go hidden under a pair placed in one hex",
          "[rules][16.6][16.6A]") {
  GameState state = hidden_game();
  REQUIRE(open_rule_segment(state));
  CHECK(open_rule_segment(state)->rule == "16.6");
  // A and Reille in the hex, B adjacent: removed to the pair's holding area.
  const auto events =
      apply(state, Side::French, hide(state, 1, "0505", "B", {"A", "B", "Reille"}), no_dice());
  for (const char* id : {"A", "B", "Reille"}) {
    CHECK(state.units[unit(state, id)].status == UnitStatus::Hidden);
    CHECK(state.units[unit(state, id)].hex == Hex{});
  }
  REQUIRE(hidden_pairs(state).size() == 1);
  const HiddenPair& pair = hidden_pairs(state).front();
  CHECK(pair.army == Army::French);
  CHECK(pair.number == 1);
  CHECK(pair.marker_a == hx("0505"));  // both markers of the pair in the hex
  CHECK(pair.marker_b == hx("0505"));
  CHECK(pair.real_is_b);
  CHECK(pair.held.size() == 3);
  CHECK(std::is_sorted(pair.held.begin(), pair.held.end()));
  CHECK(holding_pair(state, unit(state, "A")) == &pair);
  CHECK(holding_pair(state, unit(state, "D")) == nullptr);
  REQUIRE(events_of<RuleEvent>(events).size() == 1);
  CHECK(events_of<RuleEvent>(events).front().kind == "hidden");
  CHECK(broken_invariants(state).empty());
  // D may still go hidden under another pair: the segment stays open until ended.
  CHECK(open_rule_segment(state));
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK_FALSE(open_rule_segment(state));
  CHECK(state.phase == Phase::Movement);
  // Hidden pieces are off the map: they neither move nor are observed.
  CHECK_FALSE(observed_by(state, Side::Coalition)[unit(state, "A")]);
  CHECK(refused_by(state, Side::French, move(state, "A", {"0506"})) == "16.6B");
}

TEST_CASE("16.6A, 16.6B what may not go hidden, and where a pair may not be placed",
          "[rules][16.6][16.6A][16.6B]") {
  {
    // X at 1505 observes A (ten hexes) by day: A may not go hidden; D, eleven hexes off, may.
    GameState state = hidden_game("1505");
    REQUIRE(observed_by(state, Side::Coalition)[unit(state, "A")]);
    CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"A"})) == "16.6A hidden-observed");
    CHECK(refusal_of(state, hide(state, 1, "0511", "A", {"D"})) == "");
  }
  GameState state = hidden_game();
  CHECK(refusal_of(state, hide(state, 9, "0505", "A", {"A", "Reille"})) == "16.6 no-such-pair");
  CHECK(refusal_of(state, hide(state, 1, "0505", "C", {"A"})) != "");  // neither marker A nor B
  CHECK(refusal_of(state, hide(state, 1, "0705", "A", {"A"})) == "16.6A hidden-too-far");
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"Reille"})) == "16.6A hidden-no-unit");
  // 16.6B: a marker stacks with no unit but its leaders: B, left in 0605, blocks a pair there.
  CHECK(refusal_of(state, hide(state, 1, "0605", "A", {"A"})) == "16.6B marker-stacked");
  // Reille, left in 0505, stacks with the marker freely.
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"A"})) == "");
  // The hex itself must be out of enemy sight: X at 1605 sees 0605 (ten hexes) but not A in 0505.
  {
    GameState far = hidden_game("1605");
    REQUIRE_FALSE(observed_by(far, Side::Coalition)[unit(far, "A")]);
    CHECK(refusal_of(far, hide(far, 1, "0605", "A", {"A"})) == "16.6B marker-observed");
  }
  // A pair is placed once: pair 1 on the map is not placed again; another pair may be.
  apply(state, Side::French, hide(state, 1, "0505", "A", {"A", "B", "Reille"}), no_dice());
  CHECK(refusal_of(state, hide(state, 1, "0511", "A", {"D"})) == "16.6A pair-on-map");
  CHECK(refusal_of(state, hide(state, 2, "0511", "A", {"D"})) == "");
  // Nor another pair's marker hex: D, moved next to it, may not put pair 2 there.
  state.units[unit(state, "D")].hex = hx("0506");
  CHECK(refusal_of(state, hide(state, 2, "0505", "A", {"D"})) == "16.6B marker-on-marker");
  // The Allies, not phasing, hide nothing now.
  CHECK(validate(state, Side::Coalition,
                 RuleAction{"16.6", "hide", {unit(state, "X")}, {hx("2812")}, {1}, "A"}));
}

TEST_CASE("16.6A with 11.0 the hidden units are in command and go with an officer able to command them",
          "[rules][16.6][16.6A][11.0]") {
  // Napoleon, two hexes off, commands Reille (11.2), who commands A and B.
  GameState state =
      hidden_game("2812", "rules 1.0-11.0\n", kLeaders + "Napoleon\tNapoleon\tfrench\tcommander\t\t4\t\n",
                  "setup french 0705 : Napoleon\n");
  REQUIRE_FALSE(out_of_command(state, unit(state, "A")));
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"A"})) == "16.6A hidden-without-officer");
  // Reille commands [1]: A and B with him; D is of [2], which he does not command.
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"A", "B", "Reille"})) == "");
  set_out_of_command(state, unit(state, "B"), true);
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"A", "B", "Reille"})) ==
        "16.6A hidden-out-of-command");
}

TEST_CASE(
    "16.6C a pair is revealed voluntarily in a later friendly command phase, deployed round its real marker",
    "[rules][16.6][16.6C]") {
  GameState state = hidden_game();
  apply(state, Side::French, hide(state, 1, "0505", "A", {"A", "B", "Reille"}), no_dice());
  // Not in the command phase it went hidden in: "any subsequent friendly command phase".
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0505"}, {"B", "0605"}, {"Reille", "0505"}})) ==
        "16.6C revealed-too-soon");
  to_next_french_command_phase(state);
  REQUIRE(open_rule_segment(state));
  CHECK(open_rule_segment(state)->rule == "16.6");
  // Every piece of the holding area, each once, in or adjacent to the real marker's hex.
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0505"}, {"B", "0605"}})) == "16.6C deploy-all");
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0505"}, {"B", "0705"}, {"Reille", "0505"}})) ==
        "16.6C deploy-too-far");
  // Stacking limits apply (5.4): D stands in 0506, two more units there are three.
  state.units[unit(state, "D")].hex = hx("0506");
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0506"}, {"B", "0506"}, {"Reille", "0505"}})) ==
        "5.4 overstacked");
  const auto events = apply(state, Side::French,
                            reveal(state, 1, {{"A", "0504"}, {"B", "0506"}, {"Reille", "0504"}}), no_dice());
  CHECK(state.units[unit(state, "A")].status == UnitStatus::OnMap);
  CHECK(state.units[unit(state, "A")].hex == hx("0504"));
  CHECK(state.units[unit(state, "B")].hex == hx("0506"));
  CHECK(state.units[unit(state, "Reille")].hex == hx("0504"));
  CHECK(hidden_pairs(state).empty());  // the pair is free again
  REQUIRE(events_of<RuleEvent>(events).size() == 1);
  const RuleEvent revealed = events_of<RuleEvent>(events).front();
  CHECK(revealed.kind == "revealed");
  CHECK(revealed.numbers == std::vector<int>{1, 0});  // pair 1, marker A the real one
  CHECK(broken_invariants(state).empty());
}

// The hand-built game with 16.3 and 16.6 in force from its start: as start_game() begins a game with
// them chosen, a set-up phase for each side that may hide units (3.2C, has_setup_choices()), the
// French first. The Allied X stands at `x_hex`.
GameState setup_game(const char* x_hex) {
  GameState state =
      make_game_with_leaders("", kUnits, kLeaders,
                             "rules 1.0-10.0\nsetup french 0505 : A Reille\nsetup french 0605 : B\n"
                             "setup french 0511 : D\nsetup allied " +
                                 std::string(x_hex) + " : X\n",
                             "turns 16/1400 16/1600\n", 30, 12);
  REQUIRE(state.phase == Phase::Movement);  // no unit to place: no set-up without 16.6
  with_hidden_movement(state);
  REQUIRE(has_setup_choices(state, Side::French));
  state.phase = Phase::Setup;
  state.phasing = Side::French;
  return state;
}

TEST_CASE("16.6A units go hidden during set-up and may be revealed in the side's first command phase",
          "[rules][16.6][16.6A][16.6C][3.2C]") {
  GameState state = setup_game("2812");
  // A set-up phase is held for each side though neither has a unit to place (3.2C): both may hide.
  CHECK(has_setup_choices(state, Side::Coalition));
  REQUIRE(pending_decision(state).kind == DecisionKind::SetupPlacement);
  REQUIRE_FALSE(open_rule_segment(state));  // beside the placements, not in a segment
  // The set-up offers hides; the movement phase's marker moves and the command phase's reveals wait.
  bool offered = false;
  for (const Action& action : legal_actions(state, Side::French))
    if (const auto* rule = std::get_if<RuleAction>(&action)) offered = offered || rule->verb == "hide";
  CHECK(offered);
  CHECK(legal_actions(state, Side::Coalition).empty());
  CHECK(refusal_of(state, move_marker(1, "A", {"0504"})) == "16.6 rule-action-not-now");
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0505"}})) == "16.6 rule-segment-closed");
  // The placement's secret is named for the set-up.
  const RuleAction hide_a = hide(state, 1, "0505", "B", {"A", "B", "Reille"});
  const auto secret = hidden_secret_made_by(state, hide_a);
  REQUIRE(secret);
  CHECK(secret->id == "16.6/french-1@setup");
  CHECK(is_hidden_secret_id(secret->id));
  CHECK_FALSE(hidden_secret_made(state, secret->id));
  apply(state, Side::French, hide_a, no_dice());
  REQUIRE(hidden_pairs(state).size() == 1);
  CHECK(hidden_pairs(state).front().turn == kSetupPlacementTurn);
  CHECK(last_placed_turn(state, Army::French, 1) == kSetupPlacementTurn);
  CHECK(state.units[unit(state, "A")].status == UnitStatus::Hidden);
  CHECK(hidden_secret_made(state, secret->id));
  CHECK_FALSE(hidden_secret_revealed(state, secret->id));
  CHECK(broken_invariants(state).empty());
  // The set-up goes on: pair 1 is placed, so a second hide under it is refused.
  CHECK(refusal_of(state, hide(state, 1, "0511", "A", {"D"})) == "16.6A pair-on-map");
  CHECK(pending_decision(state).kind == DecisionKind::SetupPlacement);
  // The French end their set-up; the Coalition's follows (X may go hidden), then play begins.
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::Setup);
  CHECK(state.phasing == Side::Coalition);
  apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Movement);
  REQUIRE(state.phasing == Side::French);
  REQUIRE(state.turn == 0);
  // 16.6C "any subsequent friendly command phase": the French first one, in the first turn.
  REQUIRE(open_rule_segment(state));
  CHECK(hidden_secret_made(state, secret->id));  // made before the first turn, still standing
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0505"}, {"B", "0605"}, {"Reille", "0505"}})) == "");
  apply(state, Side::French, reveal(state, 1, {{"A", "0505"}, {"B", "0605"}, {"Reille", "0505"}}), no_dice());
  CHECK(hidden_pairs(state).empty());
  CHECK(hidden_secret_revealed(state, secret->id));
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.6A at set-up a unit the enemy observes may not go hidden", "[rules][16.6][16.6A][16.3]") {
  GameState state = setup_game("1301");  // X observes A at 0505 (16.3, 10 hexes by day), not D at 0511
  REQUIRE(observed_by(state, Side::Coalition)[unit(state, "A")]);
  REQUIRE_FALSE(observed_by(state, Side::Coalition)[unit(state, "D")]);
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"A", "Reille"})) == "16.6A hidden-observed");
  CHECK(refusal_of(state, hide(state, 1, "0511", "A", {"D"})) == "");
}

TEST_CASE("16.6 no hidden movement segment at night (4.2: no command phase)", "[rules][16.6][4.2]") {
  GameState state =
      make_game_with_leaders("", kUnits, kLeaders,
                             "rules 1.0-10.0\nsetup french 0505 : A Reille\nsetup french 0605 : B\n"
                             "setup french 0509 : D\nsetup allied 2812 : X\n",
                             "turns 16/1600 16/2100\n", 30, 12);
  with_hidden_movement(state);
  to_next_french_command_phase(state);
  REQUIRE(state.current_turn().night);
  CHECK_FALSE(open_rule_segment(state));
  CHECK(validate(state, Side::French, hide(state, 1, "0505", "A", {"A", "B", "Reille"})));
}

TEST_CASE("16.6 is offered: chosen with 16.3, it plays by the book", "[rules][16.6]") {
  CHECK_FALSE(rule_unfinished("16.6"));
  const GameState state = hidden_game();
  CHECK(state.rules->missing_rules.empty());
  CHECK(state.rules->by_the_book());
}

TEST_CASE("16.6B a marker moves like a unit, at its pieces' slowest allowance and highest terrain costs",
          "[rules][16.6][16.6B]") {
  // Forest costs foot 2 MP and mounted (Reille, 10.1C) 4 MP; clear 1 MP.
  GameState state = hidden_game("2812", "rules 1.0-10.0\n", kLeaders, "", "forest \"W\" : 0504 0704\n");
  apply(state, Side::French, hide(state, 1, "0505", "A", {"A", "Reille"}), no_dice());
  apply(state, Side::French, hide(state, 2, "0605", "B", {"B"}), no_dice());
  // Not while the hidden movement segment is open: the markers move in the movement phase.
  CHECK(refusal_of(state, move_marker(1, "A", {"0506"})) != "");
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE_FALSE(open_rule_segment(state));
  REQUIRE(pending_decision(state).kind == DecisionKind::Move);

  // Pair 1 holds A (4 MP) and Reille: the forest hex costs Reille's 4 MP, all of A's allowance,
  // so one more clear hex is too far; A alone would have gone on.
  CHECK(refusal_of(state, move_marker(1, "A", {"0504", "0503"})) == "5.1 not-enough-movement");
  CHECK(refusal_of(state, move_marker(1, "A", {"0504"})) == "");
  // Four clear hexes are A's 4 MP; a fifth is too far.
  CHECK(refusal_of(state, move_marker(1, "A", {"0506", "0507", "0508", "0509", "0510"})) ==
        "5.1 not-enough-movement");
  // Pair 2 holds B alone, on foot: clear, forest, clear is 4 MP.
  CHECK(refusal_of(state, move_marker(2, "B", {"0705", "0704", "0703"})) == "");

  const auto events = apply(state, Side::French, move_marker(1, "B", {"0506", "0507", "0508"}), no_dice());
  const HiddenPair* pair = &hidden_pairs(state).front();
  CHECK(pair->marker_b == hx("0508"));
  CHECK(pair->marker_a == hx("0505"));  // each marker moves on its own
  CHECK(pair->moved_b);
  CHECK_FALSE(pair->moved_a);
  REQUIRE(events_of<RuleEvent>(events).size() == 1);
  const RuleEvent moved = events_of<RuleEvent>(events).front();
  CHECK(moved.kind == "marker-moved");
  CHECK(moved.hexes == std::vector<Hex>{hx("0505"), hx("0506"), hx("0507"), hx("0508")});
  CHECK(moved.numbers == std::vector<int>{static_cast<int>(Army::French), 1, 1});
  // Once per phase (5.1C); its mate still may.
  CHECK(refusal_of(state, move_marker(1, "B", {"0509"})) == "16.6B marker-moved");
  CHECK(refusal_of(state, move_marker(1, "A", {"0506"})) == "");

  // No marker stacks with a unit or moves through one: D stands in 0511.
  CHECK(refusal_of(state, move_marker(2, "A", {"0606", "0607", "0608"})) == "");
  state.units[unit(state, "D")].hex = hx("0607");
  CHECK(refusal_of(state, move_marker(2, "A", {"0606", "0607", "0608"})) == "16.6B marker-stacked");
  // Nor enters another pair's marker hex; it may join its mate.
  CHECK(refusal_of(state, move_marker(2, "A", {"0505"})) == "16.6B marker-on-marker");
  apply(state, Side::French, move_marker(2, "B", {"0606"}), no_dice());
  CHECK(refusal_of(state, move_marker(2, "A", {"0606"})) == "");
  // No unit enters a marker's hex or moves through it: D (in 0607) may not go up through 0606.
  CHECK(refused_by(state, Side::French, move(state, "D", {"0606", "0605"})) == "16.6B");
  CHECK_FALSE(refused_by(state, Side::French, move(state, "D", {"0707", "0706"})).size());
  // The markers' moves are among the legal actions, each valid.
  int marker_moves = 0;
  for (const Action& action : legal_actions(state, Side::French)) {
    const auto* rule_action = std::get_if<RuleAction>(&action);
    if (!rule_action || rule_action->verb != "move-marker") continue;
    ++marker_moves;
    CHECK_FALSE(validate(state, Side::French, action));
  }
  CHECK(marker_moves > 0);
  // The notation writes and reads them back.
  const std::string line = format_action(state, Side::French, move_marker(1, "A", {"0504"}));
  CHECK(line == "french move-marker french 1 A 0504");
  const auto parsed = parse_action_line(state, line);
  REQUIRE(std::holds_alternative<NotatedAction>(parsed));
  const auto* read = std::get_if<RuleAction>(&std::get<NotatedAction>(parsed).action);
  REQUIRE(read);
  CHECK(*read == move_marker(1, "A", {"0504"}));
  CHECK(std::holds_alternative<std::string>(parse_action_line(state, "french move-marker french 1x A 0504")));
  CHECK(broken_invariants(state).empty());
  // Not the Coalition's to move, nor in the combat phase.
  CHECK(validate(state, Side::Coalition, move_marker(1, "A", {"0504"})));
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.phase == Phase::Combat);
  CHECK(refusal_of(state, move_marker(1, "A", {"0504"})) == "16.6 rule-action-not-now");
}

TEST_CASE("16.6B no marker moves into a hex the enemy observes", "[rules][16.6][16.6B][16.3]") {
  // X in 1605 observes ten hexes by day: 0605, not 0505 (see above).
  GameState state = hidden_game("1605");
  REQUIRE_FALSE(observed_by(state, Side::Coalition)[unit(state, "A")]);
  apply(state, Side::French, hide(state, 1, "0505", "A", {"A", "Reille"}), no_dice());
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  const std::vector<Hex> seen = observed_area(state, Side::Coalition);
  std::optional<Hex> into_sight;
  std::optional<Hex> out_of_sight;
  for (Hex next : neighbours(hx("0505"))) {
    if (!state.units_at(next).empty()) continue;
    const bool observed = std::find(seen.begin(), seen.end(), next) != seen.end();
    (observed ? into_sight : out_of_sight) = next;
  }
  REQUIRE(into_sight);
  REQUIRE(out_of_sight);
  CHECK(refusal_of(state, RuleAction{"16.6", "move-marker", {}, {*into_sight}, {0, 1}, "A"}) ==
        "16.6B marker-observed");
  CHECK(refusal_of(state, RuleAction{"16.6", "move-marker", {}, {*out_of_sight}, {0, 1}, "A"}) == "");
}

namespace {

// X, never seen by the French (2812), come unseen to 1605, with B and D sent far off (0112, 0212):
// X observes 0605, next to A and Reille in 0505 (eleven hexes off), and no French piece observes X.
GameState x_unseen() {
  GameState state = hidden_game("2812");
  state.units[unit(state, "B")].hex = hx("0112");
  state.units[unit(state, "D")].hex = hx("0212");
  state.units[unit(state, "X")].hex = hx("1605");
  update_knowledge(state, {});
  REQUIRE_FALSE(sighting(state, Side::French, unit(state, "X")));
  REQUIRE(side_observes_hex(state, Side::Coalition, hx("0605")));
  REQUIRE_FALSE(side_observes_hex(state, Side::Coalition, hx("0505")));
  return state;
}

}  // namespace

TEST_CASE("16.6B, 16.6C a marker moved into the sight of an enemy its side does not see is revealed there",
          "[rules][16.6][16.6B][16.6C][16.3][fog]") {
  // The French do not observe X, so they cannot know 0605 is in its sight: refusing the move would
  // tell them. The marker goes as far as 0605, is under observation there and is revealed at once
  // (16.6C "the instant"); the rest of its path (0705) it does not move.
  GameState state = x_unseen();
  apply(state, Side::French, hide(state, 1, "0505", "A", {"A", "Reille"}), no_dice());
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  const RuleAction into_sight = move_marker(1, "A", {"0605", "0705"});
  CHECK(refusal_of(state, into_sight) == "");
  const auto events = apply(state, Side::French, into_sight, no_dice());
  const auto rule_events = events_of<RuleEvent>(events);
  REQUIRE(rule_events.size() == 2);
  CHECK(rule_events[0].kind == "marker-moved");
  CHECK(rule_events[0].hexes == std::vector<Hex>{hx("0505"), hx("0605")});
  CHECK(rule_events[1].kind == "marker-observed");
  REQUIRE(hidden_pairs(state).size() == 1);
  CHECK(hidden_pairs(state).front().marker_a == hx("0605"));
  const PendingDecision pending = pending_decision(state);
  CHECK(pending.kind == DecisionKind::Rule);
  CHECK(pending.what.find("deploy") != std::string::npos);
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.6A a pair placed where only an enemy its side does not see observes it is revealed at once",
          "[rules][16.6][16.6A][16.6C][16.3][fog]") {
  // A (0505) goes hidden under a pair placed in the next hex, 0605, which X observes unseen: the
  // placement is made (a refusal would tell where X looks from), and the pair is revealed at once.
  GameState state = x_unseen();
  const RuleAction in_sight = hide(state, 1, "0605", "A", {"A"});
  CHECK(refusal_of(state, in_sight) == "");
  const auto events = apply(state, Side::French, in_sight, no_dice());
  const auto rule_events = events_of<RuleEvent>(events);
  REQUIRE(rule_events.size() == 2);
  CHECK(rule_events[0].kind == "hidden");
  CHECK(rule_events[1].kind == "marker-observed");
  CHECK(pending_decision(state).what.find("deploy") != std::string::npos);
  CHECK(broken_invariants(state).empty());
  // Deployed, pair 1 is not placed again this turn: each placement is a secret named by its pair and
  // turn. Another pair may be, and the hides offered use none but those.
  const auto deploy = legal_actions(state, Side::French);
  REQUIRE(deploy.size() == 1);
  apply(state, Side::French, deploy.front(), no_dice());
  CHECK(refusal_of(state, hide(state, 1, "0505", "A", {"B"})) == "16.6A pair-placed-this-turn");
  for (const Action& action : legal_actions(state, Side::French))
    if (const auto* rule = std::get_if<RuleAction>(&action); rule && rule->verb == "hide")
      CHECK(rule->numbers.front() != 1);
  // Where the French observe X (B in 0605, ten hexes from it), a pair may not be placed in X's sight
  // (16.6B), as before: they know where X looks from.
  GameState seen = hidden_game("1605");
  REQUIRE(observes_now(seen, Side::French, unit(seen, "X")));
  std::optional<Hex> watched;
  for (Hex next : neighbours(hx("0505")))
    if (seen.units_at(next).empty() && side_observes_hex(seen, Side::Coalition, next)) watched = next;
  REQUIRE(watched);
  CHECK(refusal_of(seen, hide(seen, 1, format_hex(*watched).c_str(), "A", {"A"})) == "16.6B marker-observed");
}

namespace {

// The Allied X moves west along row 10 from 1710 (out of sight of everything French) by `hexes`.
std::vector<const char*> westward(int hexes) {
  static const char* row10[] = {"1610", "1510", "1410", "1310", "1210", "1110", "1010"};
  return {row10, row10 + hexes};
}

// The French hide A and Reille under pair 1 in 0505 (the real marker `real`), then, in the movement
// phase, move marker `moved` by `marker_path`; the Coalition's movement phase follows.
GameState marker_in_allied_path(const char* real, const char* moved = nullptr,
                                std::vector<const char*> marker_path = {}) {
  GameState state = hidden_game("1710");
  REQUIRE_FALSE(observed_by(state, Side::Coalition)[unit(state, "A")]);
  apply(state, Side::French, hide(state, 1, "0505", real, {"A", "Reille"}), no_dice());
  apply(state, Side::French, EndPhaseAction{}, no_dice());  // the hidden movement segment
  if (moved) apply(state, Side::French, move_marker(1, moved, marker_path), no_dice());
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Movement))
    apply(state, state.phasing, EndPhaseAction{}, die(6));
  if (open_rule_segment(state)) apply(state, Side::Coalition, EndPhaseAction{}, no_dice());  // X hides not
  REQUIRE(pending_decision(state).kind == DecisionKind::Move);
  return state;
}

// The first hex of `path` from which a piece observes `hex` (16.3), by index.
std::size_t first_sight(const GameState& state, const std::vector<const char*>& path, const char* hex) {
  for (std::size_t i = 0; i < path.size(); ++i)
    if (observes(*state.rules, hx(path[i]), hx(hex), observation_distance(state))) return i;
  return path.size();
}

}  // namespace

TEST_CASE("16.6C a marker coming under enemy observation halts the move, its owner deploys, the move goes on",
          "[rules][16.6][16.6C]") {
  GameState state = marker_in_allied_path("A");
  const std::vector<const char*> path = westward(6);
  const std::size_t seen_at = first_sight(state, path, "0505");
  REQUIRE(seen_at + 1 < path.size());  // the marker comes into sight before the move's end
  const auto events = apply(state, Side::Coalition, move(state, "X", path), no_dice());
  // Halted at the first hex from which X observes the marker: its move is cut there.
  const UnitState& x = state.units[unit(state, "X")];
  CHECK(x.hex == hx(path[seen_at]));
  CHECK_FALSE(x.moved);
  const auto moved = events_of<UnitMovedEvent>(events);
  REQUIRE(moved.size() == 1);
  CHECK(moved.front().path.size() == seen_at + 1);
  CHECK(moved.front().spent_half == 2 * static_cast<int>(seen_at + 1));
  const auto rule_events = events_of<RuleEvent>(events);
  REQUIRE(rule_events.size() == 1);
  CHECK(rule_events.front().kind == "marker-observed");
  // The pair's owner decides now, in the enemy's phase; the enemy waits.
  const PendingDecision pending = pending_decision(state);
  CHECK(pending.kind == DecisionKind::Rule);
  CHECK(pending.side == Side::French);
  CHECK(pending.what.find("deploy") != std::string::npos);
  CHECK(refused_by(state, Side::Coalition, move(state, "X", {path[seen_at + 1]})) == "16.6");
  CHECK(refused_by(state, Side::Coalition, EndPhaseAction{}) == "16.6C");
  CHECK(refusal_of(state, reveal(state, 1, {{"A", "0505"}, {"Reille", "0505"}})) != "");  // not a reveal
  CHECK(refusal_of(state, RuleAction{"16.6", "deploy", {unit(state, "A")}, {hx("0505")}, {1}, {}}) ==
        "16.6C deploy-all");
  CHECK(refusal_of(state, RuleAction{"16.6",
                                     "deploy",
                                     {unit(state, "A"), unit(state, "Reille")},
                                     {hx("0705"), hx("0505")},
                                     {1},
                                     {}}) == "16.6C deploy-too-far");
  // The generated deployment is the only choice, and valid.
  const auto choices = legal_actions(state, Side::French);
  REQUIRE(choices.size() == 1);
  CHECK(std::get<RuleAction>(choices.front()).verb == "deploy");
  CHECK(legal_actions(state, Side::Coalition).empty());
  const auto deployed = apply(
      state, Side::French,
      RuleAction{
          "16.6", "deploy", {unit(state, "A"), unit(state, "Reille")}, {hx("0504"), hx("0505")}, {1}, {}},
      no_dice());
  CHECK(state.units[unit(state, "A")].hex == hx("0504"));
  CHECK(state.units[unit(state, "A")].status == UnitStatus::OnMap);
  CHECK(hidden_pairs(state).empty());
  REQUIRE(events_of<RuleEvent>(deployed).size() == 1);
  CHECK(events_of<RuleEvent>(deployed).front().kind == "revealed");
  CHECK(broken_invariants(state).empty());
  // "Then complete the enemy movement": X goes on with the MP it had left, and no further.
  REQUIRE_FALSE(open_rule_segment(state));
  CHECK(pending_decision(state).kind == DecisionKind::Move);
  const std::vector<const char*> rest(path.begin() + static_cast<std::ptrdiff_t>(seen_at) + 1, path.end());
  std::vector<const char*> too_far = rest;
  too_far.push_back("1010");
  CHECK(refused_by(state, Side::Coalition, move(state, "X", too_far)) == "5.1");
  apply(state, Side::Coalition, move(state, "X", rest), no_dice());
  CHECK(state.units[unit(state, "X")].hex == hx(path.back()));
  CHECK(state.units[unit(state, "X")].moved);
  CHECK(refused_by(state, Side::Coalition, move(state, "X", {"1010"})) == "5.1C");
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.6C either marker under observation reveals the pair, deployed round the real one",
          "[rules][16.6][16.6C]") {
  // Marker B, the real one, has gone north out of X's way; the dummy A stays in 0505.
  GameState state = marker_in_allied_path("B", "B", {"0504", "0503", "0502"});
  const std::vector<const char*> path = westward(6);
  const std::size_t seen_at = first_sight(state, path, "0505");
  REQUIRE(seen_at < first_sight(state, path, "0502"));  // the dummy is seen first
  apply(state, Side::Coalition, move(state, "X", path), no_dice());
  CHECK(state.units[unit(state, "X")].hex == hx(path[seen_at]));
  REQUIRE(pending_decision(state).side == Side::French);
  // The pieces come out round the real marker in 0502, not round the dummy.
  CHECK(refusal_of(state, RuleAction{"16.6",
                                     "deploy",
                                     {unit(state, "A"), unit(state, "Reille")},
                                     {hx("0505"), hx("0505")},
                                     {1},
                                     {}}) == "16.6C deploy-too-far");
  const auto choices = legal_actions(state, Side::French);
  REQUIRE(choices.size() == 1);
  for (Hex hex : std::get<RuleAction>(choices.front()).hexes)
    CHECK(distance(hex, hx("0502")) <= 1);
  const auto events = apply(state, Side::French, choices.front(), no_dice());
  REQUIRE(events_of<RuleEvent>(events).size() == 1);
  CHECK(events_of<RuleEvent>(events).front().numbers == std::vector<int>{1, 1});  // marker B was real
  CHECK(hidden_pairs(state).empty());
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("16.6C where the seven hexes cannot take a revealed pair's pieces, the deployment widens",
          "[rules][16.6][16.6C]") {
  GameState state = hidden_game();
  state.units[unit(state, "D")].hex = hx("0506");
  apply(state, Side::French, hide(state, 1, "0505", "A", {"A", "B", "D", "Reille"}), no_dice());
  // Markers of three more pairs round 0505 (placed by hand): with two units to a hex (5.4), the three
  // units fit in the seven hexes no longer.
  auto& slot = state.rule_state.get<HiddenMovementState>(kHiddenMovementRule);
  const auto ring = neighbours(hx("0505"));
  for (int i = 0; i < 3; ++i)
    slot.pairs.push_back(
        HiddenPair{Army::French, 2 + i, ring[2 * i], ring[2 * i + 1], false, {}, state.turn});
  slot.pairs.front().revealing = true;  // as if a marker had come under enemy observation
  REQUIRE(pending_decision(state).what.find("deploy") != std::string::npos);
  const auto deploy = [&](std::vector<std::pair<const char*, Hex>> where) {
    RuleAction action{"16.6", "deploy", {}, {}, {1}, {}};
    for (const auto& w : where) {
      action.units.push_back(unit(state, w.first));
      action.hexes.push_back(w.second);
    }
    return action;
  };
  const Hex real = hx("0505");
  CHECK(refusal_of(state, deploy({{"A", real}, {"B", real}, {"D", real}, {"Reille", real}})) ==
        "5.4 overstacked");
  CHECK(refusal_of(state, deploy({{"A", real}, {"B", real}, {"D", ring[0]}, {"Reille", real}})) ==
        "16.6B marker-on-marker");
  // Two hexes off is as near as the third unit can be; three is too far.
  Hex two_off{};
  Hex three_off{};
  for (Hex hex : neighbours(ring[0])) {
    if (distance(hex, real) == 2) two_off = hex;
    for (Hex farther : neighbours(hex))
      if (distance(farther, real) == 3) three_off = farther;
  }
  REQUIRE(distance(two_off, real) == 2);
  REQUIRE(distance(three_off, real) == 3);
  CHECK(refusal_of(state, deploy({{"A", real}, {"B", real}, {"D", two_off}, {"Reille", real}})) == "");
  CHECK(refusal_of(state, deploy({{"A", real}, {"B", real}, {"D", three_off}, {"Reille", real}})) ==
        "16.6C deploy-too-far");
  // The generated deployment: the nearest hexes, valid.
  const auto choices = legal_actions(state, Side::French);
  REQUIRE(choices.size() == 1);
  const RuleAction& chosen = std::get<RuleAction>(choices.front());
  CHECK(chosen.verb == "deploy");
  int farthest = 0;
  for (Hex hex : chosen.hexes)
    farthest = std::max(farthest, distance(hex, real));
  CHECK(farthest == 2);
  CHECK(refusal_of(state, chosen) == "");
}

TEST_CASE("16.6 views: markers seen by both sides where they stand, which is real by its owner only",
          "[rules][16.6][16.6A][16.6B][16.3]") {
  // Two games alike but for the real marker of pair 1: A (in 0505) or B (moved north to 0502).
  const std::vector<const char*> north{"0504", "0503", "0502"};
  GameState real_a = marker_in_allied_path("A", "B", north);
  GameState real_b = marker_in_allied_path("B", "B", north);
  const Viewer allied{Viewer::Kind::Seat, Army::Allied, std::nullopt};
  const Viewer french{Viewer::Kind::Seat, Army::French, std::nullopt};
  const Viewer coalition_spectator{Viewer::Kind::Spectator, std::nullopt, Side::Coalition};
  const Viewer everything{Viewer::Kind::Spectator, std::nullopt, std::nullopt};

  // The enemy sees both markers where they stand, and nothing of which is real: byte-identical views.
  const GameView seen = view(real_a, allied);
  REQUIRE(seen.markers.size() == 2);
  CHECK(seen.markers[0].army == Army::French);
  CHECK(seen.markers[0].pair == 1);
  CHECK_FALSE(seen.markers[0].b);
  CHECK(seen.markers[0].hex == hx("0505"));
  CHECK(seen.markers[1].b);
  CHECK(seen.markers[1].hex == hx("0502"));
  CHECK(seen.markers[1].moved == false);  // the French movement phase is over: the marks are cleared
  for (const MarkerView& marker : seen.markers)
    CHECK_FALSE(marker.real.has_value());
  CHECK(serialize(view(real_a, allied)) == serialize(view(real_b, allied)));
  CHECK(serialize(view(real_a, coalition_spectator)) == serialize(view(real_b, coalition_spectator)));
  // 16.6A: the holding area "may be examined": its pieces, held by pair 1, with no hex.
  for (const char* id : {"A", "Reille"}) {
    const UnitView& held = seen.units[unit(real_a, id)];
    CHECK(held.status == UnitStatus::Hidden);
    CHECK(held.holding_pair == 1);
    CHECK_FALSE(held.hex.has_value());
  }
  CHECK(seen.units[unit(real_a, "B")].holding_pair == 0);

  // The owner's side, and a spectator shown everything, know which is real.
  for (const Viewer& knowing : {french, everything}) {
    const GameView a = view(real_a, knowing);
    const GameView b = view(real_b, knowing);
    REQUIRE(a.markers.size() == 2);
    REQUIRE(b.markers.size() == 2);
    CHECK(a.markers[0].real == std::optional<bool>(true));
    CHECK(a.markers[1].real == std::optional<bool>(false));
    CHECK(b.markers[0].real == std::optional<bool>(false));
    CHECK(b.markers[1].real == std::optional<bool>(true));
    CHECK(serialize(a) != serialize(b));
  }

  // The hide line names the real marker: the enemy is told the side and the verb (16.3's cut).
  const std::string line = format_action(real_a, Side::French, hide(real_a, 2, "0511", "B", {"D"}));
  CHECK(line.find(" B ") != std::string::npos);
  CHECK(redact_action_line(real_a, line, allied) == "french hide");
  CHECK(redact_action_line(real_a, line, french) == line);
}

TEST_CASE("16.6C a reveal shows the enemy only the pieces deployed where it observes them",
          "[rules][16.6][16.6C][16.3]") {
  GameState state = marker_in_allied_path("B", "B", {"0504", "0503", "0502"});
  const std::vector<const char*> path = westward(6);
  apply(state, Side::Coalition, move(state, "X", path), no_dice());
  REQUIRE(pending_decision(state).side == Side::French);
  const Viewer allied{Viewer::Kind::Seat, Army::Allied, std::nullopt};
  for (const MarkerView& marker : view(state, allied).markers)
    CHECK(marker.revealing);  // the pair is being revealed: public
  const auto choices = legal_actions(state, Side::French);
  REQUIRE(choices.size() == 1);
  const auto events = apply(state, Side::French, choices.front(), no_dice());
  REQUIRE(events_of<RuleEvent>(events).size() == 1);
  const RuleEvent revealed = events_of<RuleEvent>(events).front();
  REQUIRE(revealed.kind == "revealed");
  std::vector<UnitIndex> observed_units;
  for (std::size_t i = 0; i < revealed.units.size(); ++i)
    if (side_observes_hex(state, Side::Coalition, revealed.hexes[i]))
      observed_units.push_back(revealed.units[i]);
  REQUIRE(observed_units.size() < revealed.units.size());  // some piece deployed out of X's sight
  const auto seen = redact(state, Event{revealed}, allied);
  REQUIRE(seen);
  const RuleEvent& seen_reveal = std::get<RuleEvent>(*seen);
  CHECK(seen_reveal.units == observed_units);
  CHECK(seen_reveal.numbers == revealed.numbers);  // pair 1, marker B real: both markers flipped face up
  const auto own = redact(state, Event{revealed}, Viewer{Viewer::Kind::Seat, Army::French, std::nullopt});
  REQUIRE(own);
  CHECK(std::get<RuleEvent>(*own).units == revealed.units);
  CHECK(view(state, allied).markers.empty());
}

TEST_CASE("16.6A each placement is a secret to commit to: its id, its text, made, revealed",
          "[rules][16.6][16.6A][16.6C]") {
  GameState state = hidden_game("1710");
  const int turn = state.turn;
  const RuleAction hide_a = hide(state, 1, "0505", "B", {"A", "Reille"});
  const auto secret = hidden_secret_made_by(state, hide_a);
  REQUIRE(secret);
  CHECK(secret->id == "16.6/french-1@" + std::to_string(turn));
  CHECK(secret->text == "B@0505@A,Reille");
  CHECK(secret->army == Army::French);
  CHECK(hidden_secret_id_of_line(state, format_action(state, Side::French, hide_a)) == secret->id);
  CHECK_FALSE(hidden_secret_made_by(state, EndPhaseAction{}));
  {  // A name with spaces is one word in the text (a proof's line is split at spaces): "Halk [3]".
    GameState renamed = state;
    renamed.units[unit(state, "A")].id = "Halk [3]";
    CHECK(hidden_secret_made_by(renamed, hide_a)->text == "B@0505@Halk_[3],Reille");
  }
  CHECK_FALSE(hidden_secret_id_of_line(state, "french end"));
  CHECK(is_hidden_secret_id(secret->id));
  for (const char* not_one :
       {"28.0D/french-4", "16.6/french-1", "16.6/french-x@3", "16.6/nobody-1@3", "16.6/french-1@3x"})
    CHECK_FALSE(is_hidden_secret_id(not_one));
  // Before the hide: not made. After: made, standing, not revealed.
  CHECK_FALSE(hidden_secret_made(state, secret->id));
  apply(state, Side::French, hide_a, no_dice());
  CHECK(hidden_secret_made(state, secret->id));
  CHECK_FALSE(hidden_secret_revealed(state, secret->id));
  CHECK(last_placed_turn(state, Army::French, 1) == turn);
  CHECK(last_placed_turn(state, Army::French, 2) == kNeverPlaced);
  // Revealed in the same turn by the enemy's player turn (16.6C): made and revealed, though the turn
  // has not moved on (the pair is off the map, and its last placement is this turn's).
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  while (!(state.phasing == Side::Coalition && state.phase == Phase::Movement))
    apply(state, state.phasing, EndPhaseAction{}, die(6));
  if (open_rule_segment(state)) apply(state, Side::Coalition, EndPhaseAction{}, no_dice());
  REQUIRE(state.turn == turn);
  apply(state, Side::Coalition, move(state, "X", westward(6)), no_dice());
  apply(state, Side::French, legal_actions(state, Side::French).front(), no_dice());  // the deployment
  REQUIRE(hidden_pairs(state).empty());
  CHECK(hidden_secret_made(state, secret->id));
  CHECK(hidden_secret_revealed(state, secret->id));
  // A placement of a later turn is not made yet.
  CHECK_FALSE(hidden_secret_made(state, "16.6/french-1@" + std::to_string(turn + 1)));
}

TEST_CASE("16.6A reinforcements entering in a friendly command phase go hidden at their entry hex",
          "[rules][16.6][16.6A]") {
  std::vector<TestUnit> units = kUnits;
  units.push_back({"french", "E", "infantry", 4, 4, "[1]"});
  GameState state =
      make_game_with_leaders("", units, kLeaders,
                             "rules 1.0-10.0\nsetup french 0505 : A Reille\nsetup french 0605 : B\n"
                             "setup french 0511 : D\nsetup allied 2812 : X\n"
                             "reinforce french 16/1500 at 0112 : E\n",
                             "turns 16/1400 16/1600\n", 30, 12);
  with_hidden_movement(state);
  to_next_french_command_phase(state);  // 16/1500: E is due
  REQUIRE(open_rule_segment(state));
  REQUIRE(state.units[unit(state, "E")].status == UnitStatus::Waiting);
  // Only at its entry hex, and only a reinforcement due now (not one arriving on a later turn).
  CHECK(refusal_of(state, hide(state, 1, "0111", "A", {"E"})) == "16.6A hidden-not-entry-hex");
  {
    GameState later = state;
    later.units[unit(state, "E")].arrival_turn = state.turn + 1;
    CHECK(refusal_of(later, hide(later, 1, "0112", "A", {"E"})) == "16.6A not-in-play");
  }
  // The sample of legal hides offers it.
  bool offered = false;
  for (const Action& action : legal_actions(state, Side::French))
    if (const auto* rule = std::get_if<RuleAction>(&action); rule && rule->verb == "hide")
      offered = offered || rule->units == std::vector<UnitIndex>{unit(state, "E")};
  CHECK(offered);
  apply(state, Side::French, hide(state, 1, "0112", "B", {"E"}), no_dice());
  CHECK(state.units[unit(state, "E")].status == UnitStatus::Hidden);
  REQUIRE(hidden_pairs(state).size() == 1);
  CHECK(hidden_pairs(state).front().marker_a == hx("0112"));
  CHECK(hidden_pairs(state).front().held == std::vector<UnitIndex>{unit(state, "E")});
  CHECK(broken_invariants(state).empty());
  // It entered hidden: the movement phase offers it no entry, and a later reveal deploys it.
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(pending_decision(state).kind == DecisionKind::Move);
  CHECK(refused_by(state, Side::French, move(state, "E", {"0112"})) != "");
  to_next_french_command_phase(state);
  apply(state, Side::French, reveal(state, 1, {{"E", "0111"}}), no_dice());
  CHECK(state.units[unit(state, "E")].status == UnitStatus::OnMap);
  CHECK(state.units[unit(state, "E")].hex == hx("0111"));
  CHECK(broken_invariants(state).empty());
}

// 28.0C and 28.0D on the shipped Campaign Variant: entry choices made in advance by their deadlines,
// kept from the other side until the turn of entry; Ney inactive; the Prussian [2] before [3].
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/rules/variant/army_headquarters.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <functional>

using namespace hd::engine;

namespace {

GameState campaign_variant() {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"campaign-variant", {}, {}, std::nullopt});
  REQUIRE(game.value);
  return *game.value;
}

const Viewer kFrench{Viewer::Kind::Seat, Army::French, std::nullopt};
const Viewer kPrussian{Viewer::Kind::Seat, Army::Prussian, std::nullopt};
const Viewer kAllied{Viewer::Kind::Seat, Army::Allied, std::nullopt};
const Viewer kCoalitionSpectator{Viewer::Kind::Spectator, std::nullopt, Side::Coalition};
const Viewer kEverything{Viewer::Kind::Spectator, std::nullopt, std::nullopt};

const DieRoller kThrees = [] { return 3; };

UnitIndex unit_named(const GameState& state, std::string_view id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].id == id) return static_cast<UnitIndex>(i);
  FAIL("no unit " << id);
  return 0;
}

int turn_of(const GameState& state, const char* name) {
  return state.rules->turn_index(*parse_turn_name(name));
}

std::vector<Event> act(GameState& state, const Action& action) {
  return apply(state, pending_decision(state).side, action, kThrees);
}

// Plays on, nobody moving, every due entry choice taking `pick` (its first alternative unless told),
// until `stop` holds. Returns the events of the last action.
std::vector<Event> play_until(GameState& state, const std::function<bool(const GameState&)>& stop,
                              const std::function<std::optional<Action>(const GameState&)>& pick = {}) {
  std::vector<Event> events;
  for (int step = 0; step < 4000 && !stop(state); ++step) {
    const PendingDecision pending = pending_decision(state);
    REQUIRE(pending.kind != DecisionKind::None);
    if (pending.kind == DecisionKind::Rule && pending.rule == "28.0D") {
      std::optional<Action> chosen = pick ? pick(state) : std::nullopt;
      if (!chosen) chosen = decision_choices(state, pending.side).front().action;
      events = act(state, *chosen);
      continue;
    }
    events = act(state, EndPhaseAction{});
  }
  REQUIRE(stop(state));
  return events;
}

bool choice_segment_open(const GameState& state) {
  const PendingDecision pending = pending_decision(state);
  return pending.kind == DecisionKind::Rule && pending.rule == "28.0D";
}

int shown_arrival(const GameState& state, const Viewer& viewer, UnitIndex unit) {
  return view(state, viewer).units.at(unit).arrival_turn;
}

std::vector<std::string> shown_events(const GameState& after, const std::vector<Event>& events,
                                      const Viewer& viewer) {
  std::vector<std::string> lines;
  for (const Event& event : events)
    if (const auto redacted = redact(after, event, viewer)) lines.push_back(format_event(after, *redacted));
  return lines;
}

}  // namespace

TEST_CASE("28.0D the French entry choices are due as play begins and hold up the player turn until made",
          "[rules][28.0D]") {
  GameState state = campaign_variant();
  play_until(state, [](const GameState& s) { return s.phase == Phase::Movement; });
  REQUIRE(choice_segment_open(state));
  CHECK(state.current_turn().name == TurnName{16, 900});
  CHECK(entry_choices_due(state, Side::French) ==
        std::vector<std::string>{"french-4", "french-g", "french-1", "french-4c", "french-6"});
  CHECK(entry_choices_due(state, Side::Coalition).empty());

  // Nothing goes on until they are made: not the end of the segment, not a move.
  const auto end = validate(state, Side::French, EndPhaseAction{});
  REQUIRE(end);
  CHECK(end->rule == "28.0D");
  const UnitIndex ney = unit_named(state, "Lf-Ds");
  CHECK(validate(state, Side::French, MoveAction{MoveRequest{ney, {*parse_hex("1747")}}}));
  // Only the box's alternatives, only the choosing side, only once.
  const UnitIndex gerard = unit_named(state, "Gerard");
  CHECK(validate(state, Side::French, choose_entry("french-4", {turn_of(state, "16/1300"), *parse_hex("3167")})));
  CHECK(validate(state, Side::Coalition, choose_entry("french-4", {turn_of(state, "16/1400"), *parse_hex("1167")})));
  CHECK(state.units[gerard].arrival_turn == -1);  // no turn, no hex until chosen

  const Action later_west = choose_entry("french-4", {turn_of(state, "16/1400"), *parse_hex("1167")});
  REQUIRE_FALSE(validate(state, Side::French, later_west));
  CHECK(format_action(state, Side::French, later_west) == "french choose-entry french-4 16/1400 1167");
  const auto events = act(state, later_west);
  CHECK(state.units[gerard].arrival_turn == turn_of(state, "16/1400"));
  CHECK(state.units[gerard].entry_hexes == std::vector<Hex>{*parse_hex("1167")});
  CHECK(validate(state, Side::French, later_west));  // made already

  // The French know; the Coalition's seats and spectators see the box's earliest turn and learn only
  // that a choice was made.
  for (const Viewer& viewer : {kFrench, kEverything})
    CHECK(shown_arrival(state, viewer, gerard) == turn_of(state, "16/1400"));
  for (const Viewer& viewer : {kPrussian, kAllied, kCoalitionSpectator})
    CHECK(shown_arrival(state, viewer, gerard) == turn_of(state, "16/1200"));
  CHECK(shown_events(state, events, kFrench) ==
        std::vector<std::string>{"entry choice french-4: 16/1400 at 1167 (28.0D, secret until then)"});
  CHECK(shown_events(state, events, kPrussian) ==
        std::vector<std::string>{"entry choice french-4 made in secret (28.0D)"});
  CHECK(serialize(view(state, kPrussian)) != serialize(view(state, kFrench)));

  // The rest made, the segment closes by itself and the player turn goes on.
  play_until(state, [](const GameState& s) { return !choice_segment_open(s); });
  CHECK(entry_choices_due(state, Side::French).empty());

  // 16/1200 passes with [4] still hidden; from the French player turn of 16/1400 everyone knows.
  play_until(state, [&](const GameState& s) { return s.turn == turn_of(s, "16/1200") && s.phasing == Side::Coalition; });
  CHECK_FALSE(entry_choice_revealed(state, "french-4"));
  CHECK(shown_arrival(state, kPrussian, gerard) == turn_of(state, "16/1200"));
  play_until(state, [&](const GameState& s) { return s.turn == turn_of(s, "16/1400"); });
  CHECK(entry_choice_revealed(state, "french-4"));
  CHECK(shown_arrival(state, kPrussian, gerard) == turn_of(state, "16/1400"));
}

TEST_CASE("28.0D the Coalition's choices wait for their deadlines: Allied 17/0600, Prussian [4] 17/0900",
          "[rules][28.0D][28.0C]") {
  GameState state = campaign_variant();
  play_until(state, [](const GameState& s) { return choice_segment_open(s) && s.phasing == Side::Coalition; });
  CHECK(state.current_turn().name == TurnName{17, 600});
  CHECK(entry_choices_due(state, Side::Coalition) ==
        std::vector<std::string>{"allied-n3", "allied-0900", "allied-2"});
  const auto early = validate(state, Side::Coalition,
                              choose_entry("prussian-4", {turn_of(state, "17/2100"), *parse_hex("5712")}));
  REQUIRE(early);
  CHECK(early->reason == "entry-choice-not-due");

  // The Prussian [4] hex, chosen at 17/0900 among the east-edge roads, by the Prussian army's seat.
  const UnitIndex bulow = unit_named(state, "Bulow");
  play_until(state, [&](const GameState& s) { return choice_segment_open(s) && s.turn == turn_of(s, "17/0900"); });
  CHECK(state.phasing == Side::Coalition);
  CHECK(entry_choices_due(state, Side::Coalition) == std::vector<std::string>{"prussian-4"});
  const Action east = choose_entry("prussian-4", {turn_of(state, "17/2100"), *parse_hex("5746")});
  CHECK(claim_of(state, east).armies == std::set<Army>{Army::Prussian});
  act(state, east);
  CHECK(state.units[bulow].entry_hexes == std::vector<Hex>{*parse_hex("5746")});
  CHECK_FALSE(may_see_entry_choice(state, kFrench, "prussian-4"));
  CHECK(may_see_entry_choice(state, kAllied, "prussian-4"));  // the side's choice: both its seats
}

TEST_CASE("28.0C Ney sets up inactive; no Prussian [3] unit enters while a [2] unit waits", "[rules][28.0C]") {
  GameState state = campaign_variant();
  CHECK(commander_inactive(state, unit_named(state, "Ney")));
  CHECK_FALSE(commander_inactive(state, unit_named(state, "Blucher")));

  play_until(state, [](const GameState& s) { return s.phasing == Side::Coalition && s.phase == Phase::Movement &&
                                                    pending_decision(s).kind == DecisionKind::Move; });
  const Hex entry = *parse_hex("5756");
  UnitIndex third = 0, second = 0;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.army != Army::Prussian || unit.is_leader() || unit.status != UnitStatus::Waiting) continue;
    if (unit.command.ends_with("[3]") && !third) third = static_cast<UnitIndex>(i);
    if (unit.command.ends_with("[2]") && !second) second = static_cast<UnitIndex>(i);
  }
  REQUIRE(third);
  REQUIRE(second);
  const auto refused = validate(state, Side::Coalition, MoveAction{MoveRequest{third, {entry}}});
  REQUIRE(refused);
  CHECK(refused->rule == "28.0C");
  CHECK(refused->code == RefusalCode::EntryOrder);
  CHECK_FALSE(validate(state, Side::Coalition, MoveAction{MoveRequest{second, {entry}}}));
}

TEST_CASE("28.0D an entry choice's line of notation is sealed for whoever may not know it yet",
          "[rules][28.0D][view]") {
  GameState state = campaign_variant();
  play_until(state, [](const GameState& s) { return choice_segment_open(s); });
  const Action choice = choose_entry("french-4", {turn_of(state, "16/1400"), *parse_hex("1167")});
  const std::string line = format_action(state, Side::French, choice);
  act(state, choice);
  CHECK(redact_action_line(state, line, kFrench) == line);
  CHECK(redact_action_line(state, line, kEverything) == line);
  CHECK(redact_action_line(state, line, kPrussian) == "french choose-entry french-4 sealed");
  CHECK(redact_action_line(state, line, kCoalitionSpectator) == "french choose-entry french-4 sealed");
  CHECK(redact_action_line(state, "french end", kPrussian) == "french end");
  play_until(state, [&](const GameState& s) { return s.turn == turn_of(s, "16/1400"); });
  CHECK(redact_action_line(state, line, kPrussian) == line);  // the turn of entry: public
}

namespace {

GameState campaign_with_hal_force() {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"campaign", {"22.4C", "22.6B"}, {}, std::nullopt});
  std::string errors;
  for (const auto& e : game.errors)
    errors += e.to_string() + "\n";
  INFO(errors);
  REQUIRE(game.value);
  return *game.value;
}

bool hal_force_segment_open(const GameState& state) {
  const PendingDecision pending = pending_decision(state);
  return pending.kind == DecisionKind::Rule && pending.rule == "22.6B";
}

// Plays the Campaign with the Hal Force to its end, nobody moving; the Allied player answers 22.6B's
// decision with `hal_force`.
GameState played_out(const Action& hal_force) {
  GameState state = campaign_with_hal_force();
  play_until(state, [](const GameState& s) { return hal_force_segment_open(s); });
  act(state, hal_force);
  play_until(state, [](const GameState& s) { return s.phase == Phase::GameOver; });
  return state;
}

}  // namespace

TEST_CASE("22.6B the Hal Force is decided in secret in the Allied player turn of 17/2100, or not used",
          "[rules][22.6B]") {
  GameState state = campaign_with_hal_force();
  const UnitIndex johnstone = unit_named(state, "Johnstone");
  CHECK(state.units[johnstone].arrival_turn == -1);
  play_until(state, [](const GameState& s) { return hal_force_segment_open(s); });
  CHECK(state.current_turn().name == TurnName{17, 2100});
  CHECK(state.phasing == Side::Coalition);
  CHECK(entry_choices_due(state, Side::Coalition) == std::vector<std::string>{"hal-force"});
  // Three times and hexes, or not at all; the Allied army's seat decides.
  const auto choices = decision_choices(state, Side::Coalition);
  REQUIRE(choices.size() == 4);
  CHECK(choices.back().label == "do not bring hal-force (secret)");
  CHECK(claim_of(state, choices.front().action).armies == std::set<Army>{Army::Allied});
  CHECK(validate(state, Side::Coalition, EndPhaseAction{}));

  const Action none = choose_entry("hal-force", EntryAlternative{}, "22.6B");
  CHECK(format_action(state, Side::Coalition, none) == "coalition choose-entry hal-force none");
  const auto events = act(state, none);
  CHECK(state.units[johnstone].arrival_turn == -1);  // never comes
  CHECK(shown_events(state, events, kAllied) ==
        std::vector<std::string>{"entry choice hal-force: not used (22.6B, secret to the end)"});
  CHECK(shown_events(state, events, kFrench) == std::vector<std::string>{"entry choice hal-force made in secret (22.6B)"});
  // The French are shown the box's first time for the force until the end of the game.
  CHECK(shown_arrival(state, kFrench, johnstone) == turn_of(state, "18/1100"));
  play_until(state, [&](const GameState& s) { return s.turn == turn_of(s, "18/1500"); });
  CHECK_FALSE(may_see_entry_choice(state, kFrench, "hal-force"));
}

TEST_CASE("22.6B a Hal Force used shifts 22.4C's level of victory one level toward the French", "[rules][22.6B]") {
  GameState probe = campaign_with_hal_force();
  const Action used = choose_entry("hal-force", {turn_of(probe, "18/1300"), *parse_hex("0136")}, "22.6B");
  const Action not_used = choose_entry("hal-force", EntryAlternative{}, "22.6B");
  const GameState without = played_out(not_used);
  const GameState with = played_out(used);
  REQUIRE(without.result);
  REQUIRE(with.result);
  CHECK(without.result->winner == Side::Coalition);
  CHECK(without.result->level == "decisive");  // nobody moved: net French VP below 50
  CHECK(with.result->winner == Side::Coalition);
  CHECK(with.result->level == "tactical");
  CHECK(with.result->text.find("the Hal Force was used (22.6B)") != std::string::npos);
}

TEST_CASE("28.0D, 22.6B a choice made in play is committed under its rule and name, its choice one word",
          "[rules][28.0D][22.6B]") {
  const GameState variant = campaign_variant();
  CHECK(entry_choice_secret_id(*variant.rules, "french-4") == "28.0D/french-4");
  CHECK(entry_choice_secret_id(*variant.rules, "prussian-4") == "28.0D/prussian-4");
  const GameState campaign = campaign_with_hal_force();
  CHECK(entry_choice_secret_id(*campaign.rules, "hal-force") == "22.6B/hal-force");
  CHECK(entry_choice_secret_text("16/1400 1167") == "16/1400@1167");
  CHECK(entry_choice_secret_text("none") == "none");
  CHECK(entry_choice_of_secret_id("28.0D/french-4") == std::optional<std::string_view>{"french-4"});
  CHECK(entry_choice_of_secret_id("22.6B/hal-force") == std::optional<std::string_view>{"hal-force"});
  CHECK_FALSE(entry_choice_of_secret_id("18.5C"));
  CHECK_FALSE(entry_choice_of_secret_id("28.0D/"));
  CHECK_FALSE(entry_choice_of_secret_id("28.0Dx/french-4"));
}

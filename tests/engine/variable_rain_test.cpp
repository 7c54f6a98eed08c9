// 22.6A Variable Rain Turns on small hand-built games with forced dice: the scenario's fixed rain
// turns dropped, one die at the start of each turn's first command phase from 17/1200 to 18/1100,
// the table read in scenarios/campaign/NOTES.md (R-C12), and the rolled rain acting as 4.3 says.
#include "rules_fixture.hpp"

#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/visibility/view.hpp>

using namespace hd::test;

namespace {

const std::vector<TestUnit> kUnits{{"french", "F", "infantry", 4, 4}, {"prussian", "P", "infantry", 4, 4}};

// The units stand two hexes apart: a move into the hex between them enters P's zone of control.
const std::string kBody = "rules 1.0-9.0\nsetup french 0505 : F\nsetup prussian 0705 : P\n";

// A game whose turns are re-cut to 17/1100, 17/1200, 17/1300, 17/1400, 17/2200 (night), 18/1100,
// 18/1200: the window of 22.6A and a turn on each side of it. `body_extra`: more scenario lines.
GameState weather_game(const std::string& body_extra) {
  auto state = make_game("", kUnits, kBody + body_extra);
  change_rules(state, [](Ruleset& rules) {
    rules.turns = {GameTurn{{17, 1100}}, GameTurn{{17, 1200}},       GameTurn{{17, 1300}},
                   GameTurn{{17, 1400}}, GameTurn{{17, 2200}, true}, GameTurn{{18, 1100}},
                   GameTurn{{18, 1200}}};
  });
  REQUIRE(state.turn == 0);
  REQUIRE(state.phase == Phase::Movement);
  return state;
}

const std::string kVariableRain = "special 22.6A \"Variable rain turns\"\n";

// A die that shows `value` and counts how often it was rolled.
struct CountedDie {
  int value;
  int rolled = 0;
  DieRoller roller() {
    return [this] {
      ++rolled;
      return value;
    };
  }
};

// Ends phases until the French movement phase of turn `turn` has begun; the phase starts on the way
// roll `shown`. Returns the events of the last end (the one that opened that phase).
std::vector<Event> to_french_movement(GameState& state, int turn, CountedDie& shown) {
  std::vector<Event> events;
  while (!(state.turn == turn && state.phasing == Side::French && state.phase == Phase::Movement))
    events = apply(state, pending_decision(state).side, EndPhaseAction{}, shown.roller());
  return events;
}

// The same with every die showing `value`: how many dice the way rolled.
int dice_to_french_movement(GameState& state, int turn, int value) {
  CountedDie shown{value};
  to_french_movement(state, turn, shown);
  return shown.rolled;
}

std::vector<DieRolledEvent> weather_rolls(const std::vector<Event>& events) {
  std::vector<DieRolledEvent> rolls;
  for (const DieRolledEvent& roll : events_of<DieRolledEvent>(events))
    if (roll.rule == "22.6A") rolls.push_back(roll);
  return rolls;
}

}  // namespace

TEST_CASE("22.6A the scenario's fixed rain turns are not used: the weather is clear at the start",
          "[rules][22.6A]") {
  const std::string rain = "rain 16/1400 16/1500\n";
  const auto scheduled = make_game("", kUnits, kBody + rain);
  CHECK_FALSE(weather_is_rolled(*scheduled.rules));
  CHECK(scheduled.rules->turns[0].rain);
  CHECK(raining(scheduled));  // 4.3 as the scenario schedules it

  const auto rolled = make_game("", kUnits, kBody + rain + kVariableRain);
  CHECK(weather_is_rolled(*rolled.rules));
  CHECK_FALSE(rolled.rules->turns[0].rain);
  CHECK_FALSE(rolled.rules->turns[1].rain);
  CHECK_FALSE(raining(rolled));
  CHECK_FALSE(view(rolled, Viewer{}).rain);
}

TEST_CASE("22.6A one die a turn from 17/1200 to 18/1100: clear turns to rain on 6, rain clears on 1-2",
          "[rules][22.6A]") {
  auto state = weather_game(kVariableRain);
  CHECK_FALSE(raining(state));

  // 17/1100: before the window, no die at all (no other rule here rolls one).
  CountedDie five{5};
  apply(state, Side::French, EndPhaseAction{}, five.roller());  // to the French combat phase
  CHECK(five.rolled == 0);

  // 17/1200: clear, a 6: rain. One die, at the start of the French player turn only.
  CountedDie six{6};
  auto events = to_french_movement(state, 1, six);
  CHECK(six.rolled == 1);
  REQUIRE(weather_rolls(events).size() == 1);
  CHECK(weather_rolls(events)[0].die == 6);
  CHECK(raining(state));
  CHECK(view(state, Viewer{}).rain);
  // 4.3: a rain turn has no combat phase, for either player, and no Coalition roll.
  apply(state, Side::French, EndPhaseAction{}, six.roller());
  CHECK(state.phasing == Side::Coalition);
  CHECK(state.phase == Phase::Movement);
  CHECK(six.rolled == 1);
  CHECK(raining(state));

  // 17/1300: rain, a 3: rain again.
  CHECK(dice_to_french_movement(state, 2, 3) == 1);
  CHECK(raining(state));

  // 17/1400: rain, a 2: clear; the combat phase is back.
  CHECK(dice_to_french_movement(state, 3, 2) == 1);
  CHECK_FALSE(raining(state));
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.phase == Phase::Combat);

  // 17/2200: night, no command phase (4.2), no die.
  CHECK(dice_to_french_movement(state, 4, 6) == 0);
  CHECK_FALSE(raining(state));

  // 18/1100: the last roll; clear, a 6: rain.
  CHECK(dice_to_french_movement(state, 5, 6) == 1);
  CHECK(raining(state));

  // 18/1200: automatically clear, no die.
  CHECK(dice_to_french_movement(state, 6, 6) == 0);
  CHECK_FALSE(raining(state));
}

TEST_CASE("22.6A clear weather stays clear on 1-5, rain stays on 3-6", "[rules][22.6A]") {
  for (int die_shown = 1; die_shown <= 6; ++die_shown) {
    DYNAMIC_SECTION("a " << die_shown << " from clear, then a " << die_shown << " from rain") {
      auto clear = weather_game(kVariableRain);
      CountedDie shown{die_shown};
      to_french_movement(clear, 1, shown);
      CHECK(raining(clear) == (die_shown == 6));

      auto wet = weather_game(kVariableRain);
      CountedDie six{6};
      to_french_movement(wet, 1, six);
      REQUIRE(raining(wet));
      to_french_movement(wet, 2, shown);
      CHECK(raining(wet) == (die_shown >= 3));
    }
  }
}

TEST_CASE("22.6A rolled rain is a rain turn for movement: no entering an enemy ZOC (5.3F)",
          "[rules][22.6A]") {
  auto state = weather_game(kVariableRain);
  CountedDie six{6};
  to_french_movement(state, 1, six);
  REQUIRE(raining(state));
  CHECK(refused_by(state, Side::French, move(state, "F", {"0605"})) == "5.3F");

  auto clear = weather_game(kVariableRain);
  CountedDie one{1};
  to_french_movement(clear, 1, one);
  REQUIRE_FALSE(raining(clear));
  CHECK(refused_by(clear, Side::French, move(clear, "F", {"0605"})).empty());
}

TEST_CASE("22.6A without the rule no die is rolled and the scheduled weather holds", "[rules][22.6A]") {
  auto state = weather_game("");
  CHECK(dice_to_french_movement(state, 5, 6) == 0);
  CHECK_FALSE(raining(state));
}

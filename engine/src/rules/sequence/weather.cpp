// 4.3 Rain turns: the weather of the turn being played, and 22.6A Variable Rain Turns, the rule
// module that rolls it.
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/state/field_walk.hpp>

#include <string_view>

namespace hd::engine {

// 22.6A's own state, in its slot: the weather now, and the turn whose roll made it.
struct VariableRain {
  bool rain = false;     // "the weather is clear at the start of the game"
  int rolled_turn = -1;  // the turn index of the last roll (-1: none yet)
  bool operator==(const VariableRain&) const = default;
};

template <>
struct Fields<VariableRain> {
  static constexpr auto list =
      std::make_tuple(field("rain", &VariableRain::rain), field("rolled_turn", &VariableRain::rolled_turn));
};

namespace {

[[maybe_unused]] void every_member_is_walked(VariableRain& v) {
  HD_ALL_MEMBERS_WALKED(VariableRain, v, v1, v2);
}

constexpr TurnName kFirstRoll{17, 1200};
constexpr TurnName kLastRoll{18, 1100};

void open_weather_slot(GameState& state) {
  state.rule_state.add<VariableRain>(kVariableRainRule);
}

// 22.6A's table (scenarios/campaign/NOTES.md, R-C12): clear weather stays clear on 1-5 and turns to
// rain on 6; rain clears on 1-2 and stays on 3-6.
bool rain_after(bool raining_now, int die) {
  return raining_now ? die >= 3 : die == 6;
}

// 22.6A: "starting with the 17/1200 turn and ending with the 18/1100 turn, roll one die at the
// beginning of each command phase"; "the weather is automatically clear starting with the 18/1200
// turn". One roll a turn, at the start of its first player turn (before 11.0's command segment),
// and the weather holds for the whole turn (docs/rules-notes.md, 22.6A). No command phase at night
// (4.2), so no roll: the weather stays as it was until the next daylight turn's roll.
void roll_weather(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (state.phase != Phase::Movement || state.phasing != state.rules->scenario.first_side) return;
  auto& weather = state.rule_state.get<VariableRain>(kVariableRainRule);
  if (weather.rolled_turn == state.turn) return;
  const GameTurn& turn = state.current_turn();
  if (kLastRoll < turn.name) {
    weather.rain = false;
    return;
  }
  if (turn.night || turn.name < kFirstRoll) return;
  const int die = roll();
  const bool was_raining = weather.rain;
  weather.rain = rain_after(was_raining, die);
  weather.rolled_turn = state.turn;
  events.push_back(DieRolledEvent{std::string(kVariableRainRule), die,
                                  std::string(was_raining ? "rain" : "clear") +
                                      " weather: " + (weather.rain ? "rain this turn" : "clear this turn")});
}

}  // namespace

bool weather_is_rolled(const Ruleset& rules) {
  return rule_in_force(rules, kVariableRainRule);
}

bool raining(const GameState& state) {
  if (const auto* weather = state.rule_state.find<VariableRain>(kVariableRainRule)) return weather->rain;
  return state.current_turn().rain;
}

namespace modules {
extern const RuleModule campaign_22_6A{
    "22.6A",
    "Variable rain turns",
    "hooks: opening (its slot: clear), phase start (one die at the start of each turn's first command "
    "phase from 17/1200 to 18/1100, before 11.0's command segment); rules/sequence/weather (raining) "
    "answers 4.3 from it, and the ruleset drops the scenario's fixed rain turns (22.5C)",
    {.opening = open_weather_slot, .phase_start = roll_weather},
    {"11.0"}};
}  // namespace modules

}  // namespace hd::engine

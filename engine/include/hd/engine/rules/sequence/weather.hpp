// 4.3 Rain turns: the weather of the turn being played. The scenario schedules it (its rain lines:
// 22.5C's rain turns), unless 22.6A's variable rain is in force: then the weather is clear at the
// start and a die at the start of each turn's first command phase makes it (rules/sequence/weather.cpp).
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <string_view>

namespace hd::engine {

// 22.6A, variable rain: the rule whose being in force means the weather is rolled.
inline constexpr std::string_view kVariableRainRule = "22.6A";

// 4.3: true if the game's current turn is a rain turn (movement as at night, no combat phase).
bool raining(const GameState& state);

// True if the weather is rolled as the game goes (22.6A is in force) rather than scheduled: the
// scenario's rain turns are then not used, and no turn but the current one has a known weather.
bool weather_is_rolled(const Ruleset& rules);

}  // namespace hd::engine

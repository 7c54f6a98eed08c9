// A GameState written as text and read back: every field but the ruleset, for a server that keeps
// snapshots of its games (docs/server.md, "Start-up replay and snapshots"). The text is a version
// token and space-separated tokens; strings are percent-escaped.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace hd::engine {

// Every field of `state` except `rules`, as text.
std::string snapshot_state(const GameState& state);

// The state written by snapshot_state, on the ruleset of `base` (a state of the same game: the
// same scenario and units, e.g. its first state). nullopt if the text is malformed, of another
// version, or names other units than `base` has.
std::optional<GameState> restore_state(const GameState& base, std::string_view text);

}  // namespace hd::engine

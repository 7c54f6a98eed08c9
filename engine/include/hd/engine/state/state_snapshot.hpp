// A GameState written as text and read back, for a server that keeps snapshots of its games
// (docs/server.md, "Start-up replay and snapshots"). The text is a format token ("hd-state-2"), the
// rules version, then the field walk (field_walk.hpp) as space-separated tokens, the ruleset as its
// identity (rules_identity); strings are percent-escaped.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace hd::engine {

// Every field of `state` as text, the ruleset named by its identity.
std::string snapshot_state(const GameState& state);

// The state written by snapshot_state, on the ruleset of `base` (a state of the same game: the
// same scenario and units, e.g. its first state). nullopt if the text is malformed, of another
// format or rules version, names other rules in force or other units than `base` has, or a turn or
// unit index out of range.
std::optional<GameState> restore_state(const GameState& base, std::string_view text);

}  // namespace hd::engine

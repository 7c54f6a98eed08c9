// 16.3 (issue 14): the reason a side is given when its action is refused. validate() judges on the
// board that is; where 16.3 is in force its reason could tell of an enemy piece the side does not
// observe (a retreat into the zone of a piece unseen at night). Moves, hides and marker moves are
// judged on the believed board already (docs/rules-notes.md, 16.3 "Moves"); this covers the rest.
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>

namespace hd::engine {

// The reason of refusal_told's answer to an action lawful on the board its side believes.
inline constexpr const char* kRefusedByUnobserved = "refused-by-unobserved";

// `refused`, validate(state, side, action)'s refusal, as `side` may be told it. Where 16.3 is in
// force: the refusal of the board the side believes (believed_board) if that board refuses the
// action too, which names only what the side knows or believes; else, the action being lawful there,
// a 16.3 refusal (kRefusedByUnobserved) that names `refused`'s rule and nothing of what forbids it.
// Without 16.3, `refused` itself (its unit names are then cut by redact() for the viewer).
Refusal refusal_told(const GameState& state, Side side, const Action& action, const Refusal& refused);

}  // namespace hd::engine

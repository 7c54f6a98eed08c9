// 16.3 (issue 14): the reason a side is given when its action is refused. validate() judges on the
// board that is; where 16.3 is in force its reason could tell of an enemy piece the side does not
// observe (a retreat into the zone of a piece unseen at night). Moves, hides and marker moves are
// judged on the believed board already (docs/rules-notes.md, 16.3 "Moves"); this covers the rest.
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>

namespace hd::engine {

// `refused`, validate(state, side, action)'s refusal, as `side` may be told it: where 16.3 is in
// force and the board the side believes (believed_board) refuses the action too, that board's
// refusal, which names only what the side knows or believes; otherwise `refused` itself (its unit
// names are then cut by redact() for the viewer).
Refusal refusal_told(const GameState& state, Side side, const Action& action, const Refusal& refused);

}  // namespace hd::engine

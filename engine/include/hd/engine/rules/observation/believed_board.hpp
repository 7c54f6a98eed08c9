// 16.3 (issue 14): the board as one side believes it. A seat's questions about the board (the hexes
// a unit can reach, the command range, the combats on offer, the odds, the retreats) are answered on
// it, so that an answer cannot reveal an enemy piece the side does not observe: the enemy's zones of
// control, blocked hexes and command-range obstacles are where the side knows or believes them.
#pragma once

#include <hd/engine/state/game_state.hpp>

namespace hd::engine {

// A copy of `state` in which every enemy piece on the map that `side` does not observe now stands
// where the side last saw it, with the side (full or reduced) then showing, unless the side
// observes that hex now (so it knows the piece is gone) or never saw the piece: such a piece is off
// the board (withdrawn). The side's own pieces, and everything where 16.3 is not in force, are as
// in `state`. Only for answering questions: the engine validates and applies actions on `state`.
GameState believed_board(const GameState& state, Side side);

}  // namespace hd::engine

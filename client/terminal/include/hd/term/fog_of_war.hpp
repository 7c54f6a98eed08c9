// Whether an open game is played with fog of war (16.3, issue 14), as its scenario says, and the
// notice the client prints once when such a game is opened.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

namespace hd::term {

// 16.3 (issue 14): true when the game is played with fog of war, its scenario naming "16.3" among
// its optional rules or its missing ones (a development server's game).
bool fog_of_war(const hundred_days::v1::ScenarioInfo& scenario);

// Said once when a game with fog of war is opened.
inline constexpr const char* kFogNotice =
    "fog of war (16.3): the board shown is your side's view from the server, not the whole board";

}  // namespace hd::term

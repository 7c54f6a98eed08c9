// Spectators and secret choices (issue 29, finding 1; docs/games.md, "Spectators and secret
// choices"): a secret choice (18.5C today, hidden movement later) never reaches a spectator who may
// not see it, whatever the creator's policy and whenever the spectator comes.
#pragma once

#include "games/game_room.hpp"

#include <hd/engine/state/game_state.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <optional>
#include <string>

namespace hd::server {

// Why a spectator policy is refused for a game of `initial`'s scenario, or nullopt if it is safe. A
// scenario that offers a side a secret choice has no spectators who see as that side, nor everything
// live, nor everything at all if both sides have one: each would see the choice. The check is on the
// scenario's offer, not on whether the option was chosen, so that the policy tells nothing of it.
std::optional<std::string> secret_exposing_policy(const engine::GameState& initial,
                                                  hundred_days::v1::SpectatorView view,
                                                  std::uint32_t delay_player_turns);

// True while `room` is open with a free human seat of a side that a secret choice of its scenario
// is kept from: whoever watched it now could take that seat afterwards, so nobody without a seat in
// it may spectate it yet.
bool spectating_would_precede_a_seat(const GameRoom& room);

}  // namespace hd::server

// What each connection of a game is shown (issue 5): a seat holder sees its army's view; spectators
// see what the creator's policy allows: the French view, the Coalition view, or everything a number
// of player turns late. Everything shown goes through engine::view() and engine::redact().
#pragma once

#include "games/game_room.hpp"

#include <hd/engine/visibility/view.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <vector>

namespace hd::server {

// The viewer of a connection acting for `seats` (non-empty): the first seat's army. Seats held
// together are always of one side's view under the rules in force (no hidden movement yet).
engine::Viewer viewer_for_seats(const std::vector<hundred_days::v1::Seat>& seats);

// The viewer of a spectator under a policy, or nullopt if the policy allows no spectators.
std::optional<engine::Viewer> spectator_viewer(hundred_days::v1::SpectatorView policy);

// The state a subscriber may see now: the live state, or for a delayed spectator the state at the
// start of the player turn `delay_player_turns` turns before the current one (the first state if
// the game is younger). A finished game is shown live to everyone.
const engine::GameState& visible_state(const GameRoom& room, const Subscriber& subscriber);

// True if the subscriber sees the game late (its updates then carry no events).
bool is_delayed(const GameRoom& room, const Subscriber& subscriber);

// The side whose view `viewer` is shown: a seat's army's, or a spectator's shown one side; nullopt
// for a spectator shown everything.
std::optional<engine::Side> viewed_side(const engine::Viewer& viewer);

// Issue 14: the side whose stream the subscriber is sent in a fogged game (GameRoom::fogged): a seat
// holder's, or a live spectator's shown one side. Nullopt otherwise (no 16.3, a spectator shown
// everything, a delayed spectator): such a subscriber is sent every action, by log sequence.
std::optional<engine::Side> fog_side(const GameRoom& room, const Subscriber& subscriber);

// The sequence of the state the subscriber sees: the last action's log sequence, or for a delayed
// spectator the one at the start of its delayed player turn (0 before the first action); for a
// fogged side (fog_side), the number of actions shown to that side.
std::uint64_t visible_sequence(const GameRoom& room, const Subscriber& subscriber);

// The number a non-delayed subscriber knows the state after log sequence `log_sequence` by: the
// log sequence itself, or for a fogged side the number of actions shown to it up to there.
std::uint64_t shown_sequence(const GameRoom& room, const Subscriber& subscriber, std::uint64_t log_sequence);

// The viewer the subscriber's state is shown through. A delayed spectator (DELAYED_ALL) sees
// everything but a secret option (18.5C) still hidden in its delayed state: it is shown that state as
// a spectator of the other side until the delayed state reaches the reveal. Throws std::logic_error if
// both sides have a hidden secret (no scenario has; no viewer could then be shown the state safely).
engine::Viewer shown_viewer(const GameRoom& room, const Subscriber& subscriber);

// `viewer` as it may be shown `shown`: a spectator who sees everything (no side) sees a state in which
// a secret option (18.5C) is still hidden as a spectator of the other side; any other viewer as it is.
// Throws std::logic_error if both sides hide a secret in `shown` (no viewer could see it safely).
engine::Viewer secret_safe_viewer(const engine::GameState& shown, const engine::Viewer& viewer);

}  // namespace hd::server

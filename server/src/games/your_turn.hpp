// Issue 16: whether a game waits for an account (GameSummary.your_turn): the lobby's "your turn".
#pragma once

#include "games/game_room.hpp"

namespace hd::server {

// True if the game is RUNNING and `account` holds a seat whose decision is pending now
// (GameRoom::pending_seats); false for any other account, the built-in players' seats included.
bool your_turn(const GameRoom& room, AccountId account);

}  // namespace hd::server

// Who may have a game loaded for them (issue 15): a game not in memory (a finished one) is loaded
// and replayed only for an account that belongs to it, judged from its database rows first, so that
// trying game ids replays nothing and tells nothing about which games exist.
#pragma once

#include "games/game_store.hpp"

#include <vector>

namespace hd::server {

// True if `account` belongs to the game: it holds one of its seats, or the game is public and its
// spectator policy lets anyone watch (spectator_view set), or it created the game and the game was
// played to its end (a game of built-in players has no seat holder). (A private game's spectators
// must hold a seat: docs/games.md.)
bool belongs_to_game(const GameRow& game, const std::vector<SeatRow>& seats, AccountId account);

}  // namespace hd::server

// Issue 16, a live lobby: the lobby's lists kept current from the server's pushes (LobbyChanged)
// without asking again, and "my games" ordered with the games waiting for this account first.
// Pure functions of the lobby model.
#pragma once

#include "model/lobby_model.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <vector>

namespace hd::client {

// Orders my games: those with your_turn first, then newest (highest id) first within each group.
void sort_my_games(std::vector<hundred_days::v1::GameSummary>& games);

// Puts one pushed summary where ListGames would list it for `username`, replacing the game's old
// row in each list and leaving the lists it no longer belongs in: mine (a seat held by
// `username`), open (OPEN and public), to watch (RUNNING, public, spectators allowed). The open and
// watch lists stay newest first, mine as sort_my_games.
void apply_lobby_change(LobbyModel& lobby, const hundred_days::v1::GameSummary& game,
                        const std::string& username);

}  // namespace hd::client

#include "model/lobby_updates.hpp"

#include <algorithm>

namespace hd::client {

namespace pb = hundred_days::v1;

namespace {

bool newer(const pb::GameSummary& a, const pb::GameSummary& b) {
  return a.game_id() > b.game_id();
}

// Replaces the game's row in `games` (or drops it when `belongs` is false), keeping `before` order.
template <typename Before>
void place(std::vector<pb::GameSummary>& games, const pb::GameSummary& game, bool belongs, Before before) {
  games.erase(std::remove_if(games.begin(), games.end(),
                             [&](const pb::GameSummary& row) { return row.game_id() == game.game_id(); }),
              games.end());
  if (!belongs) return;
  games.insert(std::upper_bound(games.begin(), games.end(), game, before), game);
}

bool holds_seat(const pb::GameSummary& game, const std::string& username) {
  return !username.empty() &&
         std::any_of(game.seats().begin(), game.seats().end(),
                     [&](const pb::SeatHolder& seat) { return seat.human() && seat.username() == username; });
}

}  // namespace

void sort_my_games(std::vector<pb::GameSummary>& games) {
  std::stable_sort(games.begin(), games.end(), [](const pb::GameSummary& a, const pb::GameSummary& b) {
    if (a.your_turn() != b.your_turn()) return a.your_turn();
    return newer(a, b);
  });
}

void apply_lobby_change(LobbyModel& lobby, const pb::GameSummary& game, const std::string& username) {
  const auto mine_first = [](const pb::GameSummary& a, const pb::GameSummary& b) {
    if (a.your_turn() != b.your_turn()) return a.your_turn();
    return newer(a, b);
  };
  place(lobby.my_games, game, holds_seat(game, username), mine_first);
  place(lobby.open_games, game, game.public_listing() && game.status() == pb::GAME_STATUS_OPEN, newer);
  place(lobby.spectatable_games, game,
        game.public_listing() && game.status() == pb::GAME_STATUS_RUNNING &&
            game.spectators().view() != pb::SPECTATOR_VIEW_UNSPECIFIED,
        newer);
}

}  // namespace hd::client

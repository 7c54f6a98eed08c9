#include "games/game_membership.hpp"

namespace hd::server {

bool belongs_to_game(const GameRow& game, const std::vector<SeatRow>& seats, AccountId account) {
  for (const SeatRow& seat : seats)
    if (seat.account && *seat.account == account) return true;
  // The creator of a game played to its end (every secret opened), seat or no seat: whoever set up a
  // game of built-in players may export and replay it.
  if (game.creator == account && game.status == hundred_days::v1::GAME_STATUS_FINISHED && !game.closed_before_start)
    return true;
  return game.public_listing && game.spectator_view != hundred_days::v1::SPECTATOR_VIEW_UNSPECIFIED;
}

}  // namespace hd::server

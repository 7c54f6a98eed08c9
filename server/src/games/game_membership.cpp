#include "games/game_membership.hpp"

namespace hd::server {

bool belongs_to_game(const GameRow& game, const std::vector<SeatRow>& seats, AccountId account) {
  for (const SeatRow& seat : seats)
    if (seat.account && *seat.account == account) return true;
  return game.public_listing && game.spectator_view != hundred_days::v1::SPECTATOR_VIEW_UNSPECIFIED;
}

}  // namespace hd::server

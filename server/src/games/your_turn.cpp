#include "games/your_turn.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

bool your_turn(const GameRoom& room, AccountId account) {
  if (room.row.status != v1::GAME_STATUS_RUNNING) return false;
  for (v1::Seat seat : room.pending_seats()) {
    const SeatRow* holder = room.seat(seat);
    if (holder && !holder->built_in && holder->account == account) return true;
  }
  return false;
}

}  // namespace hd::server

// What the replay tests on the real server share: the QueryReplay request, and a frame's view or
// update less what only the live game adds, so that a frame compares with what was sent live.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>

namespace hd::test {

inline hundred_days::v1::ClientEnvelope query_replay(
    std::uint64_t game, std::uint64_t index,
    hundred_days::v1::Seat seat = hundred_days::v1::SEAT_UNSPECIFIED) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.mutable_query_replay()->set_game_id(game);
  envelope.mutable_query_replay()->set_action_index(index);
  envelope.mutable_query_replay()->set_seat(seat);
  return envelope;
}

// A view less what only the live game adds (the seats waited for, whether an undo may be asked).
inline std::string without_live(hundred_days::v1::GameView view) {
  view.mutable_pending()->clear_seats();
  view.clear_undo_allowed();
  return view.SerializeAsString();
}

// An update as a replay frame repeats it: its view without the live part.
inline std::string without_live(hundred_days::v1::GameUpdate update) {
  *update.mutable_view() = hundred_days::v1::GameView();
  return update.SerializeAsString();
}

}  // namespace hd::test

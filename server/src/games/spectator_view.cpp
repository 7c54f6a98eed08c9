#include "games/spectator_view.hpp"

#include "games/seat_policy.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

engine::Viewer viewer_for_seats(const std::vector<v1::Seat>& seats) {
  engine::Viewer viewer;
  viewer.kind = engine::Viewer::Kind::Seat;
  viewer.army = army_of_seat(seats.empty() ? v1::SEAT_FRENCH : seats.front());
  return viewer;
}

std::optional<engine::Viewer> spectator_viewer(v1::SpectatorView policy) {
  engine::Viewer viewer;
  viewer.kind = engine::Viewer::Kind::Spectator;
  switch (policy) {
    case v1::SPECTATOR_VIEW_FRENCH:
      viewer.side = engine::Side::French;
      return viewer;
    case v1::SPECTATOR_VIEW_COALITION:
      viewer.side = engine::Side::Coalition;
      return viewer;
    case v1::SPECTATOR_VIEW_DELAYED_ALL:
      return viewer;  // no side: everything
    default:
      return std::nullopt;
  }
}

bool is_delayed(const GameRoom& room, const Subscriber& subscriber) {
  return subscriber.delay_player_turns > 0 && room.row.status != v1::GAME_STATUS_FINISHED;
}

const engine::GameState& visible_state(const GameRoom& room, const Subscriber& subscriber) {
  if (!is_delayed(room, subscriber)) return room.state;
  const std::size_t current = room.turn_starts.size() - 1;
  const std::size_t delay = static_cast<std::size_t>(subscriber.delay_player_turns);
  return room.turn_starts[current >= delay ? current - delay : 0].second;
}

}  // namespace hd::server

#include "games/spectator_view.hpp"

#include "games/seat_policy.hpp"

#include <hd/engine/scenarios/secret_options.hpp>

#include <set>
#include <stdexcept>

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

namespace {

// The index in room.turn_starts of a delayed subscriber's player turn.
std::size_t delayed_turn(const GameRoom& room, const Subscriber& subscriber) {
  const std::size_t current = room.turn_starts.size() - 1;
  const std::size_t delay = static_cast<std::size_t>(subscriber.delay_player_turns);
  return current >= delay ? current - delay : 0;
}

}  // namespace

const engine::GameState& visible_state(const GameRoom& room, const Subscriber& subscriber) {
  if (!is_delayed(room, subscriber)) return room.state();
  return room.turn_starts[delayed_turn(room, subscriber)].second;
}

std::optional<engine::Side> viewed_side(const engine::Viewer& viewer) {
  if (viewer.kind == engine::Viewer::Kind::Seat)
    return viewer.army ? std::optional(engine::side_of(*viewer.army)) : std::nullopt;
  return viewer.side;
}

std::optional<engine::Side> fog_side(const GameRoom& room, const Subscriber& subscriber) {
  if (!room.fogged() || is_delayed(room, subscriber)) return std::nullopt;
  return viewed_side(subscriber.viewer);
}

std::uint64_t visible_sequence(const GameRoom& room, const Subscriber& subscriber) {
  if (const auto side = fog_side(room, subscriber)) return room.side_sequence_at(*side, room.sequence());
  if (!is_delayed(room, subscriber)) return room.sequence();
  return room.turn_starts[delayed_turn(room, subscriber)].first;
}

std::uint64_t shown_sequence(const GameRoom& room, const Subscriber& subscriber, std::uint64_t log_sequence) {
  const auto side = fog_side(room, subscriber);
  return side ? room.side_sequence_at(*side, log_sequence) : log_sequence;
}

engine::Viewer shown_viewer(const GameRoom& room, const Subscriber& subscriber) {
  if (!is_delayed(room, subscriber)) return subscriber.viewer;
  return secret_safe_viewer(visible_state(room, subscriber), subscriber.viewer);
}

engine::Viewer secret_safe_viewer(const engine::GameState& shown, const engine::Viewer& viewer) {
  if (viewer.kind != engine::Viewer::Kind::Spectator || viewer.side) return viewer;
  // 18.5C: the sides whose secret option is still hidden in the state this spectator sees.
  std::set<engine::Side> hiding;
  for (const engine::ScenarioOption& option : shown.rules->scenario.options)
    if (option.secret && engine::option_hidden(shown, option)) hiding.insert(option.secret->side);
  if (hiding.empty()) return viewer;
  if (hiding.size() > 1)
    throw std::logic_error("both sides hide a secret option: no view of everything is safe");
  engine::Viewer safe = viewer;
  safe.side = engine::other(*hiding.begin());
  return safe;
}

}  // namespace hd::server

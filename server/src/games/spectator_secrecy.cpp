#include "games/spectator_secrecy.hpp"

#include "games/seat_policy.hpp"

#include <hd/engine/visibility/view.hpp>

#include <set>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

const char* side_name(engine::Side side) {
  return side == engine::Side::French ? "French" : "Coalition";
}

}  // namespace

std::optional<std::string> secret_exposing_policy(const engine::GameState& initial, v1::SpectatorView view,
                                                  std::uint32_t delay_player_turns) {
  const std::set<engine::Side> sides = engine::sides_keeping_secrets(*initial.rules);
  if (sides.empty()) return std::nullopt;
  const std::string offer = std::string("this scenario offers the ") + side_name(*sides.begin()) +
                            (sides.size() > 1 ? " and the Coalition players" : " player") +
                            " a secret choice, so spectators may not ";
  if (view == v1::SPECTATOR_VIEW_FRENCH && sides.count(engine::Side::French))
    return offer + "see as the French side (choose the Coalition view, a delayed view or none)";
  if (view == v1::SPECTATOR_VIEW_COALITION && sides.count(engine::Side::Coalition))
    return offer + "see as the Coalition side (choose the French view, a delayed view or none)";
  if (view == v1::SPECTATOR_VIEW_DELAYED_ALL && sides.size() > 1)
    return offer + "see everything (choose no spectators)";
  if (view == v1::SPECTATOR_VIEW_DELAYED_ALL && delay_player_turns == 0)
    return offer + "see everything live (choose a delay of at least one player turn)";
  return std::nullopt;
}

bool spectating_would_precede_a_seat(const GameRoom& room) {
  if (room.row.status != v1::GAME_STATUS_OPEN) return false;
  const std::set<engine::Side> sides = engine::sides_keeping_secrets(*room.state().rules);
  for (const SeatRow& seat : room.seats)
    if (!seat.built_in && !seat.account && sides.count(engine::other(side_of_seat(seat.seat)))) return true;
  return false;
}

}  // namespace hd::server

#include "games/seat_policy.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

engine::Army army_of_seat(v1::Seat seat) {
  switch (seat) {
    case v1::SEAT_PRUSSIAN:
      return engine::Army::Prussian;
    case v1::SEAT_ALLIED:
      return engine::Army::Allied;
    default:
      return engine::Army::French;
  }
}

engine::Side side_of_seat(v1::Seat seat) {
  return engine::side_of(army_of_seat(seat));
}

bool is_valid_seat(v1::Seat seat) {
  return seat == v1::SEAT_FRENCH || seat == v1::SEAT_PRUSSIAN || seat == v1::SEAT_ALLIED;
}

std::vector<engine::Army> armies_in_play(const engine::GameState& state) {
  std::set<engine::Army> present;
  for (const engine::UnitState& unit : state.units)
    present.insert(unit.army);
  return {present.begin(), present.end()};
}

}  // namespace hd::server

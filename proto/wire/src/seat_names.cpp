#include <hd/wire/seat_names.hpp>

namespace hd::wire {

namespace v1 = hundred_days::v1;

std::string seat_name(v1::Seat seat) {
  switch (seat) {
    case v1::SEAT_FRENCH:
      return "french";
    case v1::SEAT_PRUSSIAN:
      return "prussian";
    case v1::SEAT_ALLIED:
      return "allied";
    default:
      return "none";
  }
}

std::optional<v1::Seat> seat_from_name(std::string_view name) {
  for (v1::Seat seat : {v1::SEAT_FRENCH, v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED})
    if (name == seat_name(seat)) return seat;
  return std::nullopt;
}

}  // namespace hd::wire

#pragma once
// The seats' names in text: "french", "prussian", "allied". The game record, the dice proof, the
// logs and the terminal client's commands all use these words, so they live in one place.
#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <string>
#include <string_view>

namespace hd::wire {

// "french", "prussian" or "allied"; "none" for SEAT_UNSPECIFIED or an unknown value.
std::string seat_name(hundred_days::v1::Seat seat);

// The seat a name denotes (exactly one of the three words above), or nullopt.
std::optional<hundred_days::v1::Seat> seat_from_name(std::string_view name);

}  // namespace hd::wire

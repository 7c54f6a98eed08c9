// Seats and who may act (issue 5): the French, Prussian and Allied seats each command one army's
// units. The Coalition side has two seats; one account may hold several. Every check here is made
// against the seats bound to the caller's account, never against a side or seat named in a message.
#pragma once

#include <hd/engine/state/game_state.hpp>
#include <hd/wire/scenario_list_convert.hpp>
#include <hd/wire/seat_names.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hd::server {

// The seat order of the dice (docs/dice.md) and of the record: French, Prussian, Allied.
inline constexpr std::array<hundred_days::v1::Seat, 3> kSeatOrder = {
    hundred_days::v1::SEAT_FRENCH, hundred_days::v1::SEAT_PRUSSIAN, hundred_days::v1::SEAT_ALLIED};

// The army a (valid) seat commands, and back.
engine::Army army_of_seat(hundred_days::v1::Seat seat);
using wire::seat_of_army;
engine::Side side_of_seat(hundred_days::v1::Seat seat);
// "french", "prussian", "allied" (the dice proof's and the logs' names).
using wire::seat_name;
bool is_valid_seat(hundred_days::v1::Seat seat);

// The armies with units in the game: only these get seats.
std::vector<engine::Army> armies_in_play(const engine::GameState& state);

}  // namespace hd::server

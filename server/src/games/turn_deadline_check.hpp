// Issue 16 (deadlines): the check of CreateGame.deadline, in words for an INVALID_REQUEST.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <optional>
#include <string>

namespace hd::server {

inline constexpr std::uint32_t kMaxDeadlineHours = 720;        // 30 days per player turn
inline constexpr std::uint32_t kMaxDeadlineVacationDays = 30;  // per seat, over the game

// Why `deadline` cannot be a game's (hours 1-720 with a known policy, vacation days 0-30; hours 0
// means no deadline and then nothing else may be set), or nullopt if it can.
std::optional<std::string> turn_deadline_problem(const hundred_days::v1::TurnDeadline& deadline);

}  // namespace hd::server

// A game's turn deadline for the terminal (issue 16, docs/games.md "Deadlines"): the `create`
// arguments that choose it and the words a game line shows. Typed fields only; the clock is the
// caller's.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <string>

namespace hd::term {

// The create arguments of a deadline, as a usage message says them.
inline constexpr const char* kDeadlineUsage = "deadline=HOURS vacation=DAYS on-deadline=builtin|forfeit";

enum class DeadlineArgument { NotDeadline, Read, Bad };

// Reads one `key=value` create argument into `deadline`: deadline=HOURS, vacation=DAYS,
// on-deadline=builtin|forfeit (Read); a bad value of one of them (Bad); any other key (NotDeadline).
// The ranges (1-720 hours, 0-30 days) are the server's to judge.
DeadlineArgument read_deadline_argument(const std::string& key, const std::string& value,
                                        hundred_days::v1::TurnDeadline& deadline);

// A game line's deadline: " deadline none", or " deadline 48h vacation 3 on-deadline forfeit", then
// while running " deadline-in 31h" (whole hours, "40m" under an hour, "passed"; nothing when the
// server gave no time or `now_unix` is 0) and each human seat's days " vacation-left french=3 ...".
std::string deadline_text(const hundred_days::v1::GameSummary& game, std::uint64_t now_unix);

// The system clock in Unix seconds, the `now_unix` of the terminal's game lines.
std::uint64_t now_unix();

}  // namespace hd::term

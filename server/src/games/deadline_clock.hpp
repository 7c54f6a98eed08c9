// Issue 16 (deadlines; docs/games.md "Deadlines"): the arithmetic of a player turn's deadline, kept
// pure (no clock, no database) so it is tested alone. Times are unix seconds; an "hour" is
// `hour_seconds` long (3600, or less on a test server: deadline-hour-seconds).
#pragma once

#include <cstdint>

namespace hd::server {

// A game's deadline settings (CreateGame.deadline) and the server's hour.
struct DeadlineRule {
  std::int64_t hours = 0;          // per player turn, 1-720
  std::int64_t vacation_days = 0;  // per seat, over the game, 0-30
  std::int64_t hour_seconds = 3600;
};

// Where the wait for one player turn stands.
struct DeadlineWait {
  std::int64_t began_unix = 0;          // when the player turn began
  std::int64_t turn_vacation_days = 0;  // vacation days spent within it
};

// The reminder comes when this fraction of the deadline (without vacation) has passed.
struct ReminderFraction {
  std::int64_t numerator = 3;
  std::int64_t denominator = 4;
};

// When the wait lapses: its start, plus the hours, plus 24 hours per vacation day spent in it.
std::int64_t deadline_unix(const DeadlineRule& rule, const DeadlineWait& wait);

// When the player turn's reminder is due: its start plus `fraction` of the hours (rounded down).
std::int64_t reminder_unix(const DeadlineRule& rule, const DeadlineWait& wait, ReminderFraction fraction);

// The vacation days a seat with `days_left` must spend at `now_unix` so that the wait has not
// lapsed, at most `days_left`: 0 while the deadline has not passed. If even all of them do not
// cover `now_unix` (a server down for long), all are spent and the deadline has still passed.
std::int64_t vacation_days_needed(const DeadlineRule& rule, const DeadlineWait& wait, std::int64_t days_left,
                                  std::int64_t now_unix);

}  // namespace hd::server

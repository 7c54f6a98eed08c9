#include "games/deadline_clock.hpp"

#include <algorithm>

namespace hd::server {

namespace {

std::int64_t day_seconds(const DeadlineRule& rule) {
  return 24 * rule.hour_seconds;
}

}  // namespace

std::int64_t deadline_unix(const DeadlineRule& rule, const DeadlineWait& wait) {
  return wait.began_unix + rule.hours * rule.hour_seconds + wait.turn_vacation_days * day_seconds(rule);
}

std::int64_t reminder_unix(const DeadlineRule& rule, const DeadlineWait& wait, ReminderFraction fraction) {
  const std::int64_t denominator = std::max<std::int64_t>(1, fraction.denominator);
  return wait.began_unix + rule.hours * rule.hour_seconds * fraction.numerator / denominator;
}

std::int64_t vacation_days_needed(const DeadlineRule& rule, const DeadlineWait& wait, std::int64_t days_left,
                                  std::int64_t now_unix) {
  const std::int64_t due = deadline_unix(rule, wait);
  if (now_unix < due || days_left <= 0) return 0;
  // Each day moves the deadline 24 hours on; enough days that the new deadline lies after now.
  const std::int64_t needed = (now_unix - due) / day_seconds(rule) + 1;
  return std::min(needed, days_left);
}

}  // namespace hd::server

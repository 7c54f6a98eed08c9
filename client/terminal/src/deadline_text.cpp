#include <hd/term/deadline_text.hpp>
#include <hd/wire/seat_names.hpp>

#include <charconv>
#include <ctime>

namespace hd::term {

namespace v1 = hundred_days::v1;

namespace {

// A whole number of at most nine digits, or false.
bool read_count(const std::string& text, std::uint32_t& out) {
  if (text.empty() || text.size() > 9) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

// The time left before `deadline_unix` from `now_unix`: "31h", "40m" or "passed".
std::string time_left(std::uint64_t deadline_unix, std::uint64_t now_unix) {
  if (now_unix >= deadline_unix) return "passed";
  const std::uint64_t left = deadline_unix - now_unix;
  return left < 3600 ? std::to_string((left + 59) / 60) + "m" : std::to_string(left / 3600) + "h";
}

}  // namespace

DeadlineArgument read_deadline_argument(const std::string& key, const std::string& value,
                                        v1::TurnDeadline& deadline) {
  std::uint32_t count = 0;
  if (key == "deadline") {
    if (!read_count(value, count)) return DeadlineArgument::Bad;
    deadline.set_hours(count);
  } else if (key == "vacation") {
    if (!read_count(value, count)) return DeadlineArgument::Bad;
    deadline.set_vacation_days(count);
  } else if (key == "on-deadline") {
    if (value == "builtin")
      deadline.set_policy(v1::DEADLINE_POLICY_BUILTIN);
    else if (value == "forfeit")
      deadline.set_policy(v1::DEADLINE_POLICY_FORFEIT);
    else
      return DeadlineArgument::Bad;
  } else {
    return DeadlineArgument::NotDeadline;
  }
  return DeadlineArgument::Read;
}

std::string deadline_text(const v1::GameSummary& game, std::uint64_t now_unix) {
  if (!game.has_deadline() || game.deadline().hours() == 0) return " deadline none";
  const v1::TurnDeadline& deadline = game.deadline();
  std::string text = " deadline " + std::to_string(deadline.hours()) + "h vacation " +
                     std::to_string(deadline.vacation_days()) + " on-deadline " +
                     (deadline.policy() == v1::DEADLINE_POLICY_FORFEIT ? "forfeit" : "builtin");
  if (game.status() == v1::GAME_STATUS_RUNNING && game.deadline_unix_seconds() > 0 && now_unix > 0)
    text += " deadline-in " + time_left(game.deadline_unix_seconds(), now_unix);
  if (game.vacation_size() > 0) {
    text += " vacation-left";
    for (const v1::SeatVacation& vacation : game.vacation())
      text += " " + wire::seat_name(vacation.seat()) + "=" + std::to_string(vacation.days_left());
  }
  return text;
}

std::uint64_t now_unix() {
  return static_cast<std::uint64_t>(std::time(nullptr));
}

}  // namespace hd::term

#include "model/deadline_words.hpp"

#include "model/game_model.hpp"

namespace hd::client {

namespace pb = hundred_days::v1;

namespace {

bool has_deadline(const pb::GameSummary& game) {
  return game.has_deadline() && game.deadline().hours() > 0;
}

std::string days_words(std::uint32_t days) {
  return std::to_string(days) + (days == 1 ? " vacation day" : " vacation days");
}

}  // namespace

std::string hours_words(std::uint32_t hours) {
  if (hours >= 72 && hours % 24 == 0) return std::to_string(hours / 24) + " days";
  return std::to_string(hours) + " h";
}

std::string deadline_terms(const pb::TurnDeadline& deadline) {
  if (deadline.hours() == 0) return "no deadline";
  std::string words = hours_words(deadline.hours()) + " a turn, " + days_words(deadline.vacation_days());
  switch (deadline.policy()) {
    case pb::DEADLINE_POLICY_BUILTIN:
      return words + ", then the built-in player";
    case pb::DEADLINE_POLICY_FORFEIT:
      return words + ", then forfeit";
    default:
      return words;
  }
}

std::string deadline_countdown(const pb::GameSummary& game, std::uint64_t now_unix) {
  if (!has_deadline(game) || game.status() != pb::GAME_STATUS_RUNNING || game.deadline_unix_seconds() == 0 ||
      now_unix == 0)
    return {};
  if (now_unix >= game.deadline_unix_seconds()) return "deadline passed";
  const std::uint64_t left = game.deadline_unix_seconds() - now_unix;
  if (left < 3600) return "deadline in " + std::to_string((left + 59) / 60) + " min";
  return "deadline in " + std::to_string(left / 3600) + " h";
}

std::string vacation_left(const pb::GameSummary& game, pb::Seat seat) {
  if (!has_deadline(game)) return {};
  for (const pb::SeatVacation& vacation : game.vacation())
    if (vacation.seat() == seat) return days_words(vacation.days_left()) + " left";
  return {};
}

std::string deadline_status(const pb::GameSummary& game, std::uint64_t now_unix) {
  const std::string countdown = deadline_countdown(game, now_unix);
  return countdown.empty() ? deadline_terms(game.deadline()) : countdown;
}

std::vector<std::string> deadline_panel_lines(const pb::GameSummary& game,
                                              const std::vector<pb::Seat>& my_seats, std::uint64_t now_unix) {
  if (!has_deadline(game)) return {"no deadline"};
  const std::string countdown = deadline_countdown(game, now_unix);
  const std::string terms = deadline_terms(game.deadline());
  std::vector<std::string> lines{countdown.empty() ? terms : countdown + ": " + terms};
  for (const pb::Seat seat : my_seats)
    if (const std::string days = vacation_left(game, seat); !days.empty())
      lines.push_back(army_name(army_of(seat)) + ": " + days);
  if (!game.deadline_event().empty()) lines.push_back(game.deadline_event());
  return lines;
}

}  // namespace hd::client

#include "games/game_deadlines.hpp"

#include "games/seat_policy.hpp"
#include "log.hpp"

#include <hd/wire/game_convert.hpp>

#include <algorithm>
#include <limits>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameDeadlines::GameDeadlines(Database& db, const ServerConfig& config, DeadlineStore& store, GameRooms& rooms,
                             GameViews& views, GameConsent& consent, GamePlay& play, Remind remind)
    : db_(db),
      config_(config),
      store_(store),
      rooms_(rooms),
      views_(views),
      consent_(consent),
      play_(play),
      remind_(std::move(remind)) {}

DeadlineRule GameDeadlines::rule_of(const DeadlineRow& row) const {
  return DeadlineRule{row.hours, row.vacation_days, config_.deadline_hour_seconds};
}

bool GameDeadlines::due_by_row(const DeadlineRow& row, std::int64_t now_unix) const {
  if (row.turn_start_sequence < 0) return true;               // no wait stored yet
  if (row.lapsed_seat != v1::SEAT_UNSPECIFIED) return false;  // the built-in player has the turn
  const DeadlineWait wait{row.began_unix, row.turn_vacation_days};
  const ReminderFraction fraction{config_.deadline_reminder_percent, 100};
  const std::int64_t remind = row.reminder_sent ? std::numeric_limits<std::int64_t>::max()
                                                : reminder_unix(rule_of(row), wait, fraction);
  return now_unix >= std::min(remind, deadline_unix(rule_of(row), wait));
}

std::size_t GameDeadlines::check_all(std::int64_t now_unix) {
  std::size_t events = 0;
  for (const std::int64_t id : store_.running_games()) {
    try {
      GameRoom* room = rooms_.loaded(static_cast<std::uint64_t>(id));
      if (!room) {
        const auto row = store_.load(id);
        if (!row || !due_by_row(*row, now_unix)) continue;
        room = rooms_.find_for_upkeep(static_cast<std::uint64_t>(id));
        if (!room) continue;
      }
      if (check(*room, now_unix)) ++events;
    } catch (const std::exception& error) {
      log_event(LogLevel::Error, "deadline_check_failed",
                {{"game", std::to_string(id)}, {"error", error.what()}});
    }
  }
  return events;
}

bool GameDeadlines::sync_wait(GameRoom& room, std::int64_t now_unix) {
  DeadlineRow& row = room.deadline->row;
  const auto start = static_cast<std::int64_t>(room.player_turn_start());
  if (row.turn_start_sequence == start) return false;
  // The wait began with the action that began the player turn, as logged (a restart keeps it).
  std::int64_t began = now_unix;
  const auto logged = std::find_if(room.log.rbegin(), room.log.rend(), [&](const LoggedAction& action) {
    return static_cast<std::int64_t>(action.sequence) == start;
  });
  if (start > 0 && logged != room.log.rend()) began = logged->unix_seconds;
  row.turn_start_sequence = start;
  row.began_unix = began;
  row.turn_vacation_days = 0;
  row.reminder_sent = false;
  row.lapsed_seat = v1::SEAT_UNSPECIFIED;
  store_.save_wait(row);
  return true;
}

std::optional<v1::Seat> GameDeadlines::absent_seat(const GameRoom& room) const {
  for (const v1::Seat seat : room.pending_seats())
    if (!room.played_by_builtin(seat)) return seat;
  return std::nullopt;
}

void GameDeadlines::note(GameRoom& room, const char* event, v1::Seat seat, const std::string& words) {
  room.deadline->row.last_event = words;
  log_event(LogLevel::Info, event,
            {{"game", std::to_string(room.row.id)}, {"seat", seat_name(seat)}, {"detail", words}});
}

bool GameDeadlines::check(GameRoom& room, std::int64_t now_unix) {
  // What a check tells everyone (a summary, the end) calls back here: that is no news.
  if (checking_ || !room.deadline || room.row.status != v1::GAME_STATUS_RUNNING) return false;
  checking_ = true;
  struct Done {
    bool& flag;
    ~Done() { flag = false; }
  } done{checking_};
  bool happened = sync_wait(room, now_unix);
  DeadlineState& deadline = *room.deadline;
  DeadlineRow& row = deadline.row;
  // The built-in player has a lapsed seat's turn: its steps go on (a Coalition partner that ended
  // the phase after the lapse leaves it to the built-in player, and nothing else schedules it).
  if (row.lapsed_seat != v1::SEAT_UNSPECIFIED) play_.run_builtin_players(room);
  const auto seat = absent_seat(room);
  if (seat) {
    const DeadlineRule rule = rule_of(row);
    const SeatRow* holder = room.seat(*seat);
    const std::string who =
        seat_name(*seat) + " seat" + (holder->username.empty() ? "" : ", " + holder->username);
    const ReminderFraction fraction{config_.deadline_reminder_percent, 100};
    DeadlineWait wait{row.began_unix, row.turn_vacation_days};
    // The reminder, once per player turn; noted before it is sent, so a restart sends no second.
    if (!row.reminder_sent && now_unix >= reminder_unix(rule, wait, fraction) &&
        now_unix < deadline_unix(rule, wait)) {
      row.reminder_sent = true;
      store_.save_wait(row);
      log_event(LogLevel::Info, "deadline_reminder",
                {{"game", std::to_string(room.row.id)}, {"seat", seat_name(*seat)}});
      if (remind_) remind_(room, *seat);
      happened = true;
    }
    if (now_unix >= deadline_unix(rule, wait)) {
      const std::int64_t spent = deadline.vacation_used[*seat];
      const std::int64_t days = vacation_days_needed(rule, wait, row.vacation_days - spent, now_unix);
      if (days > 0) {
        row.turn_vacation_days += days;
        wait.turn_vacation_days = row.turn_vacation_days;
        note(room, "deadline_vacation", *seat,
             "the " + who + " missed the deadline and took " + std::to_string(days) + " vacation day" +
                 (days == 1 ? "" : "s") + " (" + std::to_string(row.vacation_days - spent - days) + " left)");
        in_transaction(db_, [&] {
          store_.add_vacation(room.row.id, *seat, days);
          store_.save_wait(row);
        });
        deadline.vacation_used[*seat] = spent + days;
        happened = true;
      }
      if (now_unix >= deadline_unix(rule, wait)) {
        happened = true;
        if (row.policy == v1::DEADLINE_POLICY_FORFEIT) {
          const engine::Side loser = side_of_seat(*seat);
          const engine::Side winner = engine::other(loser);
          const std::string words = std::string(engine::to_string(winner)) + " victory: the " +
                                    std::string(engine::to_string(loser)) +
                                    " side missed its turn deadline (" + who + ")";
          note(room, "deadline_forfeit", *seat, words);
          store_.save_wait(row);
          consent_.finish(room, {v1::GAME_END_DEADLINE, wire::to_proto(winner), words});
          return true;  // finish told everyone
        }
        row.lapsed_seat = *seat;
        note(room, "deadline_builtin", *seat,
             "the " + who + " missed the deadline: the built-in player finishes its player turn");
        store_.save_wait(row);
        play_.run_builtin_players(room);
      }
    }
  }
  if (happened) views_.broadcast_summary(room);
  return happened;
}

}  // namespace hd::server

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
  const std::vector<std::int64_t> running = store_.running_games();
  std::vector<std::int64_t> unloaded;
  for (const std::int64_t id : running)
    if (!rooms_.loaded(static_cast<std::uint64_t>(id))) unloaded.push_back(id);
  const auto stored = store_.load_states(unloaded, config_.deadline_hour_seconds);  // two queries
  std::size_t events = 0;
  for (const std::int64_t id : running) {
    try {
      GameRoom* room = rooms_.loaded(static_cast<std::uint64_t>(id));
      if (!room) {
        const auto row = stored.find(id);
        if (row == stored.end() || !due_by_row(row->second.row, now_unix)) continue;
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
  room.deadline->row.last_event = words;  // stored by the caller
  log_event(LogLevel::Info, event,
            {{"game", std::to_string(room.row.id)}, {"seat", seat_name(seat)}, {"detail", words}});
}

std::string GameDeadlines::who(const GameRoom& room, v1::Seat seat) {
  const SeatRow* holder = room.seat(seat);
  return seat_name(seat) + " seat" + (!holder || holder->username.empty() ? "" : ", " + holder->username);
}

bool GameDeadlines::remind_if_due(GameRoom& room, v1::Seat seat, std::int64_t now_unix) {
  DeadlineRow& row = room.deadline->row;
  const DeadlineRule rule = rule_of(row);
  const DeadlineWait wait{row.began_unix, row.turn_vacation_days};
  const ReminderFraction fraction{config_.deadline_reminder_percent, 100};
  if (row.reminder_sent || now_unix < reminder_unix(rule, wait, fraction) ||
      now_unix >= deadline_unix(rule, wait))
    return false;
  // Noted before it is sent, so a restart sends no second.
  row.reminder_sent = true;
  store_.save_wait(row);
  log_event(LogLevel::Info, "deadline_reminder",
            {{"game", std::to_string(room.row.id)}, {"seat", seat_name(seat)}});
  if (remind_) remind_(room, seat);
  return true;
}

bool GameDeadlines::spend_vacation(GameRoom& room, v1::Seat seat, std::int64_t now_unix) {
  DeadlineState& deadline = *room.deadline;
  DeadlineRow& row = deadline.row;
  const std::int64_t spent = deadline.vacation_used[seat];
  const std::int64_t days =
      vacation_days_needed(rule_of(row), DeadlineWait{row.began_unix, row.turn_vacation_days},
                           row.vacation_days - spent, now_unix);
  if (days == 0) return false;
  DeadlineRow after = row;
  after.turn_vacation_days += days;
  after.last_event = "the " + who(room, seat) + " missed the deadline and took " + std::to_string(days) +
                     " vacation day" + (days == 1 ? "" : "s") + " (" +
                     std::to_string(row.vacation_days - spent - days) + " left)";
  in_transaction(db_, [&] {
    store_.add_vacation(room.row.id, seat, days);
    store_.save_wait(after);
  });
  row = std::move(after);
  deadline.vacation_used[seat] = spent + days;
  note(room, "deadline_vacation", seat, row.last_event);
  return true;
}

void GameDeadlines::apply_policy(GameRoom& room, v1::Seat seat) {
  DeadlineRow& row = room.deadline->row;
  if (row.policy == v1::DEADLINE_POLICY_FORFEIT) {
    const engine::Side loser = side_of_seat(seat);
    const engine::Side winner = engine::other(loser);
    const std::string words = std::string(engine::to_string(winner)) + " victory: the " +
                              std::string(engine::to_string(loser)) + " side missed its turn deadline (" +
                              who(room, seat) + ")";
    note(room, "deadline_forfeit", seat, words);
    store_.save_wait(row);
    consent_.finish(room, {v1::GAME_END_DEADLINE, wire::to_proto(winner), words});  // tells everyone
    return;
  }
  row.lapsed_seat = seat;
  note(room, "deadline_builtin", seat,
       "the " + who(room, seat) + " missed the deadline: the built-in player finishes its player turn");
  store_.save_wait(row);
  play_.run_builtin_players(room);
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
  const DeadlineRow& row = room.deadline->row;
  // The built-in player has a lapsed seat's turn: its steps go on (a Coalition partner that ended
  // the phase after the lapse leaves it to the built-in player, and nothing else schedules it).
  if (row.lapsed_seat != v1::SEAT_UNSPECIFIED) play_.run_builtin_players(room);
  if (const auto seat = absent_seat(room)) {
    happened = remind_if_due(room, *seat, now_unix) || happened;
    const auto lapsed = [&] {
      return now_unix >= deadline_unix(rule_of(row), DeadlineWait{row.began_unix, row.turn_vacation_days});
    };
    if (lapsed()) {
      happened = spend_vacation(room, *seat, now_unix) || happened;
      if (lapsed()) {
        apply_policy(room, *seat);
        happened = true;
      }
    }
  }
  if (happened && room.row.status == v1::GAME_STATUS_RUNNING) views_.broadcast_summary(room);
  return happened;
}

}  // namespace hd::server

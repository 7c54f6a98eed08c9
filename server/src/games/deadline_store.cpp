#include "games/deadline_store.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

void DeadlineStore::insert(std::int64_t game, const v1::TurnDeadline& deadline) {
  db_.prepare("INSERT INTO game_deadlines (game_id, hours, vacation_days, policy) VALUES (?, ?, ?, ?)")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(deadline.hours()))
      .bind(3, static_cast<std::int64_t>(deadline.vacation_days()))
      .bind(4, static_cast<std::int64_t>(deadline.policy()))
      .run();
}

std::optional<DeadlineState> DeadlineStore::load_state(std::int64_t game, std::int64_t hour_seconds) {
  auto states = load_states({game}, hour_seconds);
  if (states.empty()) return std::nullopt;
  return std::move(states.begin()->second);
}

std::map<std::int64_t, DeadlineState> DeadlineStore::load_states(const std::vector<std::int64_t>& games,
                                                                 std::int64_t hour_seconds) {
  std::map<std::int64_t, DeadlineState> states;
  if (games.empty()) return states;
  std::string ids;  // integers only: nothing a client wrote
  for (const std::int64_t game : games)
    ids += (ids.empty() ? "" : ",") + std::to_string(game);
  auto rows = db_.prepare(
      "SELECT game_id, hours, vacation_days, policy, turn_start_sequence, began_unix, turn_vacation_days, "
      "reminder_sent, lapsed_seat, last_event FROM game_deadlines WHERE game_id IN (" +
      ids + ")");
  while (rows.step()) {
    DeadlineState& state = states[rows.column_int64(0)];
    state.hour_seconds = hour_seconds;
    state.row.game_id = rows.column_int64(0);
    state.row.hours = rows.column_int64(1);
    state.row.vacation_days = rows.column_int64(2);
    state.row.policy = static_cast<v1::DeadlinePolicy>(rows.column_int64(3));
    state.row.turn_start_sequence = rows.column_int64(4);
    state.row.began_unix = rows.column_int64(5);
    state.row.turn_vacation_days = rows.column_int64(6);
    state.row.reminder_sent = rows.column_int64(7) != 0;
    state.row.lapsed_seat = static_cast<v1::Seat>(rows.column_int64(8));
    state.row.last_event = rows.column_text(9);
  }
  auto used = db_.prepare("SELECT game_id, seat, days_used FROM game_deadline_vacations WHERE game_id IN (" +
                          ids + ")");
  while (used.step())
    if (const auto found = states.find(used.column_int64(0)); found != states.end())
      found->second.vacation_used[static_cast<v1::Seat>(used.column_int64(1))] = used.column_int64(2);
  return states;
}

void DeadlineStore::save_wait(const DeadlineRow& row) {
  db_.prepare(
         "UPDATE game_deadlines SET turn_start_sequence = ?, began_unix = ?, turn_vacation_days = ?, "
         "reminder_sent = ?, lapsed_seat = ?, last_event = ? WHERE game_id = ?")
      .bind(1, row.turn_start_sequence)
      .bind(2, row.began_unix)
      .bind(3, row.turn_vacation_days)
      .bind(4, static_cast<std::int64_t>(row.reminder_sent ? 1 : 0))
      .bind(5, static_cast<std::int64_t>(row.lapsed_seat))
      .bind(6, row.last_event)
      .bind(7, row.game_id)
      .run();
}

std::vector<std::int64_t> DeadlineStore::running_games() {
  auto select = db_.prepare(
      "SELECT d.game_id FROM game_deadlines d JOIN games g ON g.id = d.game_id WHERE g.status = 2 "
      "ORDER BY d.game_id");
  std::vector<std::int64_t> ids;
  while (select.step())
    ids.push_back(select.column_int64(0));
  return ids;
}

std::map<v1::Seat, std::int64_t> DeadlineStore::vacation_used(std::int64_t game) {
  auto select = db_.prepare("SELECT seat, days_used FROM game_deadline_vacations WHERE game_id = ?");
  select.bind(1, game);
  std::map<v1::Seat, std::int64_t> used;
  while (select.step())
    used[static_cast<v1::Seat>(select.column_int64(0))] = select.column_int64(1);
  return used;
}

void DeadlineStore::add_vacation(std::int64_t game, v1::Seat seat, std::int64_t days) {
  db_.prepare(
         "INSERT INTO game_deadline_vacations (game_id, seat, days_used) VALUES (?1, ?2, ?3) "
         "ON CONFLICT (game_id, seat) DO UPDATE SET days_used = days_used + ?3")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(seat))
      .bind(3, days)
      .run();
}

}  // namespace hd::server

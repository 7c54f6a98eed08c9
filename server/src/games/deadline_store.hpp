// Issue 16 (deadlines): a game's deadline rows in SQLite (migrations/0015_game_deadlines.sql): the
// settings chosen at creation, where the current player turn's wait stands, and the vacation days
// each seat has spent. Plain reads and writes; the caller groups writes into transactions.
#pragma once

#include "database.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hd::server {

struct DeadlineRow {
  std::int64_t game_id = 0;
  std::int64_t hours = 0;
  std::int64_t vacation_days = 0;
  hundred_days::v1::DeadlinePolicy policy = hundred_days::v1::DEADLINE_POLICY_UNSPECIFIED;
  std::int64_t turn_start_sequence = -1;  // the log sequence that began the player turn; -1 none seen
  std::int64_t began_unix = 0;
  std::int64_t turn_vacation_days = 0;
  bool reminder_sent = false;
  hundred_days::v1::Seat lapsed_seat = hundred_days::v1::SEAT_UNSPECIFIED;
  std::string last_event;
};

// A game's deadline as a room keeps it: the row, the vacation days spent per seat and the server's
// hour (deadline-hour-seconds), so that the summary can show when the wait lapses.
struct DeadlineState {
  DeadlineRow row;
  std::map<hundred_days::v1::Seat, std::int64_t> vacation_used;
  std::int64_t hour_seconds = 3600;
};

class DeadlineStore {
 public:
  explicit DeadlineStore(Database& db) : db_(db) {}

  // Stores a new game's deadline settings (hours > 0), with no wait begun.
  void insert(std::int64_t game, const hundred_days::v1::TurnDeadline& deadline);
  // The row and the vacation days spent, if the game has a deadline.
  std::optional<DeadlineState> load_state(std::int64_t game, std::int64_t hour_seconds);
  // The deadlines of those of `games` that have one, by game id: two queries whatever their number.
  std::map<std::int64_t, DeadlineState> load_states(const std::vector<std::int64_t>& games,
                                                    std::int64_t hour_seconds);
  // Writes the wait's columns (turn_start_sequence through last_event) of `row`.
  void save_wait(const DeadlineRow& row);
  // The running games with a deadline, by id.
  std::vector<std::int64_t> running_games();
  // Vacation days spent per seat of the game (seats with none are absent).
  std::map<hundred_days::v1::Seat, std::int64_t> vacation_used(std::int64_t game);
  void add_vacation(std::int64_t game, hundred_days::v1::Seat seat, std::int64_t days);

 private:
  Database& db_;
};

}  // namespace hd::server

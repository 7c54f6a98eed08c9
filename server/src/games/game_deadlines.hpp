// Issue 16 (deadlines; docs/games.md "Deadlines"): the deadline watcher's work, a part of the game
// service run on the hub's strand by the hub's timer (deadline-check-seconds) and after each change
// of a game. For each running game with a turn deadline it keeps the stored wait in step with the
// game's player turn (migrations/0015: the turn's first action and its time, so that a restart
// computes the deadline from stored times), sends the turn's one reminder, spends the absent seat's
// vacation days and finally applies the game's policy: the built-in player finishes the player turn
// for the seat (GameRoom::played_by_builtin), or the seat's side forfeits (GAME_END_DEADLINE). Each
// event is logged and kept as the game's deadline event, shown in its summary.
#pragma once

#include "games/deadline_clock.hpp"
#include "games/deadline_store.hpp"
#include "games/game_consent.hpp"
#include "games/game_play.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_views.hpp"
#include "server_config.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace hd::server {

class GameDeadlines {
 public:
  // `remind(room, seat)`: sends the reminder (TurnNotices::remind); may be empty.
  using Remind = std::function<void(const GameRoom&, hundred_days::v1::Seat)>;
  GameDeadlines(Database& db, const ServerConfig& config, DeadlineStore& store, GameRooms& rooms,
                GameViews& views, GameConsent& consent, GamePlay& play, Remind remind);

  // Looks at every running game with a deadline at `now_unix` (three queries for those not in
  // memory): such a game loads only when its stored wait says something is due (or no wait is
  // stored yet). Returns the number of games in which something happened.
  std::size_t check_all(std::int64_t now_unix);
  // Brings `room`'s stored wait in step with its player turn, and applies what is due at `now_unix`.
  // Returns true if something happened (a new wait, a reminder, vacation, the policy).
  bool check(GameRoom& room, std::int64_t now_unix);

 private:
  // A new player turn began since the stored wait: the wait starts at its first action's time (the
  // game's start: `now_unix`), with no vacation spent, no reminder sent and no seat lapsed.
  bool sync_wait(GameRoom& room, std::int64_t now_unix);
  // Whether the stored row, without loading the game, says something may be due at `now_unix`.
  bool due_by_row(const DeadlineRow& row, std::int64_t now_unix) const;
  DeadlineRule rule_of(const DeadlineRow& row) const;
  // The human seat the game waits for and the watcher has not handed to the built-in player yet.
  std::optional<hundred_days::v1::Seat> absent_seat(const GameRoom& room) const;
  // The seat and its holder's name, for the words of an event: "French seat, ney".
  static std::string who(const GameRoom& room, hundred_days::v1::Seat seat);
  // Sends `seat`'s reminder if this player turn's is due at `now_unix` and not sent yet.
  bool remind_if_due(GameRoom& room, hundred_days::v1::Seat seat, std::int64_t now_unix);
  // Spends the vacation days `seat` has left that the deadline needs at `now_unix` (vacation_days_
  // needed), persisted in one transaction; false if none.
  bool spend_vacation(GameRoom& room, hundred_days::v1::Seat seat, std::int64_t now_unix);
  // The game's policy for `seat`, whose deadline lapsed: the built-in player takes its player turn,
  // or the game ends with its side losing (GameConsent::finish tells everyone).
  void apply_policy(GameRoom& room, hundred_days::v1::Seat seat);
  // Records `words` as the game's deadline event (stored with the wait) and logs it as `event`.
  void note(GameRoom& room, const char* event, hundred_days::v1::Seat seat, const std::string& words);

  Database& db_;
  const ServerConfig& config_;
  DeadlineStore& store_;
  GameRooms& rooms_;
  GameViews& views_;
  GameConsent& consent_;
  GamePlay& play_;
  Remind remind_;
  bool checking_ = false;  // a check is under way (its broadcasts call check again)
};

}  // namespace hd::server

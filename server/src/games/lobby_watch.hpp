// Issue 16, a live lobby (docs/protocol.md "A live lobby"): the connections that asked for
// WatchLobby, and the pushes to them of the games that changed (LobbyChanged). A part of the game
// service, on the hub's strand. Each change of a game (created, a seat taken or left, started, an
// action played, ended) is noted with how the game looks then; the notes are sent at most once
// every `every` (a flush), to each watcher only the games ListGames would list to its account:
// those it holds a seat in (live, with your_turn), and public games that are or just were OPEN or
// SPECTATABLE (as spectators see them, delayed ones included). Private games of others never.
// Bounded: at most kMaxChanges games per flush (beyond: one resync push), one push per watcher per
// flush, and the connection's own write queue beyond that.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "games/game_room.hpp"
#include "games/game_views.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace hd::server {

class LobbyWatch {
 public:
  using Clock = std::chrono::steady_clock;
  // Asks for flush() to be called on the strand after `delay`; LobbyWatch asks once at a time.
  // Unset: flush() runs at once from note() (no coalescing; tests and the fuzz target).
  using Schedule = std::function<void(std::chrono::milliseconds delay)>;
  static constexpr std::size_t kMaxChanges = 100;  // games per push; beyond it the push says resync

  LobbyWatch(Outbound& outbound, const GameViews& views, Schedule schedule,
             std::chrono::milliseconds every = std::chrono::milliseconds(250));

  // WatchLobby of a logged-in caller: starts (`on`) or stops this connection's pushes.
  void watch(const Caller& caller, bool on);
  // The connection closed or its account changed: no more pushes.
  void forget(ConnectionId connection);
  // The game's listing may have changed: notes how it looks now (kept until the next flush).
  void note(const GameRoom& room);
  // Sends each watcher one LobbyChanged with the noted games it may list (none: nothing sent), then
  // forgets the notes.
  void flush();

 private:
  // How one changed game looks to each account.
  struct Change {
    hundred_days::v1::GameSummary live;                         // to its seat holders
    std::optional<hundred_days::v1::GameSummary> for_everyone;  // to others: set if listed publicly
    std::set<AccountId> seated;                                 // the accounts holding a seat
    std::set<AccountId> to_move;                                // those of them with your_turn
  };

  Outbound& outbound_;
  const GameViews& views_;
  Schedule schedule_;
  std::chrono::milliseconds every_;
  std::map<ConnectionId, AccountId> watchers_;
  std::map<std::uint64_t, Change> changes_;  // by game id, the latest note of each
  bool overflow_ = false;                    // more than kMaxChanges games changed since the flush
  std::set<std::uint64_t> listed_publicly_;  // games last noted OPEN or SPECTATABLE and public
  bool scheduled_ = false;
  Clock::time_point last_flush_{};
};

}  // namespace hd::server

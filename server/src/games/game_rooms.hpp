// The games in memory (docs/games.md, "Persistence and resume"; issue 12): every open and running
// game from start-up, a finished one loaded on demand and dropped again when nobody has it open
// (the least recently used beyond finished-games-in-memory first). A room is rebuilt from its
// latest trustworthy snapshot and the log after it, or from the whole log. A part of the game
// service; each room is then handed to the other parts explicitly.
//
// Issue 29, finding 5 (docs/server.md, "Rooms in memory"): running and finished games also leave
// memory, whether or not connections have them open, when no request has named them for
// room-idle-seconds, and the least recently used of them when more than max-rooms-in-memory rooms
// are loaded. Everything a room holds is in the database but what waits for an answer (a mixed
// attack proposal, an undo request, a draw offer), which lapses as at a restart. The connections
// that had an evicted game open keep it open: their subscriptions are kept aside (a few bytes
// each) and put back when the room is loaded again, so they hear its next update.
#pragma once

#include "games/deadline_store.hpp"
#include "games/game_room.hpp"
#include "games/game_store.hpp"
#include "ops/metrics.hpp"
#include "server_config.hpp"

#include <hd/loader/data_files.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

namespace hd::server {

// A stored game played under another rules version than this server's engine (kRulesVersion): its
// log would not replay to the same game, so it is neither opened nor replayed. The message says
// which versions; a request naming the game is refused with REFUSAL_CODE_RULES_VERSION.
struct RulesVersionMismatch : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The engine's choice for a game row: its scenario, force options and optional rules (the engine
// checks them against the scenario), and whether rules without a module may be played: only on a
// server started with allow-missing-rules, and for a stored game only if it was created so.
loader::GameChoice choice_of(const GameRow& game, bool allow_missing_rules);

class GameRooms {
 public:
  using Rooms = std::map<std::uint64_t, std::unique_ptr<GameRoom>>;
  using Clock = std::chrono::steady_clock;
  // True if a running room must stay in memory for what the server will do in it unasked.
  using Pinned = std::function<bool(const GameRoom&)>;
  GameRooms(GameStore& store, DeadlineStore& deadlines, const ServerConfig& config, Metrics& metrics);

  // Issue 16: a room for which `pinned` is true leaves memory neither when idle nor beyond the cap
  // (the standing-order watcher plays only rooms in memory). Asked only during an eviction sweep.
  void pin_when(Pinned pinned) { pinned_ = std::move(pinned); }

  // Start-up: loads every open and running game (one whose log no longer replays is logged as
  // game_not_resumed and left out), then marks running every OPEN game whose human seats are all
  // taken (a crash between the two writes of an older server).
  void load_unfinished();
  // The room of a game for `account`, loading a finished one from the database on demand; nullptr
  // if there is none, or if it is finished (in memory or not) and `account` does not belong to it
  // (belongs_to_game, judged from its rows before anything is replayed): such an account is told
  // exactly what it would be told of a game that does not exist. Throws RulesVersionMismatch for a
  // game stored under another rules version (only to an account that belongs to it).
  GameRoom* find(std::uint64_t game_id, AccountId account);
  // The room for the server's own upkeep (issue 16's deadline watcher): loaded if it is not in
  // memory, whoever belongs to it; nullptr if there is no such game. Throws as load does.
  GameRoom* find_for_upkeep(std::uint64_t game_id);
  // The room if it is in memory (nothing is loaded); nullptr otherwise.
  GameRoom* loaded(std::uint64_t game_id);
  // Keeps a newly created game's room; returns it.
  GameRoom& add(std::unique_ptr<GameRoom> room);
  const Rooms& all() const { return rooms_; }
  // Drops the finished games nobody has open beyond the finished-games-in-memory most recently
  // used, but those in `keep` (a built-in step is on its way).
  void evict_finished(const std::set<std::uint64_t>& keep);
  // Issue 29, finding 5: evicts the rooms that may leave (running with a human seat, or finished;
  // no catch-up under way; not in `keep`) that no request has named since `now - room-idle`, then,
  // while more than max-rooms-in-memory rooms are loaded, the least recently used of them. A
  // running game's list fields (turn label) are written first. Returns how many left; after any,
  // glibc is asked to return freed memory to the system (malloc_trim).
  std::size_t evict_idle(Clock::time_point now, const std::set<std::uint64_t>& keep);
  // Cheap (nothing is scanned) unless more than max-rooms-in-memory rooms are loaded: then
  // evict_idle(now, keep). Called after each request.
  void enforce_cap(Clock::time_point now, const std::set<std::uint64_t>& keep);
  // A game a room of which is being played without a request (a built-in step): it was just used.
  void touch(GameRoom& room);
  // The connection no longer has the game open, whether its room is in memory or evicted (its
  // subscription kept aside is dropped). Returns the room if it is in memory, else nullptr.
  GameRoom* unsubscribe(std::uint64_t game_id, ConnectionId connection);
  // An estimate of a room's bytes in memory (its states, log and fixed parts; docs/server.md).
  static std::size_t estimated_bytes(const GameRoom& room);
  // Sets the games gauge (open, running, finished) from the database.
  void report_games();
  // Running or open games created by `account` with no human seat.
  std::size_t unattended_games_of(AccountId account) const;
  // Open (not yet started) games created by `account`.
  std::size_t open_games_of(AccountId account) const;

 private:
  // A room rebuilt from the database rows of `game`; throws RulesVersionMismatch as above.
  std::unique_ptr<GameRoom> load(const GameRow& game);
  void repair_half_made_games();
  // True if the room may leave memory now (see evict_idle).
  bool evictable(std::uint64_t id, const GameRoom& room, const std::set<std::uint64_t>& keep) const;
  // Writes the room's turn label and public missing rules to its row where they changed: the lists
  // read them from there (issue 29, finding 3).
  void write_summary_fields(GameRoom& room);
  // Drops a room: its list fields written if it is running, its subscribers kept aside.
  void evict(Rooms::iterator it);
  // Sets the rooms gauges (count and estimated bytes).
  void report_rooms();

  GameStore& store_;
  DeadlineStore& deadlines_;  // each loaded room's deadline (issue 16)
  const ServerConfig& config_;
  Metrics& metrics_;
  Rooms rooms_;
  std::uint64_t use_counter_ = 0;  // find()'s lookups, for GameRoom::last_used
  Pinned pinned_;                  // pin_when's test; empty: none is pinned
  // The subscriptions of evicted rooms, by game, put back when the room is loaded again.
  std::map<std::uint64_t, std::map<ConnectionId, Subscriber>> dormant_;
};

}  // namespace hd::server

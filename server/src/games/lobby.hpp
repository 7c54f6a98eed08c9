// The lobby (docs/games.md, "Creating and joining"): creating, listing, joining and leaving
// games. A part of the game service: it looks rooms up itself (a list or an invite code names no
// room), and hands a room whose play may begin to `started` (the built-in players).
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"
#include "games/scenario_catalogue.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <string>

namespace hd::server {

class GameLobby {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  // `scenarios`: the scenarios CreateGame takes (read at start-up).
  GameLobby(Database& db, const ServerConfig& config, const ScenarioCatalogue& scenarios, GameStore& store,
            GameRooms& rooms, GameViews& views, Outbound& outbound, std::function<void(GameRoom&)> started);

  // CreateGame: checks the scenario (one ListScenarios lists), options, rules, seats, entropy and the
  // unattended limit, then stores the game with its seats (RUNNING at once if every human seat is taken) and
  // answers GameCreated.
  void create_game(const Caller& caller, const Envelope& request);
  // ListGames: one page (newest first) of OPEN, MINE or SPECTATABLE, each game as the caller may see
  // it. Issue 29, finding 3: the page is read from SQLite (GameStore::list_page); a game in memory
  // is summarized live, any other from its rows. Nothing is loaded; a page holds at most 100 games.
  // Issue 16: each summary says whether the caller has a decision pending in it (your_turn; a game
  // not in memory: false, its rows know no pending seat).
  void list_games(const Caller& caller, const Envelope& request);
  // JoinGame by id (public games) or invite code; the seat and the RUNNING status in one transaction.
  void join_game(const Caller& caller, const Envelope& request);
  // LeaveGame while the game is OPEN.
  void leave_game(const Caller& caller, const Envelope& request);
  // WithdrawGame: the creator closes his OPEN game (closed before start, "withdrawn by its creator").
  void withdraw_game(const Caller& caller, const Envelope& request);
  // Issue 29, finding 4: closes at most `limit` OPEN games created open-game-expiry or longer
  // before `now_unix` (oldest first; nothing when the expiry is 0). Returns how many it closed.
  std::size_t expire_open_games(std::int64_t now_unix, std::size_t limit);

 private:
  // Marks the room started once every human seat is taken; the caller has written the RUNNING
  // status in the same transaction as the last seat.
  void start_if_ready(GameRoom& room);
  // Marks an OPEN game finished before it started with `result`, in the database and in its room if
  // loaded, and tells its subscribers. False if it was not open.
  bool close_before_start(std::int64_t game_id, const GameOutcome& result);

  Database& db_;
  const ServerConfig& config_;
  const ScenarioCatalogue& scenarios_;
  GameStore& store_;
  GameRooms& rooms_;
  GameViews& views_;
  Outbound& outbound_;
  std::function<void(GameRoom&)> started_;
};

}  // namespace hd::server

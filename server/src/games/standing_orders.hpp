// Issue 16 (standing orders; docs/games.md "Standing orders"): a part of the game service on the
// hub's strand. A seat holder sets and reads its own units' standing orders (SetStandingOrders,
// QueryStandingOrders; never another seat's: they are the seat's secret). The watcher, run by the
// hub's timer, notes since when each human seat has had no connection on a game; when the pending
// retreat or advance belongs to seats all absent past standing-order-grace-seconds, it plays the
// choice their orders make among the engine's legal actions, as the owner's choice by standing
// order (GamePlay::play_by_standing_order). With no order that applies it does nothing, and the
// game's deadline policy stands.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/game_play.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/standing_order_store.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>

namespace hd::server {

class GameStandingOrders {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  GameStandingOrders(Database& db, const ServerConfig& config, GameRooms& rooms, GamePlay& play,
                     Outbound& outbound);

  // SetStandingOrders in `room` (nullptr: no such game). Refused, changing nothing: a unit unknown to
  // the caller or named twice, a hex off the map, too many hexes (INVALID_REQUEST); a unit of a seat
  // the caller does not hold (NOT_YOUR_SEAT); more than max-standing-orders-per-seat orders for a
  // seat after the change (LIMIT_REACHED); a finished game (GAME_NOT_RUNNING).
  void set(const Caller& caller, const Envelope& request, GameRoom* room);
  // QueryStandingOrders: the caller's own seats' orders in `room`.
  void query(const Caller& caller, const Envelope& request, GameRoom* room);
  // True if the watcher may play in `room` once its deciders are absent past the grace: the game
  // runs and waits for a retreat or an advance, and has standing orders. Such a room is kept in
  // memory (GameRooms::pin_when), since the watcher looks only at the games in memory.
  bool may_play(const GameRoom& room);
  // The watcher's turn over the games in memory at `now_unix`; returns the actions it played.
  std::size_t check_all(std::int64_t now_unix);
  // The same for one game: notes absences, then plays what the orders choose, one action per
  // decision while they keep choosing. Returns the actions played.
  std::size_t check(GameRoom& room, std::int64_t now_unix);

 private:
  // Notes since when each human seat of `room` has had no connection on it (at `now_unix`).
  static void note_absences(GameRoom& room, std::int64_t now_unix);
  // Whether every seat the room waits for is a human seat absent past the grace at `now_unix`,
  // counted from the later of its absence and the action that made the decision pending.
  bool deciders_absent(const GameRoom& room, std::int64_t now_unix) const;
  // The answer: `seats`' orders in the game.
  hundred_days::v1::ServerEnvelope orders_envelope(std::uint64_t request_id, std::uint64_t game_id,
                                                   const StandingOrderBook& book,
                                                   const std::vector<hundred_days::v1::Seat>& seats) const;

  Database& db_;
  const ServerConfig& config_;
  StandingOrderStore store_;
  GameRooms& rooms_;
  GamePlay& play_;
  Outbound& outbound_;
};

}  // namespace hd::server

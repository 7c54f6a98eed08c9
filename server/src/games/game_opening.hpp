// Opening and closing games (docs/games.md, "Views, spectators and resume"): who may open a game
// as a player or a spectator, the subscribers of each room, and the catch-up of a connection
// reopening a game after a gap (catch_up.hpp): a snapshot behind, then the missed updates in
// chunks paced by the connection's reading (game_resume.cpp). A part of the game service, given
// the room an OpenGame names; the catch-up's later chunks look their room up by id.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "games/catch_up.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_views.hpp"
#include "ops/address_rate_limiter.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace hd::server {

class GameOpening {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  // `post` runs a function later on the hub's strand (a catch-up's next chunk goes through it).
  using Post = std::function<void(std::function<void()>)>;
  GameOpening(const ServerConfig& config, GameRooms& rooms, GameViews& views, Outbound& outbound, Post post);

  // OpenGame of `room` (nullptr: no such game): as a player (a seat holder) or a spectator (the
  // game's policy; not a seat holder before the game is finished). last_seen_sequence 0: a
  // snapshot; else the catch-up (resume), whose updates are first charged to the caller's address
  // (catch-up-per-address-*: RATE_LIMITED, nothing changed, if its budget is short). Then what
  // waits for the account's answer (undo, draw).
  void open_game(const Caller& caller, const Envelope& request, GameRoom* room);
  // CloseGame: the connection no longer receives the game (in memory or evicted, GameRooms::
  // unsubscribe); a catch-up under way is dropped.
  void close_game(const Caller& caller, const Envelope& request);
  // The connection closed or logged out: its games and catch-ups are forgotten (the caller evicts).
  void forget(const Caller& caller);

 private:
  // game_resume.cpp: answers an OpenGame resuming after `last_seen` > 0 (catch_up.hpp): a snapshot
  // of the subscriber's view at a point behind, then the missed updates in chunks paced by the
  // connection's reading, then Ok; a delayed spectator, or one that missed nothing, gets a snapshot
  // of what it may see now and Ok. Marks the subscriber catching up while the tail is sent.
  void resume(const Caller& caller, const Envelope& request, GameRoom& room, Subscriber& subscriber,
              std::uint64_t last_seen);
  // Sends the next chunk of a catch-up (at most catch_up_chunk() messages, as many actions
  // replayed), and Ok when it reaches the present; then waits for the connection's queue to drain
  // if any catch-up of the connection is left.
  void send_catch_up_chunk(ConnectionId connection, std::uint64_t game_id);
  // The connection has read most of what was queued: the next chunk of its first catch-up.
  void on_drained(ConnectionId connection);
  // Forgets the catch-ups of a connection that has closed.
  void drop_catch_ups(ConnectionId connection);

  const ServerConfig& config_;
  GameRooms& rooms_;
  GameViews& views_;
  Outbound& outbound_;
  Post post_;
  std::map<ConnectionId, std::set<std::uint64_t>> open_games_;  // the games each connection has open
  // Catch-ups under way by (connection, game), and the connections waiting for their queue to drain.
  std::map<std::pair<ConnectionId, std::uint64_t>, CatchUp> catch_ups_;
  std::set<ConnectionId> awaiting_drain_;
  AddressRateLimiter catch_up_budget_;  // catch-up updates per client address (issue 29, finding 6)
};

}  // namespace hd::server

// The lobby and the games: every request of a logged-in caller other than the account ones. Runs on
// the hub's strand only (one call at a time), so it needs no locks and owns the games' database rows.
// docs/games.md describes the behaviour. Two parts are classes of their own, given each room
// explicitly: GameRooms (game_rooms.hpp: the games in memory, loading, eviction) and GameViews
// (game_views.hpp: what each subscriber is shown, and sending it); GameQueries (game_queries.hpp)
// answers the queries, ChatAndRecords (chat_and_records.hpp) the chat and the record export,
// GameConsent (game_consent.hpp) undo by consent, resignation and draws, GameLobby (lobby.hpp)
// creating, listing, joining and leaving. The rest are member functions in files by concept:
//   game_service.cpp dispatch, open/close
//   game_resume.cpp  the catch-up of a connection reopening a game after a gap (catch_up.hpp)
//   game_play.cpp    actions, Coalition teamwork
//   game_upkeep.cpp  the built-in players' steps, eviction
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/catch_up.hpp"
#include "games/chat_and_records.hpp"
#include "games/game_consent.hpp"
#include "games/game_queries.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"
#include "games/lobby.hpp"
#include "ops/metrics.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

namespace hd::server {

class GameService {
 public:
  // Loads every open and running game from the database and rebuilds its state from its latest
  // snapshot and the actions logged after it, or by replaying its whole action log when it has no
  // snapshot that agrees with the log (a game whose log no longer replays is logged and left out).
  // `post` runs a function later on the same strand (the built-in players' steps go through it).
  // Start-up also repairs any game left OPEN with every human seat taken (a crash between the two
  // writes of an older server) by marking it running.
  using Post = std::function<void(std::function<void()>)>;
  GameService(Database& db, const ServerConfig& config, Outbound& outbound, Metrics& metrics, Post post);
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Answers one request (lobby, game, chat, query, record) of a logged-in caller through `outbound`.
  void handle(const Caller& caller, const hundred_days::v1::ClientEnvelope& request);

  // The caller's connection closed or logged out: it no longer receives the games it had open.
  void forget(const Caller& caller);

 private:
  using Envelope = hundred_days::v1::ClientEnvelope;

  // handle() without the refusal of games of another rules version.
  void dispatch(const Caller& caller, const Envelope& request);

  // game_service.cpp
  void open_game(const Caller& caller, const Envelope& request);
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
  void close_game(const Caller& caller, const Envelope& request);
  void send_refusal(const Caller& caller, const Envelope& request, hundred_days::v1::RefusalCode code,
                    std::string message, std::string rule = {});
  // Sends the engine's refusal of a request typed (RULE_VIOLATION: reason, rule, arguments),
  // redacted for `viewer`, the refused seat's view.
  void send_rule_refusal(const Caller& caller, const Envelope& request, const GameRoom& room,
                         const engine::Viewer& viewer, const engine::Refusal& refusal);
  // game_play.cpp
  void submit_action(const Caller& caller, const Envelope& request);
  void confirm_attack(const Caller& caller, const Envelope& request);
  // Applies an engine action for a seat, persists it (with the game's end, if it ends), then
  // acknowledges the actor (if any) and broadcasts the update. Throws engine::ActionRefused.
  std::uint64_t play(GameRoom& room, engine::Side side, const engine::Action& action,
                     hundred_days::v1::Seat seat, std::optional<AccountId> account, std::uint64_t request_id);
  // game_upkeep.cpp
  // Schedules the built-in seats' play while the pending decision is theirs: one action per step,
  // each step posted back to the strand, so other requests run between them (issue 12).
  void run_builtin_players(GameRoom& room);
  void builtin_step(std::uint64_t game_id);
  // Drops from memory the finished games nobody has open (GameRooms::evict_finished), but those
  // with a built-in step on its way.
  void evict_finished();

  Database& db_;
  const ServerConfig& config_;
  Outbound& outbound_;
  Metrics& metrics_;
  GameStore store_;
  GameViews views_;  // what subscribers are shown, and the sending of it
  ChatAndRecords chat_;
  GameRooms rooms_;  // the games in memory
  GameConsent consent_;
  GameLobby lobby_;
  std::map<ConnectionId, std::set<std::uint64_t>> open_games_;  // the games each connection has open
  GameQueries queries_;
  Post post_;
  std::set<std::uint64_t> builtin_scheduled_;  // games with a built-in step waiting on the strand
  // Catch-ups under way by (connection, game), and the connections waiting for their queue to drain.
  std::map<std::pair<ConnectionId, std::uint64_t>, CatchUp> catch_ups_;
  std::set<ConnectionId> awaiting_drain_;
};

}  // namespace hd::server

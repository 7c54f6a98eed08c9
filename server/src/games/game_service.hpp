// The lobby and the games: every request of a logged-in caller other than the account ones. Runs on
// the hub's strand only (one call at a time), so it needs no locks and owns the games' database rows.
// docs/games.md describes the behaviour. GameService is the facade: it builds the parts, finds the
// room a request names and hands it to the part that answers it:
//   GameRooms      (game_rooms.hpp)       the games in memory: loading, repair, eviction
//   GameViews      (game_views.hpp)       what each subscriber is shown, and sending it
//   GameLobby      (lobby.hpp)            create, list, join, leave
//   LobbyWatch     (lobby_watch.hpp)      the live lobby: pushes of changed games (issue 16)
//   ScenarioCatalogue (scenario_catalogue.hpp) the scenarios served, read once (ListScenarios)
//   GameOpening    (game_opening.hpp)     open, close, the catch-up after a gap (catch_up.hpp)
//   GameConsent    (game_consent.hpp)     undo by consent (5.1C), resignation, draws
//   ChatAndRecords (chat_and_records.hpp) chat, the record export
//   GameReplays    (game_replays.hpp)     a game's state at any action, as the asker may see it (issue 16)
//   GamePlay       (game_play.hpp)        actions, Coalition teamwork, the built-in players
//   GameQueries    (game_queries.hpp)     reachable hexes, combat options, odds, retreats
//   GameDeadlines  (game_deadlines.hpp)   turn deadlines: reminders, vacation, the policy (issue 16)
//   GameStandingOrders (standing_orders.hpp) a seat's standing orders, followed when it is away (issue 16)
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/catch_up.hpp"
#include "games/chat_and_records.hpp"
#include "games/game_consent.hpp"
#include "games/game_deadlines.hpp"
#include "games/game_opening.hpp"
#include "games/game_play.hpp"
#include "games/game_queries.hpp"
#include "games/game_replays.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"
#include "games/lobby.hpp"
#include "games/lobby_watch.hpp"
#include "games/scenario_catalogue.hpp"
#include "games/standing_orders.hpp"
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
  // `changed`: called after a game may have come to a point where a seat must act or has ended
  // (GameViews::on_changed; the hub's webhook notices, issue 16).
  // `remind`: issue 16's deadline reminders (TurnNotices::remind); may be empty.
  // `schedule_lobby`: how the live lobby asks for flush_lobby() later (LobbyWatch::Schedule); empty:
  // its pushes go at once.
  // `answer_later`: how the queries' answers are worked out off the strand (GameQueries::AnswerLater,
  // issue 15); empty: at once, on the strand.
  // `post_when_durable`: as `post`, once everything sent so far is durable (issue 15: the built-in
  // players' steps, so that they play no faster than the hub syncs the WAL); empty: `post`.
  GameService(Database& db, const ServerConfig& config, Outbound& outbound, Metrics& metrics, Post post,
              GameViews::Changed changed = {}, GameDeadlines::Remind remind = {},
              LobbyWatch::Schedule schedule_lobby = {}, GameQueries::AnswerLater answer_later = {},
              Post post_when_durable = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Answers one request (lobby, game, chat, query, record) of a logged-in caller through `outbound`.
  void handle(const Caller& caller, const hundred_days::v1::ClientEnvelope& request);

  // Issue 29, finding 4: closes at most `limit` open games past the open-game expiry (GameLobby::
  // expire_open_games); returns how many. Called on the strand by the hub's timer.
  std::size_t expire_open_games(std::int64_t now_unix, std::size_t limit);

  // Issue 16: the deadline watcher's turn (GameDeadlines::check_all) at `now_unix`; returns the
  // number of games in which something happened. Called on the strand by the hub's timer.
  std::size_t check_deadlines(std::int64_t now_unix);

  // Issue 16: the standing-order watcher's turn (GameStandingOrders::check_all) at `now_unix`;
  // returns the actions played. Called on the strand by the hub's timer.
  std::size_t check_standing_orders(std::int64_t now_unix);

  // Issue 29, finding 5: drops the rooms idle for room-idle-seconds (GameRooms::evict_idle), but
  // those with a built-in step on its way; returns how many. Called on the strand by the hub's timer.
  std::size_t evict_idle_rooms();

  // The caller's connection closed or logged out: it no longer receives the games it had open, nor
  // the live lobby's pushes.
  void forget(const Caller& caller);

  // Issue 16: sends the live lobby's pending pushes (LobbyWatch::flush); called on the strand when
  // the schedule given to the constructor comes due.
  void flush_lobby() { lobby_watch_.flush(); }

 private:
  using Envelope = hundred_days::v1::ClientEnvelope;

  // handle() without the refusal of games of another rules version.
  void dispatch(const Caller& caller, const Envelope& request);

  void send_refusal(const Caller& caller, const Envelope& request, hundred_days::v1::RefusalCode code,
                    std::string message, std::string rule = {});
  // Drops from memory the finished games nobody has open (GameRooms::evict_finished), and the least
  // recently used rooms beyond max-rooms-in-memory (GameRooms::enforce_cap), but those with a
  // built-in step on its way.
  void evict_finished();

  Outbound& outbound_;
  ScenarioCatalogue scenarios_;  // read once, before the lobby that checks CreateGame against it
  GameStore store_;
  DeadlineStore deadline_store_;  // issue 16 (migrations/0015)
  GameViews views_;               // what subscribers are shown, and the sending of it
  LobbyWatch lobby_watch_;        // issue 16: who watches the lobby, and the changes to push
  ChatAndRecords chat_;
  GameReplays replays_;
  GameRooms rooms_;  // the games in memory
  GameConsent consent_;
  GamePlay play_;
  GameOpening opening_;
  GameLobby lobby_;
  GameQueries queries_;
  GameDeadlines deadlines_;
  GameStandingOrders standing_orders_;
};

}  // namespace hd::server

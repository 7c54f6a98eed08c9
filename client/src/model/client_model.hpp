// Everything the client knows from the server: the connection, the account and lobby, the open
// game. Only server events change it; the screens read it and ask it for requests, which it queues
// with their ids (take_outbox) so that answers are understood when they come.
#pragma once

#include "model/cleartext_consent.hpp"
#include "model/connection_state.hpp"
#include "model/game_model.hpp"
#include "model/lobby_model.hpp"
#include "model/refusal_info.hpp"
#include "model/replay_model.hpp"
#include "model/request_kind.hpp"
#include "model/saved_session.hpp"
#include "model/seen_games.hpp"
#include "model/server_event.hpp"
#include "model/standing_orders_panel.hpp"
#include "model/welcome_info.hpp"

#include <hd/wire/request_ids.hpp>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hd::client {

// The request id of the Hello (the session sends it); the model's requests take theirs from
// wire::RequestIds (a random start per process, never 0 or 1).
inline constexpr std::uint64_t kHelloRequestId = 1;

class ClientModel {
 public:
  // A model for a client connecting to `server_url` (shown to the user, not parsed here).
  explicit ClientModel(std::string server_url);

  // Advances the connection state. A failure after a refusal of the Hello keeps the refusal (the
  // server closes refused connections); a failure after a welcome is a lost connection and keeps the
  // welcome, the account and the game, so that reconnect() can resume them. Refusals of later
  // requests do not touch the connection: they become a notice in plain words.
  void apply(const ServerEvent& event);

  // Queues a request (numbering it) and remembers what it asked; returns its request id.
  std::uint64_t send(Request request, RequestKind kind);
  // Queues the game screen's requests: queries as queries, the rest as actions.
  void send_game(std::vector<Request> requests);
  // Queues the standing-orders panel's requests (issue 16): their answers and refusals go to it.
  void send_orders(std::vector<Request> requests);
  // The queued requests, oldest first, and forgets them.
  std::vector<Request> take_outbox();

  // A new connection is being made after a lost one: back to Connecting; once welcomed the model
  // resumes the session with the saved token and reopens the game after its last seen action.
  void reconnect();
  // Issue 16: a client started anew with what an earlier run saved for this server
  // (model/saved_session.hpp). The last actions seen, per account, are remembered for open_game()
  // once that account logs in (by the saved token, the form or --user); with a token,
  // the first welcome resumes the session (ResumeSession, no password) and, once logged in, the
  // game that was open is reopened with a catch-up whose log says "While you were away". A refused
  // token goes back to the login screen with a plain login_error(). Call before the first event.
  void resume_saved(const SavedSession& saved);
  // What to save for this server now: the account's token and name, the game open (not a
  // replay's), the last actions seen (the open game's as the most recent), the other accounts'.
  SavedSession saved_session() const;
  // A notice from the client itself (e.g. a saved state it could not read).
  void note(std::string notice) { notice_ = std::move(notice); }

  // True once the connection was lost (not refused) and a reconnect would help.
  bool lost() const { return state_ == ConnectionState::Failed && welcome_.has_value(); }

  // The player's account requests and lobby choices.
  void log_in(const std::string& username, const std::string& password, bool create_account);
  void refresh_lobby();
  // Issue 16: asks the server to push (or stop pushing) the lobby's changed games (WatchLobby);
  // on after each login and when a game is closed, off while a game is open. Logged in only.
  void watch_lobby(bool on);
  // Opens a game. One seen earlier (closed to the lobby in this process, or saved by an earlier
  // run) is reopened with a catch-up from the last action seen, so the log says "While you were
  // away: N actions (since action P)" and shows them (at most the last 64, docs/games.md); any
  // other is opened with a snapshot of the present.
  void open_game(std::uint64_t game_id, bool spectate);
  void close_game();
  // Issue 16: the replay screen of a game (from the lobby): opens the game (as a spectator when
  // `spectate`), which gives its scenario and keeps it loaded on the server, and asks its first
  // frame. close_replay() closes both and goes back to the lobby.
  void open_replay(std::uint64_t game_id, bool spectate);
  void close_replay();
  // Queues a replay step's requests (ReplayModel's first/next/... answers); a BUSY step's ask still
  // held (tick) is dropped: this one is newer.
  void send_replay(std::vector<Request> requests);
  // Issue 16: a replay step refused BUSY is asked again kBusyPause later, not at once: the server
  // goes on replaying meanwhile, and the client stays far under the server's rate limits (10 asks
  // a second against the per-address limit's 60). The app calls tick() with its clock before each
  // take_outbox(); a held ask is queued by the first tick at or past its time.
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kBusyPause{100};
  void tick(Clock::time_point now);
  // Whether a BUSY step's ask waits for its time (tick).
  bool replay_ask_held() const { return !held_replay_.empty(); }
  const std::optional<ReplayModel>& replay() const { return replay_; }
  std::optional<ReplayModel>& replay() { return replay_; }
  // Where an exported record is written (ExportRecord's answer): the working directory unless set.
  void set_record_dir(std::filesystem::path dir) { record_dir_ = std::move(dir); }
  const std::filesystem::path& record_dir() const { return record_dir_; }
  // Whether the login screen warns of clear text and whether the player agreed (the app sets it).
  CleartextConsent& cleartext() { return cleartext_; }
  const CleartextConsent& cleartext() const { return cleartext_; }

  ConnectionState state() const { return state_; }
  const std::string& server_url() const { return server_url_; }
  // Set once a Welcome has arrived, and kept if the connection is lost afterwards.
  const std::optional<WelcomeInfo>& welcome() const { return welcome_; }
  // The refusal of the Hello (the connection's end).
  const std::optional<RefusalInfo>& refusal() const { return refusal_; }
  // Why the connection failed; empty unless state() is Failed.
  const std::string& failure() const { return failure_; }
  const LobbyModel& lobby() const { return lobby_; }
  GameModel& game() { return game_; }
  const GameModel& game() const { return game_; }
  // Issue 16: the standing-orders panel of the open game (hidden unless opened; closed with the game).
  StandingOrdersPanel& standing_orders() { return standing_orders_; }
  const StandingOrdersPanel& standing_orders() const { return standing_orders_; }
  // The last thing the player should read (a refused request in plain words, a notice); empty if none.
  const std::string& notice() const { return notice_; }
  // Why the last login, registration or resume was refused; empty if it was not.
  const std::string& login_error() const { return login_error_; }
  // How many times the connection has been re-established after a loss.
  int reconnects() const { return reconnects_; }
  // Requests queued or sent and not yet answered (0: the client has heard back about everything).
  std::size_t requests_in_flight() const { return pending_.size(); }

 private:
  void on_envelope(const pb::ServerEnvelope& envelope);
  void on_request_refused(const RefusalInfo& refusal, RequestKind kind, std::uint64_t request_id);
  // Sends OpenGame for the game's id from `last_seen` (a catch-up: snapshot, updates, Ok).
  void open_catch_up(std::uint64_t game_id, bool spectate, std::uint64_t last_seen);

  std::string server_url_;
  ConnectionState state_ = ConnectionState::Connecting;
  std::optional<WelcomeInfo> welcome_;
  std::optional<RefusalInfo> refusal_;
  std::string failure_;
  LobbyModel lobby_;
  GameModel game_;
  StandingOrdersPanel standing_orders_;
  std::optional<ReplayModel> replay_;
  std::string notice_;
  std::string login_error_;
  wire::RequestIds request_ids_;  // random start per process: ids never collide across restarts
  std::map<std::uint64_t, RequestKind> pending_;
  std::vector<Request> outbox_;
  bool resuming_ = false;
  // OpenGame requests asking for a catch-up, by request id.
  struct CatchUpAsked {
    std::uint64_t game_id = 0;
    bool spectate = false;
    std::uint64_t last_seen = 0;
  };
  std::map<std::uint64_t, CatchUpAsked> catch_ups_;
  // Issue 16: the action index each QueryReplay asked, by request id, until answered (a BUSY is
  // asked again only for the step still awaited).
  std::map<std::uint64_t, std::uint64_t> replay_asks_;
  // The last tick's time, and a BUSY replay step's ask held until `held_until_` (tick).
  Clock::time_point now_{};
  std::vector<Request> held_replay_;
  Clock::time_point held_until_{};
  // The last sequence seen of each game closed (in this process or saved by an earlier run), by
  // the account seen_owner_ (issue 16: the logged-in one once a login is answered); the other
  // accounts' games saved for this server are kept in other_seen_ for the file.
  SeenGames seen_;
  std::string seen_owner_;
  std::vector<AccountSeen> other_seen_;
  // Makes `username`'s games the ones open_game() catches up from (its login was answered).
  void use_seen_of(const std::string& username);
  // Issue 16: the saved login of an earlier run, until its ResumeSession is answered.
  struct SavedLogin {
    std::string username;
    std::string token;
    std::uint64_t open_game = 0;
    bool spectating = false;
  };
  std::optional<SavedLogin> saved_login_;
  int reconnects_ = 0;
  std::filesystem::path record_dir_ = ".";
  CleartextConsent cleartext_;
};

}  // namespace hd::client

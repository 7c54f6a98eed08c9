#include "model/client_model.hpp"

#include "model/lobby_updates.hpp"
#include "model/record_file.hpp"
#include "net/requests.hpp"

#include <hd/wire/refusal_convert.hpp>

#include <utility>

namespace hd::client {

std::string plain_words(const RefusalInfo& refusal, const pb::GameView* view) {
  std::string text = refusal.rule.empty() ? "Refused: " : "Refused by rule " + refusal.rule + ": ";
  const std::string words = refusal.wire.rule_refusal() != pb::RULE_REFUSAL_UNSPECIFIED
                                ? wire::refusal_text(refusal.wire, view)
                                : refusal.message;
  return text + (words.empty() ? refusal.code_name : words);
}

ClientModel::ClientModel(std::string server_url) : server_url_(std::move(server_url)) {}

void ClientModel::apply(const ServerEvent& event) {
  struct Visitor {
    ClientModel& model;

    void operator()(const Connected&) const {
      if (model.state_ == ConnectionState::Connecting) model.state_ = ConnectionState::Connected;
    }
    void operator()(const WelcomeReceived& received) const {
      model.welcome_ = received.welcome;
      model.state_ = ConnectionState::Welcomed;
      model.failure_.clear();
      // 6: a reconnect resumes the session with the saved token (then reopens the game); issue
      // 16: so does a client started anew with a token an earlier run saved.
      if (model.lobby_.account && !model.lobby_.account->session_token.empty()) {
        model.resuming_ = true;
        model.send(requests::resume_session(model.lobby_.account->session_token), RequestKind::Account);
      } else if (model.saved_login_) {
        model.resuming_ = true;
        model.send(requests::resume_session(model.saved_login_->token), RequestKind::Account);
      }
    }
    void operator()(const RefusalReceived& received) const {
      const auto found = model.pending_.find(received.request_id);
      if (model.state_ == ConnectionState::Welcomed && received.request_id != kHelloRequestId) {
        const RequestKind kind = found == model.pending_.end() ? RequestKind::Other : found->second;
        if (found != model.pending_.end()) model.pending_.erase(found);
        if (const auto asked = model.catch_ups_.find(received.request_id); asked != model.catch_ups_.end()) {
          // A catch-up the server cannot afford now: open with a snapshot of the present instead.
          if (received.refusal.code == static_cast<std::uint32_t>(pb::REFUSAL_CODE_RATE_LIMITED))
            model.send(requests::open_game(asked->second.game_id, asked->second.spectate, 0),
                       RequestKind::OpenGame);
          model.catch_ups_.erase(asked);
        }
        model.on_request_refused(received.refusal, kind, received.request_id);
        return;
      }
      model.refusal_ = received.refusal;
      model.state_ = ConnectionState::Refused;
    }
    void operator()(const EnvelopeReceived& received) const {
      if (received.envelope) model.on_envelope(*received.envelope);
    }
    void operator()(const ConnectionFailed& failed) const {
      if (model.state_ == ConnectionState::Refused || model.state_ == ConnectionState::Failed) return;
      model.failure_ = failed.message;
      model.state_ = ConnectionState::Failed;
    }
  };
  std::visit(Visitor{*this}, event);
}

std::uint64_t ClientModel::send(Request request, RequestKind kind) {
  const std::uint64_t id = request_ids_.next();
  request.set_request_id(id);
  pending_[id] = kind;
  outbox_.push_back(std::move(request));
  return id;
}

void ClientModel::open_catch_up(std::uint64_t game_id, bool spectate, std::uint64_t last_seen) {
  catch_ups_[send(requests::open_game(game_id, spectate, last_seen), RequestKind::OpenGame)] =
      CatchUpAsked{game_id, spectate, last_seen};
}

void ClientModel::resume_saved(const SavedSession& saved) {
  seen_ = saved.seen;
  seen_owner_ = saved.username;
  other_seen_ = saved.other_accounts;
  if (saved.token.empty()) return;
  saved_login_ = SavedLogin{saved.username, saved.token, saved.open_game, saved.spectating};
}

void ClientModel::use_seen_of(const std::string& username) {
  if (username == seen_owner_) return;
  SavedSession kept;  // its put_other() keeps the bound
  kept.other_accounts = std::move(other_seen_);
  SeenGames next = kept.seen_by(username);
  std::erase_if(kept.other_accounts, [&](const AccountSeen& other) { return other.username == username; });
  kept.put_other(seen_owner_, std::move(seen_));  // ignored for "" (no account yet)
  other_seen_ = std::move(kept.other_accounts);
  seen_ = std::move(next);
  seen_owner_ = username;
}

SavedSession ClientModel::saved_session() const {
  SavedSession saved;
  SeenGames current = seen_;
  if (game_.open()) current.note(game_.game_id(), game_.sequence());
  if (lobby_.account) {
    saved.username = lobby_.account->username;
    saved.token = lobby_.account->session_token;
  } else if (saved_login_) {  // not answered yet: kept as it was
    saved.username = saved_login_->username;
    saved.token = saved_login_->token;
    saved.open_game = saved_login_->open_game;
    saved.spectating = saved_login_->spectating;
  }
  if (game_.open() && !replay_) {
    saved.open_game = game_.game_id();
    saved.spectating = game_.spectating();
  }
  // Issue 16: the games seen are kept per account (a login as another account, or a logout, keeps
  // the earlier account's for its next login).
  saved.other_accounts = other_seen_;
  if (saved.username == seen_owner_) {
    saved.seen = std::move(current);
  } else {
    for (const AccountSeen& other : other_seen_)
      if (other.username == saved.username) saved.seen = other.seen;
    std::erase_if(saved.other_accounts,
                  [&](const AccountSeen& other) { return other.username == saved.username; });
    saved.put_other(seen_owner_, std::move(current));
  }
  return saved;
}

void ClientModel::send_game(std::vector<Request> requests) {
  for (auto& request : requests) {
    const bool query = request.has_query_reachable() || request.has_query_odds() ||
                       request.has_query_combat_options() || request.has_query_retreats() ||
                       request.has_query_command_range() || request.has_query_observed_area();
    const RequestKind kind = query                     ? RequestKind::Query
                             : request.has_send_chat() ? RequestKind::Chat
                                                       : RequestKind::Action;
    send(std::move(request), kind);
  }
}

void ClientModel::send_orders(std::vector<Request> requests) {
  for (auto& request : requests)
    send(std::move(request), RequestKind::StandingOrders);
}

std::vector<Request> ClientModel::take_outbox() {
  return std::exchange(outbox_, {});
}

void ClientModel::reconnect() {
  state_ = ConnectionState::Connecting;
  failure_.clear();
  pending_.clear();
  catch_ups_.clear();
  outbox_.clear();
  ++reconnects_;
}

void ClientModel::log_in(const std::string& username, const std::string& password, bool create_account) {
  login_error_.clear();
  send(create_account ? requests::register_account(username, password) : requests::login(username, password),
       RequestKind::Account);
}

void ClientModel::refresh_lobby() {
  send(requests::list_games(pb::GAME_LIST_FILTER_OPEN), RequestKind::ListOpen);
  send(requests::list_games(pb::GAME_LIST_FILTER_MINE), RequestKind::ListMine);
  send(requests::list_games(pb::GAME_LIST_FILTER_SPECTATABLE), RequestKind::ListSpectatable);
}

void ClientModel::watch_lobby(bool on) {
  if (!lobby_.account) return;
  send(requests::watch_lobby(on), RequestKind::Other);
}

void ClientModel::open_game(std::uint64_t game_id, bool spectate) {
  if (replay_ && replay_->game_id() != game_id) replay_.reset();  // another game opened instead
  watch_lobby(false);                                             // the lobby is not shown while a game is
  const auto seen = seen_.last_seen(game_id);
  if (seen && *seen > 0) {
    open_catch_up(game_id, spectate, *seen);
  } else {
    send(requests::open_game(game_id, spectate, 0), RequestKind::OpenGame);
  }
}

void ClientModel::open_replay(std::uint64_t game_id, bool spectate) {
  replay_.emplace(game_id);
  if (!game_.open() || game_.game_id() != game_id) {
    if (game_.open()) close_game();
    open_game(game_id, spectate);
  } else {
    replay_->set_scenario(game_.scenario());
  }
  send_replay(replay_->first());
}

void ClientModel::close_replay() {
  replay_.reset();
  held_replay_.clear();
  close_game();
}

void ClientModel::send_replay(std::vector<Request> requests) {
  held_replay_.clear();
  for (auto& request : requests) {
    const std::uint64_t index = request.query_replay().action_index();
    replay_asks_[send(std::move(request), RequestKind::Replay)] = index;
  }
}

void ClientModel::tick(Clock::time_point now) {
  now_ = now;
  if (!held_replay_.empty() && now >= held_until_) send_replay(std::move(held_replay_));
}

void ClientModel::close_game() {
  if (!game_.open()) return;
  pb::ClientEnvelope request;
  request.mutable_close_game()->set_game_id(game_.game_id());
  send(std::move(request), RequestKind::Other);
  seen_.note(game_.game_id(), game_.sequence());
  game_ = GameModel{};
  standing_orders_.close();
  refresh_lobby();
  watch_lobby(true);
}

void ClientModel::on_envelope(const pb::ServerEnvelope& envelope) {
  RequestKind kind = RequestKind::Other;
  if (const auto found = pending_.find(envelope.request_id()); found != pending_.end()) {
    kind = found->second;
    pending_.erase(found);
  }
  switch (envelope.body_case()) {
    case pb::ServerEnvelope::kLoggedIn: {
      const auto& in = envelope.logged_in();
      lobby_.account = Account{in.account_id(), in.username(), in.session_token()};
      use_seen_of(in.username());  // issue 16: this account's games, saved or seen in this process
      login_error_.clear();
      notice_ = "Logged in as " + in.username();
      refresh_lobby();
      if (!game_.open()) watch_lobby(true);  // issue 16: the lists follow the server's pushes
      // The create form's scenarios: asked at every login (a restarted server may serve others).
      send(requests::list_scenarios(), RequestKind::ListScenarios);
      if (resuming_ && game_.open()) {
        // Catch up from the last action seen (the server replays updates or sends a snapshot).
        open_catch_up(game_.game_id(), game_.spectating(), game_.sequence());
        if (replay_) send_replay(replay_->ask_again());  // issue 16: lost with the connection
      } else if (resuming_ && saved_login_ && saved_login_->open_game != 0) {
        // Issue 16: a client started anew reopens the game it had open, from the last action seen.
        open_game(saved_login_->open_game, saved_login_->spectating);
      }
      saved_login_.reset();
      resuming_ = false;
      break;
    }
    case pb::ServerEnvelope::kLoggedOut:
      lobby_.account.reset();
      break;
    case pb::ServerEnvelope::kGameList:
      if (kind == RequestKind::ListOpen)
        lobby_.open_games.assign(envelope.game_list().games().begin(), envelope.game_list().games().end());
      if (kind == RequestKind::ListMine) {
        lobby_.my_games.assign(envelope.game_list().games().begin(), envelope.game_list().games().end());
        sort_my_games(lobby_.my_games);  // issue 16: the games waiting for this account first
      }
      if (kind == RequestKind::ListSpectatable)
        lobby_.spectatable_games.assign(envelope.game_list().games().begin(),
                                        envelope.game_list().games().end());
      break;
    case pb::ServerEnvelope::kLobbyChanged:
      // Issue 16: the server's push; a resync asks for the lists again.
      if (envelope.lobby_changed().resync()) refresh_lobby();
      for (const auto& game : envelope.lobby_changed().games())
        apply_lobby_change(lobby_, game, lobby_.account ? lobby_.account->username : std::string());
      break;
    case pb::ServerEnvelope::kScenarioList:
      lobby_.scenarios = scenario_catalogue_from(envelope.scenario_list());
      lobby_.scenarios_listed = true;
      break;
    case pb::ServerEnvelope::kGameCreated:
      lobby_.created = envelope.game_created();
      notice_ = "Game " + std::to_string(envelope.game_created().game_id()) + " created; invite code " +
                envelope.game_created().invite_code();
      refresh_lobby();
      break;
    case pb::ServerEnvelope::kGameSnapshot: {
      std::optional<std::uint64_t> catch_up_from;
      if (const auto found = catch_ups_.find(envelope.request_id()); found != catch_ups_.end())
        catch_up_from = found->second.last_seen;
      game_.apply_snapshot(envelope.game_snapshot(), catch_up_from);
      if (standing_orders_.game_id() != game_.game_id()) standing_orders_.close();
      if (replay_ && replay_->game_id() == game_.game_id()) replay_->set_scenario(game_.scenario());
      send_game(game_.refresh_queries());
      break;
    }
    case pb::ServerEnvelope::kGameUpdate: {
      const UpdateFit fit = game_.apply_update(envelope.game_update());
      if (fit == UpdateFit::Gap) {
        // Missed updates: a catch-up from the last one seen replays them into the log.
        open_catch_up(game_.game_id(), game_.spectating(), game_.sequence());
      } else if (fit == UpdateFit::Applied) {
        send_game(game_.refresh_queries());
      }
      break;
    }
    case pb::ServerEnvelope::kActionAccepted:
      if (envelope.action_accepted().awaiting_confirmation())
        notice_ = "Waiting for the other Coalition seat to confirm";
      break;
    case pb::ServerEnvelope::kAttackProposal:
      game_.apply_proposal(envelope.attack_proposal());
      notice_ = "Your ally proposes a combat: Y to confirm, N to refuse";
      break;
    case pb::ServerEnvelope::kUndoRequested:
      notice_ = army_name(army_of(envelope.undo_requested().by())) + " asks to undo the last move (5.1C)";
      break;
    case pb::ServerEnvelope::kUndoAnswered:
      notice_ = envelope.undo_answered().accepted() ? "Undo accepted" : "Undo refused";
      break;
    case pb::ServerEnvelope::kChatMessage:
      game_.apply_chat(envelope.chat_message());
      break;
    case pb::ServerEnvelope::kReachable:
      game_.apply_reachable(envelope.reachable());
      break;
    case pb::ServerEnvelope::kCommandRange:
      game_.apply_command_range(envelope.command_range());
      break;
    case pb::ServerEnvelope::kObservedArea:
      game_.apply_observed_area(envelope.observed_area());
      break;
    case pb::ServerEnvelope::kCombatOptions:
      game_.apply_combat_options(envelope.combat_options());
      break;
    case pb::ServerEnvelope::kOddsAnswer:
      game_.apply_odds(envelope.odds_answer());
      break;
    case pb::ServerEnvelope::kRetreatHexes:
      game_.apply_retreats(envelope.retreat_hexes());
      break;
    case pb::ServerEnvelope::kOk:
      if (kind == RequestKind::JoinGame) refresh_lobby();
      if (catch_ups_.erase(envelope.request_id()) > 0) game_.caught_up();  // a catch-up's end
      break;
    case pb::ServerEnvelope::kGameChanged:
      game_.apply_summary(envelope.game_changed());
      notice_ = describe_game(envelope.game_changed(), 0);  // the model has no clock
      break;
    case pb::ServerEnvelope::kDrawOffered:
      game_.apply_draw_offer(envelope.draw_offered());
      if (game_.draw_offer())
        notice_ =
            army_name(army_of(envelope.draw_offered().by())) + " offers a draw: Y to accept, N to decline";
      break;
    case pb::ServerEnvelope::kStandingOrders:
      standing_orders_.apply(envelope.standing_orders());
      break;
    case pb::ServerEnvelope::kReplayFrame:
      replay_asks_.erase(envelope.request_id());
      if (replay_) send_replay(replay_->apply_frame(envelope.replay_frame()));
      break;
    case pb::ServerEnvelope::kGameRecord: {
      const RecordWritten written = write_game_record(envelope.game_record(), record_dir_);
      game_.record_exported(written.message);
      notice_ = written.message;
      break;
    }
    default:
      break;
  }
}

void ClientModel::on_request_refused(const RefusalInfo& refusal, RequestKind kind, std::uint64_t request_id) {
  const std::string words = plain_words(refusal, game_.open() ? &game_.view() : nullptr);
  switch (kind) {
    case RequestKind::Account:
      if (resuming_) {
        // The saved token no longer works: back to the login screen, the game forgotten.
        resuming_ = false;
        lobby_.account.reset();
        if (game_.open()) seen_.note(game_.game_id(), game_.sequence());  // for a login by hand
        game_ = GameModel{};
        replay_.reset();
        if (saved_login_) {  // issue 16: the token an earlier run saved
          // Short enough for the login form's line (the screen cuts longer ones).
          login_error_ = "Saved session expired or ended: log in again";
          notice_ = login_error_;
          saved_login_.reset();
          break;
        }
      }
      login_error_ = words;
      break;
    case RequestKind::Query:
      break;
    case RequestKind::StandingOrders:
      standing_orders_.refused(words);
      notice_ = words;
      break;
    case RequestKind::Replay: {
      const auto asked = replay_asks_.find(request_id);
      std::optional<std::uint64_t> index;
      if (asked != replay_asks_.end()) {
        index = asked->second;
        replay_asks_.erase(asked);
      }
      // Issue 16: a frame deeper than the server's replay budget (BUSY, docs/games.md "Replays"):
      // the server kept its work, so the step is asked again kBusyPause later (tick), showing
      // progress, not an error.
      if (replay_ && index && refusal.code == static_cast<std::uint32_t>(pb::REFUSAL_CODE_BUSY)) {
        std::vector<Request> again = replay_->busy(*index, words);
        if (again.empty() && replay_->refusal() == words) notice_ = words;  // out of retries
        if (!again.empty()) {
          held_replay_ = std::move(again);
          held_until_ = now_ + kBusyPause;
        }
        break;
      }
      if (replay_) replay_->refused(words);
      notice_ = words;
      break;
    }
    case RequestKind::OpenGame:
      // A replay whose game cannot be opened has nothing to show: the lobby says why.
      if (replay_ && !(game_.open() && game_.game_id() == replay_->game_id())) replay_.reset();
      notice_ = words;
      break;  // a query that does not apply now (e.g. no retreat pending) changes nothing on screen
    case RequestKind::Action:
      game_.note(words);
      notice_ = words;
      break;
    default:
      notice_ = words;
      break;
  }
}

}  // namespace hd::client

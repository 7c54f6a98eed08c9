#include <hd/term/client.hpp>
#include <hd/term/deadline_text.hpp>
#include <hd/term/state_text.hpp>
#include <hd/wire/protocol_version.hpp>
#include <hd/wire/secret_opening_check.hpp>

#include <algorithm>
#include <ostream>
#include <random>

namespace hd::term {

namespace v1 = hundred_days::v1;

bool OpenGameState::finished() const {
  return view.phase() == v1::PHASE_GAME_OVER || view.has_result() ||
         summary.status() == v1::GAME_STATUS_FINISHED;
}

std::string random_entropy(std::size_t count) {
  std::random_device device;
  std::string bytes;
  for (std::size_t i = 0; i < count; ++i)
    bytes.push_back(static_cast<char>(device() & 0xff));
  return bytes;
}

Client::Client(const ServerAddress& address, ClientOptions options)
    : connection_(address), options_(std::move(options)) {}

void Client::keep_commitment(OpenGameState& state, const v1::SecretCommitment& commitment) {
  for (const v1::SecretCommitment& first : state.commitments)
    if (first.choice_id() == commitment.choice_id()) {
      if (first.commitment() != commitment.commitment())
        notice("WARNING: secret choice " + commitment.choice_id() + ": its commitment changed");
      return;
    }
  *state.commitments.Add() = commitment;
  notice("secret choice " + commitment.choice_id() + " of the " + seat_name(commitment.seat()) +
         " seat committed: " + commitment.commitment() + " (revealed at " + commitment.revealed_at() + ")");
}

void Client::notice(const std::string& line) {
  if (options_.events) *options_.events << line << "\n" << std::flush;
}

std::optional<v1::Welcome> Client::hello() {
  v1::ClientEnvelope envelope;
  envelope.mutable_hello()->set_protocol_version(wire::kProtocolVersion);
  envelope.mutable_hello()->set_client_name(options_.client_name);
  const auto answer = request(envelope);
  if (!answer) return std::nullopt;
  if (!answer->has_welcome()) {
    last_error_ = answer->has_refusal() ? format_refusal(answer->refusal()) : "no Welcome";
    return std::nullopt;
  }
  return answer->welcome();
}

std::optional<v1::ServerEnvelope> Client::request(v1::ClientEnvelope envelope) {
  using namespace std::chrono;
  constexpr int kMaxRetries = 8;
  constexpr microseconds kFirstGap = milliseconds(50), kLongestGap = seconds(2);
  for (int retry = 0;; ++retry) {
    if (request_gap_.count() > 0) {
      // Keep the pace; envelopes arriving meanwhile are observed.
      const auto wait = duration_cast<milliseconds>(last_sent_ + request_gap_ - steady_clock::now());
      if (wait.count() > 0) pump(wait, [] { return false; });
    }
    last_sent_ = steady_clock::now();
    auto answer = send_and_wait(envelope);
    const bool rate_limited =
        answer && answer->has_refusal() && answer->refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED;
    if (!rate_limited) {
      request_gap_ -= request_gap_ / 32;  // passed: probe the limit again, slowly
      if (request_gap_ < microseconds(500)) request_gap_ = microseconds(0);
      return answer;
    }
    if (retry == kMaxRetries) return answer;
    ++rate_limited_retries_;
    request_gap_ = std::clamp(request_gap_ * 2, kFirstGap, kLongestGap);
  }
}

std::optional<v1::ServerEnvelope> Client::send_and_wait(v1::ClientEnvelope envelope) {
  const std::uint64_t id = request_ids_.next();
  envelope.set_request_id(id);
  connection_.send(envelope);
  const auto deadline = std::chrono::steady_clock::now() + options_.answer_timeout;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      last_error_ = "no answer within " + std::to_string(options_.answer_timeout.count()) + " ms";
      return std::nullopt;
    }
    auto received = connection_.receive(left);
    if (!received) {
      if (connection_.closed()) {
        last_error_ = "connection lost: " + connection_.close_reason();
        return std::nullopt;
      }
      continue;
    }
    observe(*received);
    if (received->request_id() == id) {
      if (received->has_refusal()) last_error_ = format_refusal(received->refusal());
      return received;
    }
  }
}

bool Client::pump(std::chrono::milliseconds timeout, const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!done()) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto received = connection_.receive(left);
    if (!received) {
      if (connection_.closed()) {
        last_error_ = "connection lost: " + connection_.close_reason();
        break;
      }
      continue;
    }
    observe(*received);
  }
  return done();
}

bool Client::logged_in_from(const std::optional<v1::ServerEnvelope>& answer) {
  if (!answer) return false;
  if (!answer->has_logged_in()) {
    if (!answer->has_refusal()) last_error_ = "unexpected answer";
    return false;
  }
  token_ = answer->logged_in().session_token();
  username_ = answer->logged_in().username();
  return true;
}

bool Client::register_account(const std::string& username, const std::string& password) {
  v1::ClientEnvelope envelope;
  envelope.mutable_register_account()->set_username(username);
  envelope.mutable_register_account()->set_password(password);
  return logged_in_from(request(envelope));
}

bool Client::login(const std::string& username, const std::string& password) {
  v1::ClientEnvelope envelope;
  envelope.mutable_login()->set_username(username);
  envelope.mutable_login()->set_password(password);
  return logged_in_from(request(envelope));
}

bool Client::resume(const std::string& token) {
  v1::ClientEnvelope envelope;
  envelope.mutable_resume_session()->set_session_token(token);
  return logged_in_from(request(envelope));
}

bool Client::open_game(std::uint64_t game_id, bool spectate) {
  v1::ClientEnvelope envelope;
  envelope.mutable_open_game()->set_game_id(game_id);
  envelope.mutable_open_game()->set_spectate(spectate);
  const auto answer = request(envelope);
  if (!answer) return false;
  if (!answer->has_game_snapshot()) {
    if (!answer->has_refusal()) last_error_ = "unexpected answer to OpenGame";
    return false;
  }
  return game_ && game_->game_id == game_id;
}

bool Client::my_decision() const {
  if (!game_ || game_->finished() || game_->spectating || !game_->view.has_pending()) return false;
  if (game_->summary.status() != v1::GAME_STATUS_RUNNING) return false;
  if (game_->view.pending().seats_size() == 0) {  // a server that names only the side
    for (v1::Seat seat : game_->my_seats)
      if ((seat == v1::SEAT_FRENCH) == (game_->view.pending().side() == v1::SIDE_FRENCH)) return true;
    return false;
  }
  for (int i = 0; i < game_->view.pending().seats_size(); ++i)
    if (std::find(game_->my_seats.begin(), game_->my_seats.end(), game_->view.pending().seats(i)) !=
        game_->my_seats.end())
      return true;
  return false;
}

void Client::observe(const v1::ServerEnvelope& envelope) {
  switch (envelope.body_case()) {
    case v1::ServerEnvelope::kGameSnapshot: {
      const v1::GameSnapshot& snapshot = envelope.game_snapshot();
      OpenGameState state;
      state.game_id = snapshot.game_id();
      state.spectating = snapshot.spectating();
      for (int seat : snapshot.my_seats())
        state.my_seats.push_back(static_cast<v1::Seat>(seat));
      state.scenario = snapshot.scenario();
      state.view = snapshot.view();
      state.summary = snapshot.summary();
      state.sequence = snapshot.sequence();
      state.fog_of_war = fog_of_war(snapshot.scenario());
      // 16.3: said once for the game, not again at a later snapshot of it (a resume).
      if (state.fog_of_war && !(game_ && game_->game_id == snapshot.game_id() && game_->fog_of_war))
        notice(kFogNotice);
      for (const v1::ChatMessage& chat : snapshot.recent_chat())
        notice("chat " + chat.from() + ": " + chat.text());
      // 18.5C: keep the commitments first seen for this game; check every opening against them.
      if (game_ && game_->game_id == snapshot.game_id()) {
        state.commitments = game_->commitments;
        // A choice made during play (28.0D) is new to a later snapshot: kept, not warned about.
        for (const v1::SecretCommitment& now : snapshot.secret_commitments())
          keep_commitment(state, now);
      } else {
        state.commitments = snapshot.secret_commitments();
        for (const v1::SecretCommitment& commitment : snapshot.secret_commitments())
          notice("secret choice " + commitment.choice_id() + " of the " + seat_name(commitment.seat()) +
                 " seat committed: " + commitment.commitment() + " (revealed at " + commitment.revealed_at() +
                 ")");
      }
      for (const v1::SecretOpening& opening : snapshot.secret_openings())
        notice(wire::check_opening(snapshot.game_id(), state.commitments, opening).message);
      game_ = std::move(state);
      break;
    }
    case v1::ServerEnvelope::kGameUpdate: {
      const v1::GameUpdate& update = envelope.game_update();
      if (!game_ || game_->game_id != update.game_id()) break;
      ++updates_seen_;
      if (update.has_view()) game_->view = update.view();
      if (update.undone()) {
        notice("undo: sequence " + std::to_string(update.sequence() + 1) + " taken back");
      } else if (!update.action_text().empty()) {
        notice("[" + std::to_string(update.sequence()) + "] " + seat_name(update.seat()) + ": " +
               update.action_text() + (update.by_standing_order() ? " (by standing order)" : ""));
      }
      for (const v1::GameEvent& event : update.events())
        notice("    " + event.text());
      // 28.0D: the commitment a choose-entry made, kept to check its opening later.
      for (const v1::SecretCommitment& commitment : update.secret_commitments())
        keep_commitment(*game_, commitment);
      for (const v1::SecretOpening& opening : update.secret_openings())
        notice(wire::check_opening(update.game_id(), game_->commitments, opening).message);
      game_->sequence = update.undone() ? update.sequence() : std::max(game_->sequence, update.sequence());
      game_->proposal.reset();
      if (game_->view.has_result())
        notice("game over: " + side_name(game_->view.result().winner()) + " " + game_->view.result().level() +
               ": " + game_->view.result().text());
      break;
    }
    case v1::ServerEnvelope::kGameChanged:
      if (game_ && game_->game_id == envelope.game_changed().game_id())
        game_->summary = envelope.game_changed();
      notice("game changed: " + format_game_summary(envelope.game_changed(), now_unix()));
      if (envelope.game_changed().end() == v1::GAME_END_DEADLINE)  // a forfeit: say it, not a plain win
        notice("game over: " + side_name(envelope.game_changed().winner()) + " win: the " +
               side_name(envelope.game_changed().winner() == v1::SIDE_FRENCH ? v1::SIDE_COALITION
                                                                             : v1::SIDE_FRENCH) +
               " side missed its turn deadline");
      break;
    case v1::ServerEnvelope::kLobbyChanged:  // issue 16: after `watch`, one line per changed game
      if (envelope.lobby_changed().resync()) notice("lobby: many games changed; list them again (games)");
      for (const v1::GameSummary& game : envelope.lobby_changed().games())
        notice("lobby: " + format_game_summary(game, now_unix()));
      break;
    case v1::ServerEnvelope::kChatMessage: {
      const v1::ChatMessage& chat = envelope.chat_message();
      notice(std::string("chat") + (chat.channel() == v1::CHAT_CHANNEL_SIDE ? " (side) " : " ") +
             chat.from() + ": " + chat.text());
      break;
    }
    case v1::ServerEnvelope::kAttackProposal:
      if (game_ && game_->game_id == envelope.attack_proposal().game_id())
        game_->proposal = envelope.attack_proposal();
      notice("attack proposal " + std::to_string(envelope.attack_proposal().proposal_id()) + " by " +
             seat_name(envelope.attack_proposal().proposed_by()) + ": answer with 'confirm' or 'reject'");
      break;
    case v1::ServerEnvelope::kUndoRequested:
      notice("undo requested by " + seat_name(envelope.undo_requested().by()) +
             ": answer with 'undo accept' or 'undo decline'");
      break;
    case v1::ServerEnvelope::kUndoAnswered:
      notice(std::string("undo ") + (envelope.undo_answered().accepted() ? "accepted" : "declined"));
      break;
    case v1::ServerEnvelope::kDrawOffered:
      notice("draw offered by " + seat_name(envelope.draw_offered().by()) +
             ": answer with 'draw accept' or 'draw decline'");
      break;
    case v1::ServerEnvelope::kRefusal:
      if (envelope.request_id() == 0) notice("server: " + format_refusal(envelope.refusal()));
      break;
    default:
      break;
  }
}

}  // namespace hd::term

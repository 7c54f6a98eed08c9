#include "app/hub.hpp"

#include "log.hpp"

#include <boost/asio/post.hpp>

#include <chrono>
#include <deque>

namespace hd::server {

namespace net = boost::asio;
namespace v1 = hundred_days::v1;

namespace {

std::int64_t now_unix() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool is_account_request(const v1::ClientEnvelope& envelope) {
  switch (envelope.body_case()) {
    case v1::ClientEnvelope::kRegisterAccount:
    case v1::ClientEnvelope::kLogin:
    case v1::ClientEnvelope::kResumeSession:
    case v1::ClientEnvelope::kLogout:
      return true;
    default:
      return false;
  }
}

}  // namespace

v1::ServerEnvelope refusal_envelope(std::uint64_t request_id, v1::RefusalCode code, std::string message,
                                    std::string rule) {
  v1::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  v1::Refusal* refusal = envelope.mutable_refusal();
  refusal->set_code(code);
  refusal->set_message(std::move(message));
  if (!rule.empty()) refusal->set_rule(std::move(rule));
  return envelope;
}

Hub::Hub(net::any_io_executor io, Database& db, const ServerConfig& config, Outbound& outbound)
    : io_(io),
      strand_(net::make_strand(io)),
      config_(config),
      outbound_(outbound),
      accounts_(db),
      games_(db, config, outbound),
      password_cost_{config.argon2_operations, config.argon2_memory_kib * 1024} {
  init_crypto();
  dummy_hash_ = hash_password("no such account", password_cost_);
}

void Hub::connection_opened(ConnectionId connection, std::string peer_address) {
  net::post(strand_, [this, connection, peer = std::move(peer_address)] {
    Caller caller;
    caller.connection = connection;
    caller.peer_address = peer;
    callers_[connection] = std::move(caller);
  });
}

void Hub::request(ConnectionId connection, v1::ClientEnvelope envelope) {
  net::post(strand_,
            [this, connection, envelope = std::move(envelope)] { on_request(connection, envelope); });
}

void Hub::connection_closed(ConnectionId connection) {
  net::post(strand_, [this, connection] {
    const auto it = callers_.find(connection);
    if (it == callers_.end()) return;
    if (it->second.account) games_.forget(it->second);
    callers_.erase(it);
  });
}

Caller* Hub::find(ConnectionId connection) {
  const auto it = callers_.find(connection);
  return it == callers_.end() ? nullptr : &it->second;
}

void Hub::on_request(ConnectionId connection, const v1::ClientEnvelope& envelope) {
  Caller* caller = find(connection);
  if (caller == nullptr) return;  // the connection closed meanwhile
  // While a login is being hashed, later requests of the same connection wait their turn.
  if (caller->account_request_pending) {
    caller->waiting.push_back(envelope);
    return;
  }
  try {
    if (is_account_request(envelope)) {
      switch (envelope.body_case()) {
        case v1::ClientEnvelope::kRegisterAccount:
          return register_account(*caller, envelope);
        case v1::ClientEnvelope::kLogin:
          return login(*caller, envelope);
        case v1::ClientEnvelope::kResumeSession:
          return resume_session(*caller, envelope);
        default:
          return logout(*caller, envelope);
      }
    }
    if (!caller->account) {
      outbound_.send(connection, refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_LOGIN_REQUIRED,
                                                  "log in (or register) first"));
      return;
    }
    games_.handle(*caller, envelope);
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, "request_failed",
              {{"connection", std::to_string(connection)}, {"error", error.what()}});
    outbound_.send(connection,
                   refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_INTERNAL,
                                    "the server failed to handle the request; nothing was changed"));
  }
}

void Hub::register_account(Caller& caller, const v1::ClientEnvelope& envelope) {
  const std::uint64_t id = envelope.request_id();
  const std::string username = envelope.register_account().username();
  const std::string password = envelope.register_account().password();
  if (const auto problem = username_problem(username)) {
    return outbound_.send(caller.connection,
                          refusal_envelope(id, v1::REFUSAL_CODE_INVALID_REQUEST, *problem));
  }
  if (const auto problem = password_problem(password)) {
    return outbound_.send(caller.connection,
                          refusal_envelope(id, v1::REFUSAL_CODE_INVALID_REQUEST, *problem));
  }
  if (accounts_.find(username)) {
    return outbound_.send(caller.connection,
                          refusal_envelope(id, v1::REFUSAL_CODE_NAME_TAKEN, "the user name is taken"));
  }
  caller.account_request_pending = true;
  const ConnectionId connection = caller.connection;
  net::post(io_, [this, connection, id, username, password] {
    std::string hash = hash_password(password, password_cost_);
    net::post(strand_, [this, connection, id, username, hash = std::move(hash)] {
      Caller* caller = find(connection);
      if (caller == nullptr) return;
      caller->account_request_pending = false;
      const auto account = accounts_.create(username, hash, now_unix());
      if (!account) {
        outbound_.send(connection,
                       refusal_envelope(id, v1::REFUSAL_CODE_NAME_TAKEN, "the user name is taken"));
      } else {
        log_event(LogLevel::Info, "account_registered",
                  {{"connection", std::to_string(connection)}, {"account", std::to_string(account->id)}});
        logged_in(*caller, id, *account, accounts_.open_session(account->id, now_unix()));
      }
      drain(connection);
    });
  });
}

void Hub::login(Caller& caller, const v1::ClientEnvelope& envelope) {
  const std::uint64_t id = envelope.request_id();
  const std::string password = envelope.login().password();
  const auto stored = accounts_.find(envelope.login().username());
  caller.account_request_pending = true;
  const ConnectionId connection = caller.connection;
  const std::string hash = stored ? stored->password_hash : dummy_hash_;
  net::post(io_, [this, connection, id, password, hash, stored] {
    const bool matches = verify_password(hash, password) && stored.has_value();
    net::post(strand_, [this, connection, id, matches, stored] {
      Caller* caller = find(connection);
      if (caller == nullptr) return;
      caller->account_request_pending = false;
      if (!matches) {
        log_event(LogLevel::Warning, "login_failed", {{"connection", std::to_string(connection)}});
        outbound_.send(connection, refusal_envelope(id, v1::REFUSAL_CODE_BAD_CREDENTIALS,
                                                    "unknown user name or wrong password"));
      } else {
        logged_in(*caller, id, stored->account, accounts_.open_session(stored->account.id, now_unix()));
      }
      drain(connection);
    });
  });
}

void Hub::resume_session(Caller& caller, const v1::ClientEnvelope& envelope) {
  const std::string& token = envelope.resume_session().session_token();
  const auto account = accounts_.resume(token, now_unix(), config_.session_lifetime.count());
  if (!account) {
    return outbound_.send(caller.connection,
                          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_BAD_CREDENTIALS,
                                           "the session token is unknown or has expired"));
  }
  logged_in(caller, envelope.request_id(), *account, token);
}

void Hub::logout(Caller& caller, const v1::ClientEnvelope& envelope) {
  if (!caller.account) {
    return outbound_.send(caller.connection,
                          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_LOGIN_REQUIRED,
                                           "this connection is not logged in"));
  }
  games_.forget(caller);
  accounts_.close_session(caller.session_token_digest);
  log_event(
      LogLevel::Info, "logged_out",
      {{"connection", std::to_string(caller.connection)}, {"account", std::to_string(*caller.account)}});
  caller.account.reset();
  caller.username.clear();
  caller.session_token_digest.clear();
  v1::ServerEnvelope answer;
  answer.set_request_id(envelope.request_id());
  answer.mutable_logged_out();
  outbound_.send(caller.connection, answer);
}

void Hub::logged_in(Caller& caller, std::uint64_t request_id, const Account& account,
                    const std::string& token) {
  if (caller.account && *caller.account != account.id) games_.forget(caller);
  caller.account = account.id;
  caller.username = account.username;
  caller.session_token_digest = token_digest(token);
  log_event(LogLevel::Info, "logged_in",
            {{"connection", std::to_string(caller.connection)}, {"account", std::to_string(account.id)}});
  v1::ServerEnvelope answer;
  answer.set_request_id(request_id);
  v1::LoggedIn* logged = answer.mutable_logged_in();
  logged->set_account_id(static_cast<std::uint64_t>(account.id));
  logged->set_username(account.username);
  logged->set_session_token(token);
  outbound_.send(caller.connection, answer);
}

void Hub::drain(ConnectionId connection) {
  Caller* caller = find(connection);
  while (caller != nullptr && !caller->account_request_pending && !caller->waiting.empty()) {
    v1::ClientEnvelope next = std::move(caller->waiting.front());
    caller->waiting.pop_front();
    on_request(connection, next);
    caller = find(connection);
  }
}

}  // namespace hd::server

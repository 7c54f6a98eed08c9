#include "app/hub.hpp"

#include "log.hpp"
#include "notify/public_address.hpp"
#include "notify/webhook_sender.hpp"
#include "notify/webhook_url.hpp"
#include "ops/request_type.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <optional>
#include <stdexcept>

namespace hd::server {

namespace net = boost::asio;
namespace v1 = hundred_days::v1;

namespace {

std::int64_t now_unix() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
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

void send_refusal(Outbound& outbound, const Caller& caller, const v1::ClientEnvelope& request,
                  v1::RefusalCode code, std::string message, std::string rule) {
  outbound.send(caller.connection,
                refusal_envelope(request.request_id(), code, std::move(message), std::move(rule)));
}

v1::ServerEnvelope ok_envelope(std::uint64_t request_id) {
  v1::ServerEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_ok();
  return envelope;
}

Hub::Hub(net::any_io_executor io, Database& db, const ServerConfig& config, Outbound& outbound,
         Metrics& metrics, RefusalLogLimiter& refusal_log)
    : io_(io),
      strand_(net::make_strand(io)),
      db_(db),
      config_(config),
      metrics_(metrics),
      held_(outbound),
      // Sends happen on the strand, so callers_ may be read here.
      accounting_(held_, metrics, refusal_log,
                  [this](ConnectionId connection) {
                    const Caller* caller = find(connection);
                    return caller ? caller->peer_address : std::string();
                  }),
      outbound_(accounting_),
      accounts_(db),
      answers_(db),
      webhooks_(db),
      webhook_sender_(std::make_shared<WebhookSender>(io, metrics, config.webhook_queue_limit,
                                                      std::chrono::milliseconds(config.webhook_timeout),
                                                      config.webhook_ca_file, config.webhook_allow_private)),
      emails_(db),
      email_sender_(config.email_enabled() ? std::make_unique<EmailSender>(
                                                 SmtpSettings{config.smtp_url, config.smtp_from,
                                                              config.smtp_user, config.smtp_password,
                                                              config.smtp_timeout, config.email_queue_limit},
                                                 metrics)
                                           : nullptr),
      notices_(db, webhooks_, emails_, webhook_sender_,
               config.game_link_base.empty()
                   ? "hundreddays://" + config.listen_address + ":" + std::to_string(config.port)
                   : config.game_link_base,
               email_sender_.get(),
               // Issue 15: a batch's notices go once it is durable, with its messages.
               [this](std::function<void()> send) { when_durable(std::move(send)); }),
      games_(
          db, config, outbound_, metrics,
          [this](std::function<void()> step) { net::post(strand_, std::move(step)); },
          [this](const GameRoom& room) { notices_.check(room); },
          [this](const GameRoom& room, v1::Seat seat) { notices_.remind(room, seat); },
          [this](std::chrono::milliseconds delay) {
            lobby_timer_.expires_after(delay);
            lobby_timer_.async_wait([this](boost::system::error_code error) {
              if (!error) games_.flush_lobby();
            });
          },
          // Issue 15: queries answered beside the strand, unless measuring without.
          config.queries_off_strand
              ? GameQueries::AnswerLater([this](const Caller& caller, const v1::ClientEnvelope& request,
                                                std::function<v1::ServerEnvelope()> work) {
                  answer_later(caller, request, std::move(work));
                })
              : GameQueries::AnswerLater(),
          // Issue 15: a built-in player's next step once its last step's messages are durable.
          [this](std::function<void()> step) {
            when_durable([this, step = std::move(step)]() mutable { net::post(strand_, std::move(step)); });
          }),
      password_cost_{config.argon2_operations, config.argon2_memory_kib * 1024},
      login_throttle_(config.login_failures_per_account, config.login_failures_per_address,
                      config.login_throttle_window),
      expiry_timer_(strand_),
      eviction_timer_(strand_),
      deadline_timer_(strand_),
      standing_order_timer_(strand_),
      lobby_timer_(strand_) {
  init_crypto();
  db_.set_batch_sync_deferred(config.group_commit && config.wal_sync_off_strand);
  dummy_hash_ = hash_password("no such account", password_cost_);
  // Open games that expired while the server was down are closed first thing (issue 29, finding 4).
  if (config.open_game_expiry.count() > 0) net::post(strand_, [this] { expire_open_games(); });
  net::post(strand_, [this] { evict_idle_rooms(); });
  // Deadlines that passed while the server was down are handled first thing (issue 16).
  net::post(strand_, [this] { check_deadlines(); });
  net::post(strand_, [this] { check_standing_orders(); });
}

void Hub::check_standing_orders() {
  // A standing order is followed at most half a grace late.
  const auto every =
      std::clamp<std::chrono::seconds>(std::chrono::seconds(config_.standing_order_grace_seconds / 2),
                                       std::chrono::seconds(1), std::chrono::seconds(30));
  repeat_on_strand(
      standing_order_timer_, every, "standing_order_watch_failed",
      [this] {
        games_.check_standing_orders(now_unix());
        return false;
      },
      &Hub::check_standing_orders);
}

void Hub::check_deadlines() {
  repeat_on_strand(
      deadline_timer_, config_.deadline_check, "deadline_watch_failed",
      [this] {
        games_.check_deadlines(now_unix());
        return false;
      },
      &Hub::check_deadlines);
}

void Hub::repeat_on_strand(net::steady_timer& timer, std::chrono::seconds every, const char* failure_event,
                           const std::function<bool()>& task, void (Hub::*again)()) {
  bool more = false;
  try {
    more = task();
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, failure_event, {{"error", error.what()}});
  }
  timer.expires_after(more ? std::chrono::seconds(0) : every);
  timer.async_wait([this, again](boost::system::error_code error) {
    if (!error) (this->*again)();
  });
}

void Hub::evict_idle_rooms() {
  // A room leaves at most a quarter of the idle time late.
  const auto every = std::clamp<std::chrono::seconds>(config_.room_idle / 4, std::chrono::seconds(1),
                                                      std::chrono::seconds(60));
  repeat_on_strand(
      eviction_timer_, every, "room_eviction_failed",
      [this] {
        games_.evict_idle_rooms();
        return false;
      },
      &Hub::evict_idle_rooms);
}

void Hub::expire_open_games() {
  constexpr std::size_t kBatch = 100;  // games closed per turn on the strand: requests wait for no more
  // Checked a tenth of the expiry apart, between 1 s and 1 min: a game is closed at most that late.
  const auto every = std::clamp<std::chrono::seconds>(config_.open_game_expiry / 10, std::chrono::seconds(1),
                                                      std::chrono::seconds(60));
  repeat_on_strand(
      expiry_timer_, every, "open_game_expiry_failed",
      [this] { return games_.expire_open_games(now_unix(), kBatch) == kBatch; }, &Hub::expire_open_games);
}

Hub::~Hub() {
  // A batch kept open while the last sync ran, whose wal_synced() never came (the loop stopped):
  // its writes are kept, and nothing it held is sent, as after a crash past a commit.
  if (!db_.in_batch()) return;
  try {
    db_.commit_batch();
  } catch (const std::exception& error) {
    log_event(LogLevel::Warning, "batch_not_committed_at_shutdown", {{"error", error.what()}});
  }
}

void Hub::connection_opened(ConnectionId connection, std::string peer_address) {
  arrive({Arrival::Kind::Opened, connection, std::move(peer_address), {}});
}

void Hub::request(ConnectionId connection, v1::ClientEnvelope envelope) {
  arrive({Arrival::Kind::Request, connection, {}, std::move(envelope)});
}

void Hub::connection_closed(ConnectionId connection) {
  arrive({Arrival::Kind::Closed, connection, {}, {}});
}

void Hub::arrive(Arrival arrival) {
  {
    std::lock_guard lock(inbox_mutex_);
    inbox_.push_back(std::move(arrival));
    if (inbox_posted_) return;
    inbox_posted_ = true;
  }
  net::post(strand_, [this] { handle_inbox(); });
}

void Hub::handle_inbox() {
  std::vector<Arrival> batch;
  {
    std::lock_guard lock(inbox_mutex_);
    while (!inbox_.empty() && batch.size() < kBatchLimit) {
      batch.push_back(std::move(inbox_.front()));
      inbox_.pop_front();
    }
    // The rest waits behind the strand's other work (timers, finished log-ins).
    if (!inbox_.empty())
      net::post(strand_, [this] { handle_inbox(); });
    else
      inbox_posted_ = false;
  }
  bool batched = config_.group_commit;
  // A batch left open while the WAL's sync runs takes these arrivals too (commit_unsynced_batch).
  if (batched && !db_.in_batch()) {
    try {
      db_.begin_batch();
      held_.hold();
      open_batch_arrivals_ = 0;
    } catch (const std::exception& error) {
      batched = false;  // each request then commits on its own, as without batches
      log_event(LogLevel::Warning, "batch_not_begun", {{"error", error.what()}});
    }
  }
  for (Arrival& arrival : batch) {
    try {
      handle(arrival);
    } catch (const std::exception& error) {
      log_event(LogLevel::Error, "arrival_failed",
                {{"connection", std::to_string(arrival.connection)}, {"error", error.what()}});
    }
    // The batch's writes are lost, and the rooms in memory hold them: stop with nothing of it sent.
    if (batched && db_.batch_lost()) stop_batch("the batch's transaction was rolled back by SQLite");
  }
  if (batched) {
    if (config_.wal_sync_off_strand) {
      // While a sync runs the batch stays open for the next arrivals; wal_synced() commits it.
      open_batch_arrivals_ += batch.size();
      if (!wal_sync_running_ || open_batch_arrivals_ >= kOpenBatchLimit) commit_unsynced_batch();
      return;
    }
    commit_batch_or_stop();
    held_.release();
    std::vector<std::function<void()>> notices;
    notices.swap(after_commit_);
    for (const auto& send : notices)
      send();
  }
  const auto now = Clock::now();
  for (const auto& [type, started] : batch_requests_)
    metrics_.observe_request(type, now - started);
  batch_requests_.clear();
}

void Hub::stop_batch(const std::string& error) {
  log_event(LogLevel::Error, "batch_commit_failed",
            {{"error", error}, {"requests", std::to_string(batch_requests_.size())}});
  held_.drop();
  after_commit_.clear();
  std::fflush(nullptr);
  std::_Exit(70);
}

void Hub::commit_batch_or_stop() {
  try {
    db_.commit_batch();
  } catch (const std::exception& error) {
    stop_batch(error.what());
  }
  if (!batch_requests_.empty()) metrics_.count_batch(batch_requests_.size());
}

void Hub::commit_unsynced_batch() {
  commit_batch_or_stop();
  metrics_.count_unsynced_commit();
  // Committed, not yet synced: what the batch holds waits for the syncing thread.
  UnsyncedBatch unsynced;
  unsynced.group = held_.seal();
  unsynced.notices.swap(after_commit_);
  unsynced.requests.swap(batch_requests_);
  unsynced_.push_back(std::move(unsynced));
  open_batch_arrivals_ = 0;
  sync_wal_off_strand();
}

void Hub::when_durable(std::function<void()> then) {
  if (db_.in_batch()) return after_commit_.push_back(std::move(then));
  // Outside a batch: after the sync of the newest batch, whose changes it may tell of.
  if (!unsynced_.empty()) return unsynced_.back().notices.push_back(std::move(then));
  then();
}

void Hub::sync_wal_off_strand() {
  if (wal_sync_running_ || unsynced_.empty()) return;
  wal_sync_running_ = true;
  const std::uint64_t through = unsynced_.back().group;
  net::post(wal_syncing_, [this, through] {
    try {
      db_.sync_wal();
    } catch (const std::exception& error) {
      // The batches' writes may not be on disk, and nothing of them was sent: stop (as stop() in
      // handle_inbox), and a restart rebuilds the rooms from what is durable.
      log_event(LogLevel::Error, "wal_sync_failed", {{"error", error.what()}});
      std::fflush(nullptr);
      std::_Exit(70);
    }
    metrics_.count_wal_sync();
    net::post(strand_, [this, through] { wal_synced(through); });
  });
}

void Hub::wal_synced(std::uint64_t group) {
  wal_sync_running_ = false;
  held_.release_through(group);
  const auto now = Clock::now();
  while (!unsynced_.empty() && unsynced_.front().group <= group) {
    UnsyncedBatch batch = std::move(unsynced_.front());
    unsynced_.pop_front();
    for (const auto& send : batch.notices)
      send();
    for (const auto& [type, started] : batch.requests)
      metrics_.observe_request(type, now - started);
  }
  if (db_.in_batch())
    commit_unsynced_batch();  // the batch kept open while this sync ran; starts the next sync
  else
    sync_wal_off_strand();  // the batches committed while this sync ran (at kOpenBatchLimit)
}

void Hub::handle(Arrival& arrival) {
  switch (arrival.kind) {
    case Arrival::Kind::Opened: {
      Caller caller;
      caller.connection = arrival.connection;
      caller.peer_address = std::move(arrival.peer_address);
      callers_[arrival.connection] = std::move(caller);
      return;
    }
    case Arrival::Kind::Request:
      return on_request(arrival.connection, arrival.envelope);
    case Arrival::Kind::Closed: {
      const auto it = callers_.find(arrival.connection);
      if (it == callers_.end()) return;
      it->second.open->store(false);  // its queued hashing job, if any, is dropped
      if (it->second.account) games_.forget(it->second);
      callers_.erase(it);
      return;
    }
  }
}

void Hub::observe_request(std::string_view type, Clock::time_point started) {
  if (db_.in_batch()) {
    batch_requests_.emplace_back(type, started);
    return;
  }
  if (!unsynced_.empty()) {
    unsynced_.back().requests.emplace_back(type, started);
    return;
  }
  metrics_.observe_request(type, Clock::now() - started);
}

Caller* Hub::find(ConnectionId connection) {
  const auto it = callers_.find(connection);
  return it == callers_.end() ? nullptr : &it->second;
}

void Hub::on_request(ConnectionId connection, const v1::ClientEnvelope& envelope) {
  Caller* caller = find(connection);
  if (caller == nullptr) return;  // the connection closed meanwhile
  // While a login is being hashed or a query answered, later requests of the same connection wait
  // their turn. Their number is bounded (waiting-requests-limit): one more is refused BUSY, not handled.
  if (caller->busy()) {
    if (caller->waiting.size() >= config_.waiting_requests_limit) {
      outbound_.send(connection,
                     refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_BUSY,
                                      "too many requests wait behind this connection's log-in or question; "
                                      "this one was not handled"));
      return;
    }
    caller->waiting.push_back(envelope);
    return;
  }
  const auto started = Clock::now();
  request_started_ = started;
  request_answered_later_ = false;
  outbound_.watch(connection, envelope.request_id(), answer_stored_by_request_id(envelope.body_case()));
  const std::uint64_t commits_before = db_.commits();
  try {
    switch (envelope.body_case()) {
      case v1::ClientEnvelope::kRegisterAccount:
        if (!register_account(*caller, envelope, started)) return;  // it times itself
        break;
      case v1::ClientEnvelope::kLogin:
        if (!login(*caller, envelope, started)) return;  // it times itself
        break;
      case v1::ClientEnvelope::kResumeSession:
        resume_session(*caller, envelope);
        break;
      case v1::ClientEnvelope::kLogout:
        logout(*caller, envelope);
        break;
      case v1::ClientEnvelope::kSetWebhook:
        set_webhook(*caller, envelope);
        break;
      case v1::ClientEnvelope::kSetEmail:
        set_email(*caller, envelope);
        break;
      case v1::ClientEnvelope::kConfirmEmail:
        confirm_email(*caller, envelope);
        break;
      default:
        if (!caller->account) {
          outbound_.send(connection, refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_LOGIN_REQUIRED,
                                                      "log in (or register) first"));
        } else {
          game_request(*caller, envelope);
        }
    }
  } catch (const std::exception& error) {
    fail(connection, envelope.request_id(), error.what(), db_.commits() != commits_before,
         request_answered_later_);
  }
  if (!request_answered_later_) observe_request(request_type_name(envelope), started);
}

void Hub::answer_later(const Caller& caller, const v1::ClientEnvelope& request,
                       std::function<v1::ServerEnvelope()> work) {
  Caller* waiting = find(caller.connection);
  if (waiting == nullptr) return;
  waiting->query_pending = true;
  request_answered_later_ = true;
  const ConnectionId connection = caller.connection;
  const std::uint64_t request_id = request.request_id();
  const std::string_view type = request_type_name(request);
  const Clock::time_point started = request_started_;
  net::post(io_, [this, connection, open = caller.open, request_id, type, started,
                  work = std::move(work)]() mutable {
    if (!open->load()) return;  // closed: nobody waits for the answer, and its caller is gone
    std::optional<v1::ServerEnvelope> answer;
    std::string failure;
    try {
      answer.emplace(work());
    } catch (const std::exception& error) {
      failure = error.what();
    }
    net::post(strand_, [this, connection, request_id, type, started, answer = std::move(answer),
                        failure = std::move(failure)]() mutable {
      Caller* caller = find(connection);
      if (caller == nullptr) return;  // the connection closed meanwhile
      caller->query_pending = false;
      outbound_.watch(connection, request_id, false);  // queries: not stored
      try {
        try {
          if (!answer) throw std::runtime_error(failure);
          outbound_.send(connection, *answer);
        } catch (const std::exception& error) {
          fail(connection, request_id, error.what(), false);  // a query changes nothing
        }
      } catch (const std::exception& error) {  // its refusal could not be sent either
        log_event(LogLevel::Error, "arrival_failed",
                  {{"connection", std::to_string(connection)}, {"error", error.what()}});
      }
      metrics_.observe_request(type, Clock::now() - started);
      drain(connection);
    });
  });
}

void Hub::game_request(Caller& caller, const v1::ClientEnvelope& envelope) {
  const bool stored_kind = answer_stored_by_request_id(envelope.body_case()) && envelope.request_id() != 0;
  const AccountId account = *caller.account;
  // A SubmitAction's own replays are told apart in the action log (games/game_play.cpp); here only
  // an id used by a stored request of another kind.
  const bool action = envelope.body_case() == v1::ClientEnvelope::kSubmitAction && envelope.request_id() != 0;
  if (stored_kind || action) {
    // A replay gets the first answer again; another request under a used id is refused, not done.
    const auto stored = answers_.find(account, envelope.request_id());
    if (stored && stored_kind && stored->request_digest == request_digest(envelope))
      return outbound_.send(caller.connection, stored->answer);
    if (stored)
      return outbound_.send(caller.connection,
                            refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_REQUEST_ID_REUSED,
                                             "this request id was used for another request: send it "
                                             "again under a new id"));
  }
  const ConnectionId connection = caller.connection;
  const std::uint64_t commits_before = db_.commits();
  bool committed = false;
  try {
    games_.handle(caller, envelope);
    committed = db_.commits() != commits_before;
  } catch (const std::exception& error) {
    committed = db_.commits() != commits_before;
    fail(connection, envelope.request_id(), error.what(), committed, request_answered_later_);
  }
  if (!stored_kind || !outbound_.answer()) return;
  const v1::ServerEnvelope& answer = *outbound_.answer();
  if (answer.has_refusal() && answer.refusal().code() == v1::REFUSAL_CODE_INTERNAL && !committed) return;
  try {
    answers_.store(account, envelope, answer, now_unix());
  } catch (const std::exception& error) {
    // Answered already: only logged (a replay of this id would then be handled again).
    log_event(LogLevel::Error, "answer_not_stored",
              {{"connection", std::to_string(connection)},
               {"request", std::to_string(envelope.request_id())},
               {"error", error.what()}});
  }
}

void Hub::fail(ConnectionId connection, std::uint64_t request_id, const std::string& what, bool committed,
               bool answer_coming) {
  const bool answered = outbound_.answered() || answer_coming;
  log_event(LogLevel::Error, "request_failed",
            {{"connection", std::to_string(connection)},
             {"request", std::to_string(request_id)},
             {"error", what},
             {"committed", committed ? "yes" : "no"},
             {"answered", answered ? "yes" : "no"}});
  if (answered) return;  // the request has its answer; a second one would contradict it
  outbound_.send(connection, refusal_envelope(
                                 request_id, v1::REFUSAL_CODE_INTERNAL,
                                 committed ? "the server failed after saving changes this request made: they "
                                             "stand (open the game again to see them)"
                                           : "the server failed to handle the request; nothing was changed"));
}

template <typename HashWork, typename Finish>
bool Hub::off_strand(Caller& caller, std::uint64_t request_id, std::string_view type,
                     Clock::time_point started, HashWork hash_work, Finish finish) {
  if (hashing_queued_.load() >= config_.hashing_queue_limit) {
    outbound_.send(caller.connection,
                   refusal_envelope(request_id, v1::REFUSAL_CODE_BUSY,
                                    "the server is busy checking passwords; try again shortly"));
    return false;
  }
  caller.account_request_pending = true;
  ++hashing_queued_;
  const ConnectionId connection = caller.connection;
  net::post(hashing_, [this, connection, open = caller.open, request_id, type, started,
                       hash_work = std::move(hash_work), finish = std::move(finish)]() mutable {
    --hashing_queued_;
    if (!open->load()) {
      metrics_.count_hash_dropped();  // the connection closed: nobody waits for the answer
      return;
    }
    metrics_.count_password_hash();
    using Result = decltype(hash_work());
    std::optional<Result> result;
    std::string failure;
    try {
      result.emplace(hash_work());
    } catch (const std::exception& error) {
      failure = error.what();
    }
    net::post(strand_, [this, connection, request_id, type, started, result = std::move(result),
                        failure = std::move(failure), finish = std::move(finish)]() mutable {
      Caller* caller = find(connection);
      if (caller == nullptr) return;  // the connection closed meanwhile
      caller->account_request_pending = false;
      outbound_.watch(connection, request_id, false);  // log-ins and registrations: not stored
      const std::uint64_t commits_before = db_.commits();
      try {
        if (!result) throw std::runtime_error("password hashing failed: " + failure);
        finish(*caller, std::move(*result));
      } catch (const std::exception& error) {
        fail(connection, request_id, error.what(), db_.commits() != commits_before);
      }
      metrics_.observe_request(type, Clock::now() - started);
      drain(connection);
    });
  });
  return true;
}

bool Hub::register_account(Caller& caller, const v1::ClientEnvelope& envelope, Clock::time_point started) {
  const std::uint64_t id = envelope.request_id();
  const std::string username = envelope.register_account().username();
  const std::string password = envelope.register_account().password();
  if (const auto problem = username_problem(username)) {
    outbound_.send(caller.connection, refusal_envelope(id, v1::REFUSAL_CODE_INVALID_REQUEST, *problem));
    return true;
  }
  if (const auto problem = password_problem(password)) {
    outbound_.send(caller.connection, refusal_envelope(id, v1::REFUSAL_CODE_INVALID_REQUEST, *problem));
    return true;
  }
  // A taken name is refused only after hashing, like a free one is registered (issue 12): the time
  // of the answer does not tell which names exist.
  const bool queued = off_strand(
      caller, id, "register_account", started,
      [this, password] { return hash_password(password, password_cost_); },
      [this, id, username](Caller& caller, std::string hash) {
        // The name may have been taken while the password was hashed. The account and its first
        // session are written together.
        std::optional<Account> account;
        std::string token;
        in_transaction(db_, [&] {
          account = accounts_.create(username, hash, now_unix());
          if (account) token = open_session(account->id);
        });
        if (!account) {
          outbound_.send(caller.connection,
                         refusal_envelope(id, v1::REFUSAL_CODE_NAME_TAKEN, "the user name is taken"));
          return;
        }
        log_event(LogLevel::Info, "account_registered",
                  {{"connection", std::to_string(caller.connection)},
                   {"account", std::to_string(account->id)},
                   {"username", account->username}});
        logged_in(caller, id, *account, token);
      });
  return !queued;
}

bool Hub::login(Caller& caller, const v1::ClientEnvelope& envelope, Clock::time_point started) {
  const std::uint64_t id = envelope.request_id();
  const std::string& username = envelope.login().username();
  const std::string& password = envelope.login().password();
  // Lengths are checked at the edge (docs/protocol.md): no account has a longer name or password.
  if (username.size() > kMaxUsernameBytes || password.size() > kMaxPasswordBytes) {
    outbound_.send(caller.connection,
                   refusal_envelope(id, v1::REFUSAL_CODE_INVALID_REQUEST,
                                    "user names are at most 32 bytes and passwords at most 256"));
    return true;
  }
  if (const auto wait = login_throttle_.wait(username, caller.peer_address, Clock::now())) {
    outbound_.send(
        caller.connection,
        refusal_envelope(id, v1::REFUSAL_CODE_LOGIN_THROTTLED,
                         "too many failed log-ins for this name or from this address; try again in " +
                             std::to_string(wait->count()) + " s"));
    return true;
  }
  const auto stored = accounts_.find(username);
  // An unknown name is verified against a dummy hash, so its answer takes as long as a wrong password.
  const std::string hash = stored ? stored->password_hash : dummy_hash_;
  const bool queued = off_strand(
      caller, id, "login", started, [hash, password] { return verify_password(hash, password); },
      [this, id, stored, username](Caller& caller, bool matches) {
        if (!matches || !stored) {
          login_throttle_.failed(username, caller.peer_address, Clock::now());
          log_event(LogLevel::Warning, "login_failed",
                    {{"connection", std::to_string(caller.connection)},
                     {"client", caller.peer_address},
                     {"username", username}});
          outbound_.send(caller.connection, refusal_envelope(id, v1::REFUSAL_CODE_BAD_CREDENTIALS,
                                                             "unknown user name or wrong password"));
          return;
        }
        login_throttle_.succeeded(username);
        std::string token;
        in_transaction(db_, [&] { token = open_session(stored->account.id); });
        logged_in(caller, id, stored->account, token);
      });
  return !queued;
}

std::string Hub::open_session(AccountId account) {
  const std::int64_t now = now_unix();
  accounts_.purge_expired(now, config_.session_lifetime.count());
  return accounts_.open_session(account, now);
}

void Hub::resume_session(Caller& caller, const v1::ClientEnvelope& envelope) {
  const std::string& token = envelope.resume_session().session_token();
  const auto account = accounts_.resume(token, now_unix(), config_.session_lifetime.count());
  if (!account) {
    log_event(LogLevel::Warning, "resume_failed",
              {{"connection", std::to_string(caller.connection)}, {"client", caller.peer_address}});
    return outbound_.send(caller.connection,
                          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_BAD_CREDENTIALS,
                                           "the session token is unknown or has expired"));
  }
  logged_in(caller, envelope.request_id(), *account, token);
}

void Hub::log_out(Caller& caller) {
  games_.forget(caller);
  caller.account.reset();
  caller.username.clear();
  caller.session_token_digest.clear();
}

void Hub::logout(Caller& caller, const v1::ClientEnvelope& envelope) {
  if (!caller.account) {
    return outbound_.send(caller.connection,
                          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_LOGIN_REQUIRED,
                                           "this connection is not logged in"));
  }
  const std::string digest = caller.session_token_digest;
  const AccountId account = *caller.account;
  accounts_.close_session(digest);
  // The token stops working everywhere: other connections resumed with it are logged out too.
  std::size_t others = 0;
  for (auto& [connection, other] : callers_) {
    if (connection == caller.connection || !other.account || other.session_token_digest != digest) continue;
    log_out(other);
    ++others;
    v1::ServerEnvelope notice;
    notice.set_request_id(0);
    notice.mutable_logged_out();
    outbound_.send(connection, notice);
  }
  log_out(caller);
  log_event(LogLevel::Info, "logged_out",
            {{"connection", std::to_string(caller.connection)},
             {"account", std::to_string(account)},
             {"other_connections", std::to_string(others)}});
  v1::ServerEnvelope answer;
  answer.set_request_id(envelope.request_id());
  answer.mutable_logged_out();
  outbound_.send(caller.connection, answer);
}

void Hub::set_webhook(Caller& caller, const v1::ClientEnvelope& envelope) {
  if (!caller.account) {
    return outbound_.send(caller.connection,
                          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_LOGIN_REQUIRED,
                                           "log in (or register) first"));
  }
  const std::string& url = envelope.set_webhook().url();
  v1::ServerEnvelope answer;
  answer.set_request_id(envelope.request_id());
  v1::WebhookSet* set = answer.mutable_webhook_set();
  if (url.empty()) {
    webhooks_.clear(*caller.account);
  } else {
    if (const auto problem = webhook_url_problem(url)) {
      return outbound_.send(caller.connection, refusal_envelope(envelope.request_id(),
                                                                v1::REFUSAL_CODE_INVALID_REQUEST, *problem));
    }
    // A literal non-public address is refused at once; a name is checked when it is resolved.
    boost::system::error_code not_an_address;
    const auto host = webhook_host(url);
    const auto address = net::ip::make_address(host.value_or(""), not_an_address);
    if (!config_.webhook_allow_private && !not_an_address && !public_address(address)) {
      return outbound_.send(
          caller.connection,
          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_INVALID_REQUEST,
                           "this server sends webhooks to public addresses only, not to " + *host));
    }
    set->set_url(url);
    set->set_secret(webhooks_.set(*caller.account, url, now_unix()));
  }
  // The url is the account's own; it is not logged (nor, ever, the secret).
  log_event(
      LogLevel::Info, url.empty() ? "webhook_cleared" : "webhook_set",
      {{"connection", std::to_string(caller.connection)}, {"account", std::to_string(*caller.account)}});
  outbound_.send(caller.connection, answer);
}

void Hub::set_email(Caller& caller, const v1::ClientEnvelope& envelope) {
  const auto refuse = [&](v1::RefusalCode code, std::string message) {
    outbound_.send(caller.connection, refusal_envelope(envelope.request_id(), code, std::move(message)));
  };
  if (!caller.account) return refuse(v1::REFUSAL_CODE_LOGIN_REQUIRED, "log in (or register) first");
  const AccountId account = *caller.account;
  const std::string& address = envelope.set_email().address();
  v1::ServerEnvelope answer;
  answer.set_request_id(envelope.request_id());
  v1::EmailSet* set = answer.mutable_email_set();
  if (address.empty()) {
    emails_.clear(account);  // always allowed, even with e-mail off
  } else {
    if (!email_sender_) return refuse(v1::REFUSAL_CODE_NOT_ALLOWED, "this server sends no e-mail");
    if (const auto problem = email_address_problem(address))
      return refuse(v1::REFUSAL_CODE_INVALID_REQUEST, *problem);
    const std::int64_t now = now_unix();
    if (emails_.codes_sent_in_last_hour(account, now) >= kEmailCodesPerHour)
      return refuse(v1::REFUSAL_CODE_LIMIT_REACHED,
                    "at most " + std::to_string(kEmailCodesPerHour) +
                        " confirmation codes are mailed per hour: confirm the last one, or try again later");
    const std::string code = emails_.set(account, address, now);
    email_sender_->send(EmailMessage{
        address, "Hundred Days: confirm your e-mail address",  // the code in the body only, not in lists
        "Your confirmation code is " + code +
            ".\n\nTo get turn notices at this address, confirm it: in the terminal client type\n\n  email "
            "confirm " +
            code +
            "\n\n(or send ConfirmEmail with the code). It is valid for an hour.\n\nIf you did not ask for "
            "this, ignore this mail: this address gets nothing more unless the code is given.\n",
        "account " + std::to_string(account) + " confirmation-code"});
    set->set_address(address);
  }
  // The address is the account's own; it is not logged (nor, ever, the code).
  log_event(LogLevel::Info, address.empty() ? "email_cleared" : "email_code_queued",
            {{"connection", std::to_string(caller.connection)}, {"account", std::to_string(account)}});
  outbound_.send(caller.connection, answer);
}

void Hub::confirm_email(Caller& caller, const v1::ClientEnvelope& envelope) {
  const auto refuse = [&](std::string message) {
    outbound_.send(caller.connection, refusal_envelope(envelope.request_id(),
                                                       v1::REFUSAL_CODE_INVALID_REQUEST, std::move(message)));
  };
  if (!caller.account) {
    return outbound_.send(caller.connection,
                          refusal_envelope(envelope.request_id(), v1::REFUSAL_CODE_LOGIN_REQUIRED,
                                           "log in (or register) first"));
  }
  const AccountId account = *caller.account;
  switch (emails_.confirm(account, envelope.confirm_email().code(), now_unix())) {
    case EmailSettings::Confirmation::NothingToConfirm:
      return refuse("no e-mail address waits for confirmation: set one first (SetEmail)");
    case EmailSettings::Confirmation::Expired:
      return refuse("the code has expired (an hour, or 5 wrong tries): set the address again for a new one");
    case EmailSettings::Confirmation::Wrong:
      return refuse("wrong code: give the 8 digits mailed to the address");
    case EmailSettings::Confirmation::Confirmed:
      break;
  }
  log_event(LogLevel::Info, "email_confirmed",
            {{"connection", std::to_string(caller.connection)}, {"account", std::to_string(account)}});
  v1::ServerEnvelope answer;
  answer.set_request_id(envelope.request_id());
  answer.mutable_email_set()->set_address(emails_.address(account).first);
  answer.mutable_email_set()->set_confirmed(true);
  outbound_.send(caller.connection, answer);
}

void Hub::logged_in(Caller& caller, std::uint64_t request_id, const Account& account,
                    const std::string& token) {
  if (caller.account && *caller.account != account.id) games_.forget(caller);
  caller.account = account.id;
  caller.username = account.username;
  caller.session_token_digest = token_digest(token);
  log_event(LogLevel::Info, "logged_in",
            {{"connection", std::to_string(caller.connection)},
             {"account", std::to_string(account.id)},
             {"client", caller.peer_address}});
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
  while (caller != nullptr && !caller->busy() && !caller->waiting.empty()) {
    v1::ClientEnvelope next = std::move(caller->waiting.front());
    caller->waiting.pop_front();
    on_request(connection, next);
    caller = find(connection);
  }
}

}  // namespace hd::server

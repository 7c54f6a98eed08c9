// The application behind the connections: accounts, the lobby and the games. Every request runs on
// the hub's strand, one at a time and in arrival order per connection, so the services behind it
// need no locks and the server's one SQLite connection is used only from here. Issue 15, group
// commit: the connections' requests (and their opening and closing, to keep their order) wait in
// the hub's inbox; the strand takes up to kBatchLimit of them at a time and handles them inside one
// database transaction, holding everything they send (HeldOutbound) until that transaction is
// committed: one fsync for the batch, and nobody hears of a change before it is durable. Password hashing,
// which is slow on purpose, runs on the hub's own hashing thread (one at a time, so a flood of logins
// neither stalls the I/O threads nor takes more than one Argon2 memory block) and comes back to the
// strand to finish. Issue 15: a query's answer (the engine's movement search and the like) is worked
// out on the I/O threads from the game's state (shared, never changed), beside the strand, and comes
// back to the strand to be sent (answer_later). The hub times every request it handles and notes
// every refusal it or the games send (ops/refusal_accounting.hpp).
#pragma once

#include "accounts/account_store.hpp"
#include "accounts/email_settings.hpp"
#include "accounts/login_throttle.hpp"
#include "accounts/password_hashing.hpp"
#include "accounts/webhook_settings.hpp"
#include "app/answer_watch.hpp"
#include "app/caller.hpp"
#include "app/held_outbound.hpp"
#include "app/outbound.hpp"
#include "app/request_answers.hpp"
#include "database.hpp"
#include "games/game_service.hpp"
#include "notify/email_sender.hpp"
#include "notify/turn_notices.hpp"
#include "notify/webhook_sender.hpp"
#include "ops/metrics.hpp"
#include "ops/refusal_accounting.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hd::server {

class Hub {
 public:
  // `io` runs the hub's strand; `db` must outlive the hub and be used by nothing else meanwhile;
  // `metrics` and `refusal_log` (which holds back floods of refusal lines) must outlive it too.
  Hub(boost::asio::any_io_executor io, Database& db, const ServerConfig& config, Outbound& outbound,
      Metrics& metrics, RefusalLogLimiter& refusal_log);
  // Commits a batch left open while the last sync ran (what it held is never sent, as after a crash
  // past a commit), so a shutdown keeps its writes.
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Each is safe from any thread; the work is posted to the hub's strand.
  void connection_opened(ConnectionId connection, std::string peer_address);
  // A request after the Welcome (Hello and Ping never reach the hub).
  void request(ConnectionId connection, hundred_days::v1::ClientEnvelope envelope);
  void connection_closed(ConnectionId connection);

 private:
  using Clock = std::chrono::steady_clock;

  // One arrival from the connections, in the inbox: a connection opened (with its peer address), a
  // request, or a connection closed.
  struct Arrival {
    enum class Kind { Opened, Request, Closed };
    Kind kind = Kind::Request;
    ConnectionId connection = 0;
    std::string peer_address;                   // Opened
    hundred_days::v1::ClientEnvelope envelope;  // Request
  };
  // Requests handled in one transaction at most: what a batch holds back, and how long the last of
  // its senders waits for the first's commit, stay bounded. Derived: 64 requests take a few
  // milliseconds of the strand (docs/performance.md, "Group commit").
  static constexpr std::size_t kBatchLimit = 64;
  // With the WAL synced beside the strand, a batch stays open while a sync runs and takes the
  // inbox's later arrivals (one COMMIT a sync), up to this many arrivals; then it commits anyway
  // and waits for the sync after. Derived: four inbox batches; with every connection waiting for
  // its answer, far more than a sync's worth of arrivals in the load runs (docs/performance.md).
  static constexpr std::size_t kOpenBatchLimit = 4 * kBatchLimit;
  // Puts an arrival in the inbox and makes sure the strand will take it up. Any thread.
  void arrive(Arrival arrival);
  // On the strand: takes up to kBatchLimit arrivals and handles them in one batch (see above); if
  // the batch cannot begin (the database is busy) each is handled with its own commits, as before.
  // A batch whose commit fails stops the server (exit 70) with nothing of it sent: the rooms in
  // memory hold changes the database does not, and a restart rebuilds them from what is durable.
  void handle_inbox();
  void handle(Arrival& arrival);
  // Times a request from `started`: now, or when the batch under way (or the batch whose sync
  // waits, for a request handled outside a batch meanwhile) is durable.
  void observe_request(std::string_view type, Clock::time_point started);
  // Issue 15, the WAL synced off the strand (ServerConfig::wal_sync_off_strand): a batch's COMMIT
  // does not wait for the disk; its held sends, notices and request timings wait in `unsynced_`
  // until the syncing thread has synced the WAL, and the strand goes on with the next batch
  // meanwhile. One sync at a time, covering every batch committed before it began: while one runs,
  // the batches committed meanwhile wait for the next. A sync that fails stops the server (exit 70)
  // with nothing of those batches sent, as a failed COMMIT does.
  struct UnsyncedBatch {
    std::uint64_t group = 0;                     // HeldOutbound's group
    std::vector<std::function<void()>> notices;  // when_durable: webhooks, e-mail, built-in steps
    std::vector<std::pair<std::string_view, Clock::time_point>> requests;  // to time
  };
  // On the strand: commits the batch under way (its sync as the database is set) and counts its
  // requests; a commit that fails stops the server (stop_batch).
  void commit_batch_or_stop();
  // On the strand, with a batch under way and the WAL synced off the strand: commits the batch
  // without waiting for the disk, queues its held sends, notices and timings in unsynced_, and
  // starts a sync unless one runs. A commit that fails stops the server (stop_batch).
  void commit_unsynced_batch();
  // A batch's transaction is lost (a failed COMMIT, SQLite's rollback): logs it and stops the
  // server (exit 70) with nothing of the batch sent; a restart rebuilds the rooms from the disk.
  [[noreturn]] void stop_batch(const std::string& error);
  // On the strand: runs `then` once everything sent so far is durable: at once, or after the
  // batch under way is committed (and synced), or after the newest unsynced batch is synced.
  void when_durable(std::function<void()> then);
  // On the strand: starts the sync of every batch in unsynced_ unless one is under way.
  void sync_wal_off_strand();
  // On the strand, once the WAL is synced through `group`: hands on what those batches held.
  void wal_synced(std::uint64_t group);

  void on_request(ConnectionId connection, const hundred_days::v1::ClientEnvelope& envelope);
  // Register and Login finish later, on the strand, and time themselves from `started`;
  // register_account returns true if it answered at once (a bad or taken name).
  bool register_account(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope,
                        Clock::time_point started);
  // login returns true if it answered at once (lengths, throttled, hashing queue full).
  bool login(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope, Clock::time_point started);
  // Runs `hash_work` on the hashing thread, then `finish` on the strand with its result; an
  // exception in either answers INTERNAL. Either way the caller's waiting requests then run. A job
  // whose connection has closed before it is taken up is dropped unrun. With hashing-queue-limit
  // jobs already queued it answers BUSY instead and returns false.
  template <typename HashWork, typename Finish>
  bool off_strand(Caller& caller, std::uint64_t request_id, std::string_view type, Clock::time_point started,
                  HashWork hash_work, Finish finish);
  // Issue 15 (GameQueries::AnswerLater): runs `work` on the I/O threads, then on the strand sends
  // its answer to `request` (INTERNAL, nothing changed, if it threw), times the request and handles
  // the caller's requests that waited meanwhile. A connection closed before is neither worked for
  // nor answered. At most one a connection is under way (Caller::busy).
  void answer_later(const Caller& caller, const hundred_days::v1::ClientEnvelope& request,
                    std::function<hundred_days::v1::ServerEnvelope()> work);
  void resume_session(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Unbinds the account from the connection (its games forget it).
  void log_out(Caller& caller);
  // Purges expired sessions and opens a new one for the account; returns its token.
  std::string open_session(AccountId account);
  // A request of a logged-in caller for the games: a replay of a mutating one
  // (answer_stored_by_request_id: the same request under a request id this account has used) is
  // answered with the stored first answer and not handled again; otherwise the game service handles it, and
  // the first answer of a mutating one is stored (a failure answered INTERNAL with nothing changed is not: a
  // retry may act).
  void game_request(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Logs the failure of the watched request (outbound_) and answers it INTERNAL, unless it was
  // answered already: one request id never gets two answers. `committed`: the database committed
  // something while it was handled, so the answer never says that nothing was changed.
  // `answer_coming`: its answer is being worked out off the strand (answer_later): only logged.
  void fail(ConnectionId connection, std::uint64_t request_id, const std::string& what, bool committed,
            bool answer_coming = false);
  // Ends the session for every connection logged in with it; the others hear an unasked LoggedOut.
  void logout(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Issue 16: sets or clears the logged-in caller's webhook (answers WebhookSet, with the new secret
  // once), or refuses a bad url INVALID_REQUEST with nothing changed.
  void set_webhook(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Issue 16: sets the logged-in caller's e-mail address, unconfirmed, and mails it a one-time
  // code (answers EmailSet), or removes it (an empty address); refuses NOT_ALLOWED when the server
  // sends no e-mail, INVALID_REQUEST a bad address, LIMIT_REACHED the fourth code within an hour,
  // each with nothing changed.
  void set_email(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Issue 16: confirms the caller's address with the mailed code (answers EmailSet), or refuses
  // INVALID_REQUEST (wrong or expired code, nothing to confirm).
  void confirm_email(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Binds the account to the connection and answers LoggedIn with a session token.
  void logged_in(Caller& caller, std::uint64_t request_id, const Account& account, const std::string& token);
  Caller* find(ConnectionId connection);
  // Issue 29, finding 4: closes a bounded batch of expired open games, then waits for the next
  // check (at once when the batch was full). Runs on the strand from start-up while an expiry is set.
  void expire_open_games();
  // Issue 16: the deadline watcher's turn (GameService::check_deadlines), then waits
  // deadline-check-seconds for the next. Runs on the strand from start-up.
  void check_deadlines();
  // Issue 16: the standing-order watcher's turn (GameService::check_standing_orders), every half
  // standing-order grace (1-30 s). Runs on the strand from start-up.
  void check_standing_orders();
  // Issue 29, finding 5: drops the rooms idle for room-idle-seconds, then waits for the next sweep
  // (a quarter of the idle time, between 1 s and 1 min). Runs on the strand from start-up.
  void evict_idle_rooms();
  // One turn of a periodic task on the strand: runs `task` (an exception is logged as
  // `failure_event`), then calls `again` after `every`, or at once if the task said more is waiting.
  void repeat_on_strand(boost::asio::steady_timer& timer, std::chrono::seconds every,
                        const char* failure_event, const std::function<bool()>& task, void (Hub::*again)());
  // Handles the requests that waited for an account request to finish.
  void drain(ConnectionId connection);

  boost::asio::any_io_executor io_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  Database& db_;
  const ServerConfig& config_;
  Metrics& metrics_;
  HeldOutbound held_;  // holds what a batch sends until it is durable (issue 15)
  // These three before the services below, which may call when_durable() while they are built (the
  // built-in players of the games loaded at start-up). after_commit_: what the batch under way
  // asked to run once it is durable.
  std::vector<std::function<void()>> after_commit_;
  std::deque<UnsyncedBatch> unsynced_;  // committed batches whose WAL sync has not yet been done
  bool wal_sync_running_ = false;
  std::size_t open_batch_arrivals_ = 0;  // the arrivals in the batch under way so far
  RefusalAccounting accounting_;         // notes every refusal, then hands on to the connections
  AnswerWatch outbound_;                 // everything the hub and the games send goes through it
  AccountStore accounts_;
  RequestAnswers answers_;  // the first answers of mutating requests, by account and request id
  WebhookSettings webhooks_;
  std::shared_ptr<WebhookSender> webhook_sender_;  // on the io_context, never blocking the strand
  EmailSettings emails_;
  std::unique_ptr<EmailSender> email_sender_;  // on its own thread; null when smtp-url is unset
  TurnNotices notices_;                        // who is sent a webhook or e-mail after a game changes
  GameService games_;
  PasswordCost password_cost_;
  std::string dummy_hash_;  // verified against for unknown users, so timing tells nothing
  std::map<ConnectionId, Caller> callers_;
  LoginThrottle login_throttle_;
  std::atomic<std::size_t> hashing_queued_{0};      // hashing jobs posted and not yet taken up
  boost::asio::steady_timer expiry_timer_;          // the next expire_open_games, on the strand
  boost::asio::steady_timer eviction_timer_;        // the next evict_idle_rooms, on the strand
  boost::asio::steady_timer deadline_timer_;        // the next check_deadlines, on the strand
  boost::asio::steady_timer standing_order_timer_;  // the next check_standing_orders, on the strand
  boost::asio::steady_timer lobby_timer_;           // issue 16: the live lobby's next push, on the strand
  std::mutex inbox_mutex_;                          // guards inbox_ and inbox_posted_
  std::deque<Arrival> inbox_;
  bool inbox_posted_ = false;  // a handle_inbox is posted and has not yet taken the inbox
  // The requests of the batch under way and when each was taken up, timed at its commit.
  std::vector<std::pair<std::string_view, Clock::time_point>> batch_requests_;
  // The request on_request is handling: when it was taken up, and whether it will be answered
  // later (answer_later), which then times it.
  Clock::time_point request_started_{};
  bool request_answered_later_ = false;
  boost::asio::thread_pool hashing_{1};      // last: joined first on destruction, while the rest still lives
  boost::asio::thread_pool wal_syncing_{1};  // the same; syncs the WAL, one sync at a time
};

}  // namespace hd::server

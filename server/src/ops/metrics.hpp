// The server's metrics, served at GET /metrics in the Prometheus text format (version 0.0.4).
// One Metrics lives in serve() for the server's lifetime; every member function is thread-safe.
#pragma once

#include "ops/histogram.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace hd::server {

class Metrics {
 public:
  Metrics() = default;
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  // Connections: a WebSocket session opened or finished (hd_connections_open, hd_connections_total).
  void connection_opened();
  void connection_closed();
  // An upgrade refused before it became a connection; reason "origin" or "per_address_cap".
  void count_upgrade_refused(std::string_view reason);

  // A request received on a connection, by message type ("login", "submit_action" ...).
  void count_request(std::string_view type);
  // A refusal sent, by code without its prefix ("RATE_LIMITED", "BAD_CREDENTIALS" ...).
  void count_refusal(std::string_view code);
  // The time the hub took to handle one request of this type, from taking it up to answering.
  void observe_request(std::string_view type, std::chrono::nanoseconds elapsed);
  // The time one database COMMIT took.
  void observe_commit(std::chrono::nanoseconds elapsed);
  // Issue 15: one batch of the hub's inbox committed, with the requests it held.
  void count_batch(std::size_t requests);
  // Issue 15, the WAL synced beside the strand: a batch's transaction committed without waiting
  // for the disk, and one sync of the WAL done (covering every such commit before it began).
  void count_unsynced_commit();
  void count_wal_sync();

  // Games (called by the games service): how many games are in each status now, and one more
  // accepted action.
  void set_games(std::int64_t open, std::int64_t running, std::int64_t finished);
  void count_action();
  // Issue 15: one action's fan-out: `made` updates rendered (a view and its conversion each) for
  // `sent` subscribers, those who see alike sharing one.
  void count_updates(std::uint64_t made, std::uint64_t sent);
  // Rooms held in memory now (running and open games, and finished ones while someone has them open).
  void set_games_in_memory(std::int64_t rooms);
  // An estimate of those rooms' bytes (GameRooms::estimated_bytes), and rooms evicted (issue 29).
  void set_rooms_bytes(std::int64_t bytes);
  void count_rooms_evicted(std::uint64_t rooms);
  // Password hashing: a hash or verification run, or one dropped because its connection had closed.
  void count_password_hash();
  void count_hash_dropped();
  // Issue 16: a webhook message's fate (notify/webhook_sender.hpp). Safe from any thread.
  enum class WebhookOutcome { Sent, Refused, Failed, Dropped };
  void count_webhook(WebhookOutcome outcome);
  // Issue 16: an e-mail's fate (notify/email_sender.hpp). Safe from any thread.
  enum class EmailOutcome { Sent, Failed, Dropped };
  void count_email(EmailOutcome outcome);

  // Everything, in the Prometheus text exposition format 0.0.4.
  std::string render() const;

 private:
  std::atomic<std::int64_t> connections_open_{0};
  std::atomic<std::uint64_t> connections_total_{0};
  std::atomic<std::int64_t> games_open_{0};
  std::atomic<std::int64_t> games_running_{0};
  std::atomic<std::int64_t> games_finished_{0};
  std::atomic<std::uint64_t> actions_total_{0};
  std::atomic<std::uint64_t> updates_made_total_{0};
  std::atomic<std::uint64_t> updates_sent_total_{0};
  std::atomic<std::uint64_t> batches_total_{0};
  std::atomic<std::uint64_t> batch_requests_total_{0};
  std::atomic<std::uint64_t> unsynced_commits_total_{0};
  std::atomic<std::uint64_t> wal_syncs_total_{0};
  std::atomic<std::int64_t> games_in_memory_{0};
  std::atomic<std::int64_t> rooms_bytes_{0};
  std::atomic<std::uint64_t> rooms_evicted_total_{0};
  std::atomic<std::uint64_t> password_hashes_total_{0};
  std::atomic<std::uint64_t> hashes_dropped_total_{0};
  std::atomic<std::uint64_t> webhooks_total_[4] = {};  // by WebhookOutcome
  std::atomic<std::uint64_t> emails_total_[3] = {};    // by EmailOutcome

  mutable std::mutex mutex_;  // guards the maps and histograms below
  std::map<std::string, std::uint64_t, std::less<>> upgrades_refused_;
  std::map<std::string, std::uint64_t, std::less<>> requests_;
  std::map<std::string, std::uint64_t, std::less<>> refusals_;
  std::map<std::string, Histogram, std::less<>> request_seconds_;
  Histogram commit_seconds_{latency_buckets_seconds()};
};

}  // namespace hd::server

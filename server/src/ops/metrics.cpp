#include "ops/metrics.hpp"

namespace hd::server {
namespace {

double seconds(std::chrono::nanoseconds elapsed) {
  return std::chrono::duration<double>(elapsed).count();
}

void header(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  out += "# HELP " + std::string(name) + " " + std::string(help) + "\n";
  out += "# TYPE " + std::string(name) + " " + std::string(type) + "\n";
}

// A label value escaped as the format requires (backslash, quote, newline).
std::string label_value(std::string_view value) {
  std::string escaped;
  for (char c : value) {
    if (c == '\\' || c == '"') escaped += '\\';
    escaped += c == '\n' ? 'n' : c;
  }
  return escaped;
}

void counters_by_label(std::string& out, std::string_view name, std::string_view label,
                       const std::map<std::string, std::uint64_t, std::less<>>& values) {
  for (const auto& [key, count] : values) {
    out += std::string(name) + "{" + std::string(label) + "=\"" + label_value(key) + "\"} " +
           std::to_string(count) + "\n";
  }
}

void increment(std::map<std::string, std::uint64_t, std::less<>>& values, std::string_view key) {
  const auto it = values.find(key);
  if (it == values.end()) {
    values.emplace(std::string(key), 1);
  } else {
    ++it->second;
  }
}

}  // namespace

void Metrics::connection_opened() {
  ++connections_open_;
  ++connections_total_;
}

void Metrics::connection_closed() {
  --connections_open_;
}

void Metrics::count_upgrade_refused(std::string_view reason) {
  const std::lock_guard lock(mutex_);
  increment(upgrades_refused_, reason);
}

void Metrics::count_request(std::string_view type) {
  const std::lock_guard lock(mutex_);
  increment(requests_, type);
}

void Metrics::count_refusal(std::string_view code) {
  const std::lock_guard lock(mutex_);
  increment(refusals_, code);
}

void Metrics::observe_request(std::string_view type, std::chrono::nanoseconds elapsed) {
  const std::lock_guard lock(mutex_);
  auto it = request_seconds_.find(type);
  if (it == request_seconds_.end()) {
    it = request_seconds_.emplace(std::string(type), Histogram(latency_buckets_seconds())).first;
  }
  it->second.observe(seconds(elapsed));
}

void Metrics::observe_commit(std::chrono::nanoseconds elapsed) {
  const std::lock_guard lock(mutex_);
  commit_seconds_.observe(seconds(elapsed));
}

void Metrics::set_games(std::int64_t open, std::int64_t running, std::int64_t finished) {
  games_open_ = open;
  games_running_ = running;
  games_finished_ = finished;
}

void Metrics::count_webhook(WebhookOutcome outcome) {
  ++webhooks_total_[static_cast<std::size_t>(outcome)];
}

void Metrics::count_email(EmailOutcome outcome) {
  ++emails_total_[static_cast<std::size_t>(outcome)];
}

void Metrics::count_action() {
  ++actions_total_;
}

void Metrics::count_updates(std::uint64_t made, std::uint64_t sent) {
  updates_made_total_ += made;
  updates_sent_total_ += sent;
}

void Metrics::count_batch(std::size_t requests) {
  ++batches_total_;
  batch_requests_total_ += requests;
}

void Metrics::count_unsynced_commit() {
  ++unsynced_commits_total_;
}

void Metrics::count_wal_sync() {
  ++wal_syncs_total_;
}

void Metrics::set_games_in_memory(std::int64_t rooms) {
  games_in_memory_ = rooms;
}

void Metrics::set_rooms_bytes(std::int64_t bytes) {
  rooms_bytes_ = bytes;
}

void Metrics::count_rooms_evicted(std::uint64_t rooms) {
  rooms_evicted_total_ += rooms;
}

void Metrics::count_password_hash() {
  ++password_hashes_total_;
}

void Metrics::count_hash_dropped() {
  ++hashes_dropped_total_;
}

std::string Metrics::render() const {
  std::string out;
  header(out, "hd_connections_open", "gauge", "WebSocket connections open now.");
  out += "hd_connections_open " + std::to_string(connections_open_.load()) + "\n";
  header(out, "hd_connections_total", "counter", "WebSocket connections accepted since start.");
  out += "hd_connections_total " + std::to_string(connections_total_.load()) + "\n";
  header(out, "hd_games", "gauge", "Games by status.");
  out += "hd_games{status=\"open\"} " + std::to_string(games_open_.load()) + "\n";
  out += "hd_games{status=\"running\"} " + std::to_string(games_running_.load()) + "\n";
  out += "hd_games{status=\"finished\"} " + std::to_string(games_finished_.load()) + "\n";
  header(out, "hd_actions_total", "counter", "Game actions accepted since start.");
  out += "hd_actions_total " + std::to_string(actions_total_.load()) + "\n";
  header(out, "hd_game_updates_made_total", "counter",
         "Game updates rendered for the actions' subscribers (one for all who see alike).");
  out += "hd_game_updates_made_total " + std::to_string(updates_made_total_.load()) + "\n";
  header(out, "hd_game_updates_sent_total", "counter", "Game updates sent to the actions' subscribers.");
  out += "hd_game_updates_sent_total " + std::to_string(updates_sent_total_.load()) + "\n";
  header(out, "hd_batches_total", "counter", "Batches of requests committed together (group commit).");
  out += "hd_batches_total " + std::to_string(batches_total_.load()) + "\n";
  header(out, "hd_batch_requests_total", "counter", "Requests handled in those batches.");
  out += "hd_batch_requests_total " + std::to_string(batch_requests_total_.load()) + "\n";
  header(out, "hd_batch_commits_unsynced_total", "counter",
         "Batches committed without waiting for the disk (--wal-sync-off-strand), each synced after.");
  out += "hd_batch_commits_unsynced_total " + std::to_string(unsynced_commits_total_.load()) + "\n";
  header(out, "hd_wal_syncs_total", "counter",
         "Syncs of the WAL beside the hub's strand (--wal-sync-off-strand).");
  out += "hd_wal_syncs_total " + std::to_string(wal_syncs_total_.load()) + "\n";
  header(out, "hd_games_in_memory", "gauge", "Games held in memory now.");
  out += "hd_games_in_memory " + std::to_string(games_in_memory_.load()) + "\n";
  header(out, "hd_games_in_memory_bytes", "gauge",
         "An estimate of the bytes the games in memory hold (updated as rooms load and leave).");
  out += "hd_games_in_memory_bytes " + std::to_string(rooms_bytes_.load()) + "\n";
  header(out, "hd_games_evicted_total", "counter", "Idle or least recently used games dropped from memory.");
  out += "hd_games_evicted_total " + std::to_string(rooms_evicted_total_.load()) + "\n";
  header(out, "hd_password_hashes_total", "counter", "Password hashes and verifications run.");
  out += "hd_password_hashes_total " + std::to_string(password_hashes_total_.load()) + "\n";
  header(out, "hd_password_hashes_dropped_total", "counter",
         "Password hashing jobs dropped because their connection had closed.");
  out += "hd_password_hashes_dropped_total " + std::to_string(hashes_dropped_total_.load()) + "\n";
  header(out, "hd_webhooks_total", "counter", "Webhook messages, by outcome.");
  const char* outcomes[] = {"sent", "refused", "failed", "dropped"};
  for (std::size_t i = 0; i < 4; ++i)
    out += std::string("hd_webhooks_total{outcome=\"") + outcomes[i] + "\"} " +
           std::to_string(webhooks_total_[i].load()) + "\n";
  header(out, "hd_emails_total", "counter", "E-mail messages, by outcome.");
  const char* email_outcomes[] = {"sent", "failed", "dropped"};
  for (std::size_t i = 0; i < 3; ++i)
    out += std::string("hd_emails_total{outcome=\"") + email_outcomes[i] + "\"} " +
           std::to_string(emails_total_[i].load()) + "\n";

  const std::lock_guard lock(mutex_);
  header(out, "hd_upgrades_refused_total", "counter", "WebSocket upgrades refused, by reason.");
  counters_by_label(out, "hd_upgrades_refused_total", "reason", upgrades_refused_);
  header(out, "hd_requests_total", "counter", "Requests received, by message type.");
  counters_by_label(out, "hd_requests_total", "type", requests_);
  header(out, "hd_refusals_total", "counter", "Refusals sent, by refusal code.");
  counters_by_label(out, "hd_refusals_total", "code", refusals_);
  header(out, "hd_request_duration_seconds", "histogram",
         "Time the hub took to handle a request, by message type.");
  for (const auto& [type, histogram] : request_seconds_) {
    histogram.render(out, "hd_request_duration_seconds", "type=\"" + label_value(type) + "\"");
  }
  header(out, "hd_db_commit_duration_seconds", "histogram", "Time each database COMMIT took.");
  commit_seconds_.render(out, "hd_db_commit_duration_seconds", "");
  return out;
}

}  // namespace hd::server

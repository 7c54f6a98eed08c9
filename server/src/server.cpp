#include "server.hpp"

#include "listener.hpp"
#include "log.hpp"
#include "ops/connections_per_address.hpp"
#include "ops/metrics.hpp"
#include "ops/tls_context.hpp"
#include "session_registry.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <csignal>
#include <fstream>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

namespace hd::server {
namespace {

namespace net = boost::asio;

// Writes the port to a temporary file and renames it, so a reader never sees half a number.
void write_port_file(const std::filesystem::path& path, unsigned short port) {
  const auto temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << port << '\n';
    if (!out) throw std::runtime_error("cannot write port file " + temporary);
  }
  std::filesystem::rename(temporary, path);
}

// Reports every commit's duration to the metrics while it lives.
class CommitTiming {
 public:
  CommitTiming(Database& db, Metrics& metrics) : db_(db) {
    db_.set_commit_observer(
        [&metrics](std::chrono::nanoseconds elapsed) { metrics.observe_commit(elapsed); });
  }
  ~CommitTiming() { db_.set_commit_observer({}); }
  CommitTiming(const CommitTiming&) = delete;
  CommitTiming& operator=(const CommitTiming&) = delete;

 private:
  Database& db_;
};

}  // namespace

void serve(const ServerConfig& config, const ServerFacts& facts, Database& db) {
  // Declared before the I/O context: sessions still queued in it hold leases and report metrics.
  Metrics metrics;
  ConnectionsPerAddress connections_per_address(config.max_connections_per_address);
  AddressRateLimiter address_rate_limiter(config.address_rate_limit);
  RefusalLogLimiter refusal_log(RefusalLogLimits{config.refusal_log_interval});
  const CommitTiming commit_timing(db, metrics);
  net::io_context io(config.threads);
  SessionRegistry registry;
  Hub hub(io.get_executor(), db, config, registry, metrics, refusal_log);
  ServerContext context{
      config, facts, registry, hub, metrics, connections_per_address, address_rate_limiter, refusal_log};

  // SIGINT and SIGTERM are caught from before the port is announced (the port file): one sent as
  // soon as it is read waits in the set for the handler below, instead of killing the process.
  net::signal_set signals(io, SIGINT, SIGTERM);
  const net::ip::tcp::endpoint endpoint(net::ip::make_address(config.listen_address), config.port);
  auto listener = std::make_shared<Listener>(io, endpoint, context);
  listener->run();
  log_event(LogLevel::Info, "listening",
            {{"address", config.listen_address}, {"port", std::to_string(listener->port())}});
  if (!config.port_file.empty()) write_port_file(config.port_file, listener->port());

  // The TLS listener (issue 28): same address, its own port; the certificate is re-read on SIGHUP.
  std::optional<TlsContextStore> tls;
  std::shared_ptr<Listener> tls_listener;
  net::signal_set reload_signals(io);
  std::function<void()> wait_for_reload = [&] {
    reload_signals.async_wait([&](boost::system::error_code error, int) {
      if (error) return;
      const std::string problem = tls->reload();
      if (problem.empty())
        log_event(LogLevel::Info, "tls_certificate_reloaded",
                  {{"certificate", config.tls_certificate.string()}});
      else
        log_event(LogLevel::Warning, "tls_reload_failed",
                  {{"error", problem}, {"kept", "the previous certificate"}});
      wait_for_reload();
    });
  };
  if (config.tls_enabled()) {
    tls.emplace(config.tls_certificate, config.tls_private_key);
    const net::ip::tcp::endpoint tls_endpoint(endpoint.address(), config.tls_port);
    tls_listener = std::make_shared<Listener>(io, tls_endpoint, context, &*tls);
    tls_listener->run();
    log_event(LogLevel::Info, "listening_tls",
              {{"address", config.listen_address}, {"port", std::to_string(tls_listener->port())}});
    if (!config.tls_port_file.empty()) write_port_file(config.tls_port_file, tls_listener->port());
    reload_signals.add(SIGHUP);
    wait_for_reload();
  }

  net::steady_timer shutdown_timer(io);
  auto deadline = std::chrono::steady_clock::time_point::max();
  // Polls until every connection has closed or the grace period is over, then stops the loop.
  std::function<void()> wait_for_sessions = [&] {
    if (registry.size() == 0 || std::chrono::steady_clock::now() >= deadline) {
      log_event(LogLevel::Info, "shutdown_complete", {{"connections_left", std::to_string(registry.size())}});
      io.stop();
      return;
    }
    shutdown_timer.expires_after(std::chrono::milliseconds(20));
    shutdown_timer.async_wait([&](boost::system::error_code) { wait_for_sessions(); });
  };
  signals.async_wait([&](boost::system::error_code error, int signal_number) {
    if (error) return;
    log_event(LogLevel::Info, "shutdown_requested", {{"signal", std::to_string(signal_number)}});
    listener->stop();
    if (tls_listener) tls_listener->stop();
    boost::system::error_code ignored;
    reload_signals.cancel(ignored);
    const std::size_t asked = registry.close_all();
    log_event(LogLevel::Info, "closing_connections", {{"count", std::to_string(asked)}});
    deadline = std::chrono::steady_clock::now() + config.shutdown_grace;
    wait_for_sessions();
  });

  std::vector<std::thread> workers;
  for (int i = 1; i < config.threads; ++i)
    workers.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& worker : workers)
    worker.join();
}

}  // namespace hd::server

// hd_limits: the server measured against the limits of the machine in one run (the server-actors
// issue; docs/performance.md, "Against the machine's limits"). Prints a table and the ratios:
//   B0   a minimal Boost.Beast WebSocket echo server (this binary, 2 I/O threads), round trips a
//        second of N connections sending a frame of the size of the server's Ping envelope;
//   ping the real hd_server's no-op request: a Ping through the envelope, dispatch and answer,
//        same connections, same frames (target: at least 80% of B0);
//   B0-tls, ping-tls  the same two over TLS (issue 28): the echo server with the real server's TLS
//        context (make_server_tls_context), the real server's own TLS listener, the clients' TLS
//        code (hd/wire/tls_client.hpp) verifying a test authority's certificate; the handshakes are
//        part of the set-up, so the figures are TLS's cost on every frame. --no-tls leaves them out;
//   disk SQLite commits a second on this disk, WAL and synchronous=FULL: single-row commits, and
//        rows a second in commits of 10;
//   idle that many authenticated WebSocket connections held open at once (Hello, ResumeSession)
//        and the server's resident memory per connection (target: 20,000 connections per GiB).
// The durable action path (validate, apply, commit, fan-out) is measured by hd_load (docs/load.md).
// Each figure is printed with the load average; nothing is asserted about time. Exit status 1 if a
// workload was not real (a connection failed, nothing was measured).
//
//   hd_limits [--connections N] [--seconds S] [--idle N] [--data-root DIR] [--no-tls]
#include "../latency_percentile.hpp"
#include "account_steps.hpp"
#include "build_paths.hpp"
#include "echo_server.hpp"
#include "ops/tls_context.hpp"
#include "server_process.hpp"
#include "sqlite_ceiling.hpp"
#include "tls_server.hpp"
#include "ws_clients.hpp"

#include <hd/wire/frame_codec.hpp>
#include <hd/wire/protocol_version.hpp>
#include <hd/wire/tls_client.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <thread>

namespace {

namespace v1 = hundred_days::v1;
using namespace std::chrono_literals;

struct Options {
  int connections = 50;
  int seconds = 5;
  int idle = 10000;
  std::string data_root = hd::test::data_root();
  bool tls = true;
};

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five;
  in >> one >> five;
  return one + " " + five;
}

long rss_kib(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

std::string encoded(std::uint64_t request_id, const std::function<void(v1::ClientEnvelope&)>& fill) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  fill(envelope);
  return hd::wire::encode(envelope);
}

bool report_round_trips(const char* name, hd::bench::RoundTrips trips, int connections) {
  std::printf("%-8s %10.0f round trips/s  p50 %6.3f ms  p99 %6.3f ms  %d connections (%d failed)  load %s\n",
              name, trips.per_second(), hd::bench::percentile_ms(trips.latencies_us, 0.5),
              hd::bench::percentile_ms(trips.latencies_us, 0.99), connections, trips.connections_failed,
              load_average().c_str());
  return trips.count > 0 && trips.connections_failed == 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--connections" && has_value)
      options.connections = std::atoi(argv[++i]);
    else if (arg == "--seconds" && has_value)
      options.seconds = std::atoi(argv[++i]);
    else if (arg == "--idle" && has_value)
      options.idle = std::atoi(argv[++i]);
    else if (arg == "--data-root" && has_value)
      options.data_root = argv[++i];
    else if (arg == "--no-tls")
      options.tls = false;
    else {
      std::cerr
          << "usage: hd_limits [--connections N] [--seconds S] [--idle N] [--data-root DIR] [--no-tls]\n";
      return 2;
    }
  }
  if (options.connections < 1 || options.seconds < 1 || options.idle < 0) {
    std::cerr << "hd_limits: --connections and --seconds must be at least 1\n";
    return 2;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);               // each figure shows as soon as it is measured
  const long file_limit = hd::bench::raise_file_limit();  // the server, started below, inherits it
  const auto duration = std::chrono::milliseconds(options.seconds * 1000);
  const std::string hello = encoded(1, [](v1::ClientEnvelope& e) {
    e.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
    e.mutable_hello()->set_client_name("hd_limits");
  });
  const std::string ping = encoded(2, [](v1::ClientEnvelope& e) { e.mutable_ping()->set_nonce(7); });
  std::printf("hd_limits: %d connections, %d s a measure, frames of %zu bytes, open-file limit %ld\n",
              options.connections, options.seconds, ping.size(), file_limit);
  bool real = true;

  // The real server, with its TLS listener: a test authority's certificate for localhost, which the
  // TLS measures trust. Started first so that its certificate serves the echo server too.
  const int per_address = 2 * options.connections + options.idle + 16;
  const hd::test::TlsServer tls_server(
      options.data_root,
      {"--max-connections-per-address", std::to_string(per_address), "--rate-limit-per-second", "100000",
       "--rate-limit-burst", "100000", "--rate-limit-per-address-per-second", "1000000",
       "--rate-limit-per-address-burst", "1000000"});
  const hd::test::ServerProcess& server = *tls_server.server;
  const auto client_tls = hd::wire::make_client_tls_context((tls_server.dir / "ca.pem").string());

  hd::bench::RoundTrips b0, b0_tls;
  {
    hd::bench::EchoServer echo(2);
    b0 = hd::bench::measure_round_trips({echo.port(), nullptr}, options.connections, {}, ping, duration);
  }
  real &= report_round_trips("B0", b0, options.connections);
  if (options.tls) {
    hd::bench::EchoServer echo(
        2, hd::server::make_server_tls_context(tls_server.dir / "server.pem", tls_server.dir / "server.key"));
    b0_tls =
        hd::bench::measure_round_trips({echo.port(), client_tls}, options.connections, {}, ping, duration);
    real &= report_round_trips("B0-tls", b0_tls, options.connections);
  }

  const auto pinged =
      hd::bench::measure_round_trips({server.port(), nullptr}, options.connections, {hello}, ping, duration);
  real &= report_round_trips("ping", pinged, options.connections);
  const auto ratio = [](const hd::bench::RoundTrips& a, const hd::bench::RoundTrips& b) {
    return b.per_second() > 0 ? a.per_second() / b.per_second() : 0.0;
  };
  std::printf("ratio ping / B0: %.2f (target at least 0.80)\n", ratio(pinged, b0));
  if (options.tls) {
    const auto pinged_tls = hd::bench::measure_round_trips({tls_server.tls_port, client_tls},
                                                           options.connections, {hello}, ping, duration);
    real &= report_round_trips("ping-tls", pinged_tls, options.connections);
    std::printf("ratio ping-tls / B0-tls: %.2f; over TLS / in clear text: B0 %.2f, ping %.2f\n",
                ratio(pinged_tls, b0_tls), ratio(b0_tls, b0), ratio(pinged_tls, pinged));
  }

  for (const int rows : {1, 10}) {
    const auto rate = hd::bench::measure_commits(server.directory(), rows, duration);
    std::printf("disk     %10.0f commits/s  %10.0f rows/s  in commits of %d row%s  load %s\n",
                rate.commits_per_second, rate.rows_per_second, rows, rows == 1 ? "" : "s",
                load_average().c_str());
    real &= rate.commits > 0;
  }

  if (options.idle > 0) {
    std::string token;
    {
      hd::test::WsTestClient client(server.port());
      hd::test::say_hello(client);
      const auto registered = hd::test::register_account(client, "idler", "idle but logged in", 2);
      if (!registered.has_logged_in()) {
        std::cerr << "hd_limits: could not register the idle account\n";
        return 1;
      }
      token = registered.logged_in().session_token();
    }
    const std::string resume =
        encoded(3, [&](v1::ClientEnvelope& e) { e.mutable_resume_session()->set_session_token(token); });
    const long before = rss_kib(server.pid());
    hd::bench::IdleConnections idle(server.port(), options.idle, {hello, resume});
    std::this_thread::sleep_for(500ms);
    const long after = rss_kib(server.pid());
    const double per_connection = idle.open() > 0 ? static_cast<double>(after - before) / idle.open() : 0;
    std::printf(
        "idle     %d connections open (%d failed), server VmRSS %ld -> %ld KiB, %.1f KiB a connection, "
        "%.0f connections per GiB  load %s\n",
        idle.open(), idle.failed(), before, after, per_connection,
        per_connection > 0 ? 1024.0 * 1024.0 / per_connection : 0.0, load_average().c_str());
    real &= idle.open() == options.idle && idle.failed() == 0;
  }
  if (!real) std::printf("hd_limits: a workload was not real (see the failed connections above)\n");
  return real ? 0 : 1;
}

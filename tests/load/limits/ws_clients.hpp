// The client side of the limits bench: many WebSocket connections on one I/O thread, each saying
// its set-up messages (one answer awaited for each), then either sending a request and awaiting
// one answer again and again for a while (round trips), or staying open and idle. Round trips can
// go over TLS (wss://), the client side being the clients' own (hd/wire/tls_client.hpp).
#pragma once

#include <boost/asio/ssl/context.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>  // first: Boost 1.74's awaitable.hpp uses std::exchange without it
#include <vector>

namespace hd::bench {

struct RoundTrips {
  std::uint64_t count = 0;                 // answers received within the measured time
  double seconds = 0;                      // the measured time
  int connections_failed = 0;              // connections that could not connect, set up or keep going
  std::vector<std::int64_t> latencies_us;  // one per round trip
  double per_second() const { return seconds > 0 ? static_cast<double>(count) / seconds : 0; }
};

// Where the round trips go: 127.0.0.1:port, in clear text, or over TLS with `tls` (a client context
// from hd::wire::make_client_tls_context) verifying the certificate for the name localhost.
struct Target {
  int port = 0;
  std::shared_ptr<boost::asio::ssl::context> tls;
};

// Opens `connections` connections to `target` (the TLS handshake, if any, is part of the set-up),
// sends each message of `setup` and awaits one answer to each, then has every connection send
// `request` and await one answer, over and over, for `duration` (counted from when every connection
// is set up). Binary frames throughout.
RoundTrips measure_round_trips(const Target& target, int connections, const std::vector<std::string>& setup,
                               const std::string& request, std::chrono::milliseconds duration);

// Connections kept open and idle (a read always pending, so control pings are answered).
class IdleConnections {
 public:
  // Opens `connections` connections, each set up as above; returns once all are set up or failed.
  IdleConnections(int port, int connections, const std::vector<std::string>& setup);
  ~IdleConnections();
  IdleConnections(const IdleConnections&) = delete;
  IdleConnections& operator=(const IdleConnections&) = delete;

  int open() const;    // set up and still open
  int failed() const;  // could not connect or set up, or closed since

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Raises this process's open-file limit to its hard limit; returns the new soft limit.
long raise_file_limit();

}  // namespace hd::bench

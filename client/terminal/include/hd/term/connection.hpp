// One WebSocket connection to a Hundred Days server, for the terminal client and bots. The network
// runs on its own thread; callers send envelopes from any thread and take received envelopes from a
// queue with a deadline, so a script, an interactive prompt and a bot all read the same way.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace hd::term {

// Where a server listens: parsed from "ws://HOST[:PORT][/PATH]", "wss://HOST[:PORT][/PATH]" or
// "HOST:PORT" (clear text). The port defaults to 80 for ws:// and 443 for wss://.
struct ServerAddress {
  std::string host = "127.0.0.1";
  std::string port = "8765";
  std::string path = "/";
  bool tls = false;     // wss://: TLS, the certificate verified (hd/wire/tls_client.hpp)
  std::string ca_file;  // wss:// only: trust this PEM authority instead of the system's CA store
};

// nullopt if `url` is not of the forms above (or its port is not 1..65535).
std::optional<ServerAddress> parse_server_address(const std::string& url);

class Connection {
 public:
  // Connects (TCP, then TLS for wss://, each within 10 s) and completes the WebSocket handshake;
  // throws std::runtime_error naming the failure (e.g. a certificate for another host).
  explicit Connection(const ServerAddress& address);
  // Closes the connection (a close frame if still open) and joins the network thread.
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Queues an envelope for sending (one binary frame); ignored once the connection has closed.
  void send(const hundred_days::v1::ClientEnvelope& envelope);

  // The next received envelope, or nullopt if none arrives within `timeout` or the connection has
  // closed and nothing is left (see closed()).
  std::optional<hundred_days::v1::ServerEnvelope> receive(std::chrono::milliseconds timeout);

  // True once the server closed the connection or it failed; close_reason() says why.
  bool closed() const;
  std::string close_reason() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace hd::term

// A blocking-with-deadline WebSocket client for end-to-end tests against the real server, in clear
// text or over TLS (wss://, the clients' own TLS code: hd/wire/tls_client.hpp; issue 28).
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hd::test {

// Extra HTTP header fields for a request or an upgrade, e.g. {"Origin", "https://a.example"}.
using HeaderFields = std::vector<std::pair<std::string, std::string>>;

// Where a test client connects: 127.0.0.1:port in clear text; or, with `ca_file` set, over TLS to
// localhost:port, the server's certificate verified against that PEM authority and for the name
// localhost (never unverified). Implicit from a port: a port alone is clear text.
struct WsEndpoint {
  WsEndpoint(int port_ = 0, std::string ca_file_ = {}) : port(port_), ca_file(std::move(ca_file_)) {}
  int port;
  std::string ca_file;  // empty: clear text
  bool tls() const { return !ca_file.empty(); }
};

class WsTestClient {
 public:
  // Connects to `endpoint` (TCP, then the TLS handshake for a TLS endpoint, each within 10 s) and
  // completes the WebSocket handshake, sending `headers` with the upgrade request; throws on
  // failure (a refused upgrade or a certificate that does not verify included).
  explicit WsTestClient(const WsEndpoint& endpoint, const HeaderFields& headers = {});
  ~WsTestClient();
  WsTestClient(const WsTestClient&) = delete;
  WsTestClient& operator=(const WsTestClient&) = delete;

  void send_binary(const std::string& bytes);
  void send_text(const std::string& text);
  void send(const hundred_days::v1::ClientEnvelope& envelope);

  // The next envelope, or nullopt once the connection is closed (see close_code) or nothing
  // arrives within `timeout` (the connection is then abandoned: closed() is true, close_code() 0).
  std::optional<hundred_days::v1::ServerEnvelope> receive(
      std::chrono::milliseconds timeout = std::chrono::seconds(5));

  // The close code the server sent (0 until the connection has closed with one).
  int close_code() const;
  bool closed() const;

  // Hello with the given protocol version and request id; returns the server's answer.
  std::optional<hundred_days::v1::ServerEnvelope> hello(std::uint32_t version, std::uint64_t request_id = 1);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Sends "GET path" over plain HTTP (with `headers`); returns the status code and body.
std::pair<int, std::string> http_get(int port, const std::string& path, const HeaderFields& headers = {});

// Attempts a WebSocket upgrade with `headers` and returns the HTTP status of the answer: 101 when
// the upgrade was accepted (the connection is then dropped), else the refusal's status (403, 429 ...).
int upgrade_status(int port, const HeaderFields& headers = {});

}  // namespace hd::test

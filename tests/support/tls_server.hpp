// The real hd_server with its own TLS listener, for end-to-end tests of wss:// and of the TLS
// settings: a fresh data directory holding a test authority "ca" and a certificate "server" for
// localhost and 127.0.0.1 that it signed (tests/support/test_certificates.hpp).
#pragma once

#include "server_process.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace hd::test {

// Makes the test authority "ca" (dir/ca.pem) and the certificate "server" for localhost and
// 127.0.0.1 in `dir`; returns the server flags for a TLS listener with them on a free port that the
// server writes to dir/tls-port.
std::vector<std::string> make_tls_listener(const std::filesystem::path& dir);

// The TLS port `server` (started with make_tls_listener's flags for `dir`) wrote to dir/tls-port;
// waits for it at most 10 s, else throws std::runtime_error with the server's log. Remove the file
// before starting a server again in `dir` (the kill soak's restarts, issue 28).
int wait_for_tls_port(const std::filesystem::path& dir, const ServerProcess& server);

struct TlsServer {
  std::filesystem::path dir;
  std::unique_ptr<ServerProcess> server;
  int tls_port = 0;

  // Makes the certificates and starts the server (cheap hashing, the scenarios in `data_root`, then
  // `extra_args`) with --tls-port 0; waits for the TLS port. Throws std::runtime_error with the
  // server's log if it has none within 10 s.
  explicit TlsServer(const std::filesystem::path& data_root, const std::vector<std::string>& extra_args = {});

  // wss://HOST:PORT/ of the TLS listener.
  std::string url(const std::string& host = "localhost") const;

  // Sends SIGHUP and waits (at most 10 s) for the log line `event`; throws std::runtime_error if
  // it does not come.
  void reload_and_wait_for(const std::string& event) const;
};

}  // namespace hd::test

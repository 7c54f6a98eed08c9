// The server address given on the command line: wss://HOST[:PORT][/PATH] or ws://HOST[:PORT][/PATH].
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hd::client {

struct ServerUrl {
  std::string host;          // name or IPv4 address (IPv6 literals are not supported yet)
  std::string port = "80";   // decimal, 1..65535
  std::string target = "/";  // the HTTP request target of the WebSocket upgrade
  bool tls = false;          // wss://: TLS with the certificate verified (hd/wire/tls_client.hpp)
  std::string ca_file;       // wss:// only (--ca-file): trust this PEM authority, not the system's
};

// Parses a WebSocket URL (port 80 by default for ws://, 443 for wss://); nullopt for any other
// scheme, an empty host or a bad port.
std::optional<ServerUrl> parse_server_url(std::string_view text);

}  // namespace hd::client

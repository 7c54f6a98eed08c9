// The server address given on the command line: ws://HOST[:PORT][/PATH].
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hd::client {

struct ServerUrl {
  std::string host;          // name or IPv4 address (IPv6 literals are not supported yet)
  std::string port = "80";   // decimal, 1..65535
  std::string target = "/";  // the HTTP request target of the WebSocket upgrade
};

// Parses a plain-WebSocket URL; nullopt for any other scheme, an empty host or a bad port.
std::optional<ServerUrl> parse_server_url(std::string_view text);

}  // namespace hd::client

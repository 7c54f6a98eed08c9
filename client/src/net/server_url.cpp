#include "net/server_url.hpp"

#include <algorithm>
#include <cctype>

namespace hd::client {
namespace {

bool is_valid_port(std::string_view port) {
  if (port.empty() || port.size() > 5) return false;
  if (!std::all_of(port.begin(), port.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    return false;
  }
  const int value = std::stoi(std::string(port));
  return value >= 1 && value <= 65535;
}

}  // namespace

std::optional<ServerUrl> parse_server_url(std::string_view text) {
  ServerUrl url;
  if (text.starts_with("wss://")) {
    url.tls = true;
    url.port = "443";
    text.remove_prefix(6);
  } else if (text.starts_with("ws://")) {
    text.remove_prefix(5);
  } else {
    return std::nullopt;
  }

  const auto slash = text.find('/');
  std::string_view authority = text.substr(0, slash);
  if (slash != std::string_view::npos) url.target = std::string(text.substr(slash));

  const auto colon = authority.find(':');
  if (colon != std::string_view::npos) {
    const std::string_view port = authority.substr(colon + 1);
    if (!is_valid_port(port)) return std::nullopt;
    url.port = std::string(port);
    authority = authority.substr(0, colon);
  }
  if (authority.empty() || authority.find_first_of("@[]?# ") != std::string_view::npos) return std::nullopt;
  url.host = std::string(authority);
  return url;
}

}  // namespace hd::client

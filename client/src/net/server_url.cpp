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
  constexpr std::string_view kScheme = "ws://";
  if (!text.starts_with(kScheme)) return std::nullopt;
  text.remove_prefix(kScheme.size());

  ServerUrl url;
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

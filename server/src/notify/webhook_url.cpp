// A webhook's url (webhook_url.hpp).
#include "notify/webhook_url.hpp"

#include <algorithm>
#include <charconv>

namespace hd::server {

std::variant<WebhookUrl, std::string> parse_webhook_url(std::string_view url) {
  const std::string shape = "a webhook url is http://host[:port][/path] or https://..., at most 512 bytes";
  if (url.size() > kMaxWebhookUrlBytes) return shape;
  const bool printable =
      std::all_of(url.begin(), url.end(), [](char c) { return c > ' ' && c < 0x7f && c != '\\'; });
  if (!printable) return shape + ", without spaces or control characters";
  WebhookUrl parsed;
  std::string_view rest;
  if (url.starts_with("http://")) {
    rest = url.substr(7);
  } else if (url.starts_with("https://")) {
    parsed.tls = true;
    rest = url.substr(8);
  } else {
    return shape;
  }
  const auto authority_end = rest.find_first_of("/?#");
  const std::string_view authority = rest.substr(0, authority_end);
  if (authority.find('@') != std::string_view::npos) return shape + ", without user information";
  std::string_view host = authority;
  std::string_view port;
  bool port_written = false;
  if (authority.starts_with("[")) {  // [IPv6]:port
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return shape;
    host = authority.substr(1, close - 1);
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty() && !after.starts_with(":")) return shape;
    port_written = !after.empty();
    if (port_written) port = after.substr(1);
  } else if (const auto colon = authority.find(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
    port_written = true;
  }
  if (host.empty()) return shape + ", with a host";
  if (port_written) {
    int number = 0;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || error != std::errc() || end != port.data() + port.size() || number < 1 ||
        number > 65535)
      return port.empty() ? shape : shape + ", with a port of 1-65535";
  }
  parsed.host = std::string(host);
  parsed.port = port_written ? std::string(port) : parsed.tls ? "443" : "80";
  parsed.host_header = std::string(authority);
  std::string target =
      authority_end == std::string_view::npos ? "/" : std::string(rest.substr(authority_end));
  if (const auto hash = target.find('#'); hash != std::string::npos) target.resize(hash);
  if (target.starts_with("?")) target = "/" + target;
  parsed.target = target.empty() ? "/" : target;
  return parsed;
}

std::optional<std::string> webhook_url_problem(std::string_view url) {
  auto parsed = parse_webhook_url(url);
  if (auto* problem = std::get_if<std::string>(&parsed)) return std::move(*problem);
  return std::nullopt;
}

}  // namespace hd::server

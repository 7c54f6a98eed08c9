// A webhook's url (issue 16): the one parser behind both the check when a player sets it
// (webhook_url_problem, SetWebhook) and the sender's connection (WebhookSender).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hd::server {

// The longest webhook url accepted (the column's CHECK says the same).
inline constexpr std::size_t kMaxWebhookUrlBytes = 512;

// A webhook url split for a request.
struct WebhookUrl {
  bool tls = false;         // https
  std::string host;         // without an IPv6 address's brackets
  std::string port;         // 80 or 443 unless given
  std::string target;       // the request target: the path and query ("/" if none), no fragment
  std::string host_header;  // the authority as written, for the Host header
};

// The url split, or why it is no webhook url: http:// or https://, a host (optionally [IPv6] and a
// :port of 1-65535), an optional path, no user information, no spaces or control characters, at
// most kMaxWebhookUrlBytes.
std::variant<WebhookUrl, std::string> parse_webhook_url(std::string_view url);

// Why `url` is no webhook url (parse_webhook_url's reason), or nullopt.
std::optional<std::string> webhook_url_problem(std::string_view url);

}  // namespace hd::server

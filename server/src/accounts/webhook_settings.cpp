#include "accounts/webhook_settings.hpp"

#include <algorithm>
#include <charconv>
#include <sodium.h>

namespace hd::server {

std::optional<std::string> webhook_url_problem(std::string_view url) {
  const std::string shape = "a webhook url is http://host[:port][/path] or https://..., at most 512 bytes";
  if (url.size() > kMaxWebhookUrlBytes) return shape;
  const bool printable =
      std::all_of(url.begin(), url.end(), [](char c) { return c > ' ' && c < 0x7f && c != '\\'; });
  if (!printable) return shape + ", without spaces or control characters";
  std::string_view rest;
  if (url.starts_with("http://")) {
    rest = url.substr(7);
  } else if (url.starts_with("https://")) {
    rest = url.substr(8);
  } else {
    return shape;
  }
  const std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.find('@') != std::string_view::npos) return shape + ", without user information";
  std::string_view host = authority;
  std::string_view port;
  if (authority.starts_with("[")) {  // [IPv6]:port
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return shape;
    host = authority.substr(0, close + 1);
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty() && !after.starts_with(":")) return shape;
    if (!after.empty()) port = after.substr(1);
  } else if (const auto colon = authority.find(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  if (host.empty() || host == "[]") return shape + ", with a host";
  if (authority.find(':') != std::string_view::npos && !authority.starts_with("[") && port.empty())
    return shape;
  if (!port.empty()) {
    int number = 0;
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (error != std::errc() || end != port.data() + port.size() || number < 1 || number > 65535)
      return shape + ", with a port of 1-65535";
  }
  return std::nullopt;
}

std::string new_webhook_secret() {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char hex[sizeof bytes * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return std::string(hex, sizeof bytes * 2);
}

std::string WebhookSettings::set(AccountId account, std::string_view url, std::int64_t now_unix) {
  const std::string secret = new_webhook_secret();
  Statement upsert = db_.prepare(
      "INSERT INTO account_webhooks (account_id, url, secret, set_unix) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (account_id) DO UPDATE SET url = ?2, secret = ?3, set_unix = ?4");
  upsert.bind(1, account).bind(2, url).bind(3, secret).bind(4, now_unix);
  upsert.run();
  return secret;
}

void WebhookSettings::clear(AccountId account) {
  Statement remove = db_.prepare("DELETE FROM account_webhooks WHERE account_id = ?1");
  remove.bind(1, account);
  remove.run();
}

std::map<AccountId, Webhook> WebhookSettings::find(const std::vector<AccountId>& accounts) {
  std::map<AccountId, Webhook> found;
  for (const AccountId account : accounts) {
    if (found.count(account)) continue;
    Statement select = db_.prepare("SELECT url, secret FROM account_webhooks WHERE account_id = ?1");
    select.bind(1, account);
    if (select.step()) found[account] = Webhook{select.column_text(0), select.column_text(1)};
  }
  return found;
}

}  // namespace hd::server

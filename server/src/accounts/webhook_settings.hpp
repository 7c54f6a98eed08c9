// Issue 16 (notifications, webhook half; docs/server.md, "Webhooks"): an account's opt-in webhook,
// its url and the signing secret the server made for it (migrations/0013). Runs on the hub's strand
// (the server's one SQLite connection).
#pragma once

#include "app/caller.hpp"
#include "database.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

struct Webhook {
  std::string url;
  std::string secret;  // 64 hex digits, the HMAC key as it is
};

// A new signing secret: 32 bytes of libsodium's CSPRNG as 64 lower-case hex digits.
std::string new_webhook_secret();

class WebhookSettings {
 public:
  explicit WebhookSettings(Database& db) : db_(db) {}

  // Sets the account's webhook (replacing any) with a new secret; returns the secret. The url must
  // have passed webhook_url_problem.
  std::string set(AccountId account, std::string_view url, std::int64_t now_unix);
  // Clears the account's webhook; does nothing if it has none.
  void clear(AccountId account);
  // The webhooks of those of `accounts` that have one.
  std::map<AccountId, Webhook> find(const std::vector<AccountId>& accounts);

 private:
  Database& db_;
};

}  // namespace hd::server

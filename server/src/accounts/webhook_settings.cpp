#include "accounts/webhook_settings.hpp"

#include "accounts/password_hashing.hpp"

namespace hd::server {

std::string new_webhook_secret() {
  return random_hex(32);
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

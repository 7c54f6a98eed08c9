#include "accounts/email_settings.hpp"

#include "accounts/password_hashing.hpp"

#include <sodium.h>

namespace hd::server {

namespace {

// The stored form of a code: hex SHA-256 of "<account>:<code>".
std::string code_hash(AccountId account, std::string_view code) {
  return sha256_hex(std::to_string(account) + ":" + std::string(code));
}

}  // namespace

std::string new_email_code() {
  std::string code = std::to_string(randombytes_uniform(100000000));
  return std::string(8 - code.size(), '0') + code;
}

std::size_t EmailSettings::codes_sent_in_last_hour(AccountId account, std::int64_t now_unix) {
  Statement count =
      db_.prepare("SELECT count(*) FROM email_code_sends WHERE account_id = ?1 AND sent_unix > ?2");
  count.bind(1, account).bind(2, now_unix - 3600);
  count.step();
  return static_cast<std::size_t>(count.column_int64(0));
}

std::string EmailSettings::set(AccountId account, std::string_view address, std::int64_t now_unix) {
  const std::string code = new_email_code();
  // One transaction: a failure leaves the old address (and the throttle) as they were.
  in_transaction(db_, [&] {
    Statement upsert = db_.prepare(
        "INSERT INTO account_emails (account_id, address, confirmed, code_hash, code_expires_unix, "
        "code_attempts, set_unix) VALUES (?1, ?2, 0, ?3, ?4, 0, ?5) "
        "ON CONFLICT (account_id) DO UPDATE SET address = ?2, confirmed = 0, code_hash = ?3, "
        "code_expires_unix = ?4, code_attempts = 0, set_unix = ?5");
    upsert.bind(1, account).bind(2, address).bind(3, code_hash(account, code));
    upsert.bind(4, now_unix + kEmailCodeLifetime).bind(5, now_unix);
    upsert.run();
    Statement prune = db_.prepare("DELETE FROM email_code_sends WHERE account_id = ?1 AND sent_unix <= ?2");
    prune.bind(1, account).bind(2, now_unix - 3600);
    prune.run();
    Statement sent = db_.prepare("INSERT INTO email_code_sends (account_id, sent_unix) VALUES (?1, ?2)");
    sent.bind(1, account).bind(2, now_unix);
    sent.run();
  });
  return code;
}

EmailSettings::Confirmation EmailSettings::confirm(AccountId account, std::string_view code,
                                                   std::int64_t now_unix) {
  Statement select = db_.prepare(
      "SELECT confirmed, code_hash, code_expires_unix, code_attempts FROM account_emails WHERE account_id = "
      "?1");
  select.bind(1, account);
  if (!select.step() || select.column_int64(0) == 1 || select.column_is_null(1))
    return Confirmation::NothingToConfirm;
  if (select.column_int64(2) <= now_unix || select.column_int64(3) >= kEmailCodeTries)
    return Confirmation::Expired;
  const std::string stored = select.column_text(1);
  const std::string given = code_hash(account, code);
  if (sodium_memcmp(stored.data(), given.data(), stored.size()) != 0) {
    Statement tried =
        db_.prepare("UPDATE account_emails SET code_attempts = code_attempts + 1 WHERE account_id = ?1");
    tried.bind(1, account);
    tried.run();
    return Confirmation::Wrong;
  }
  Statement confirmed =
      db_.prepare("UPDATE account_emails SET confirmed = 1, code_hash = NULL WHERE account_id = ?1");
  confirmed.bind(1, account);
  confirmed.run();
  return Confirmation::Confirmed;
}

std::pair<std::string, bool> EmailSettings::address(AccountId account) {
  Statement select = db_.prepare("SELECT address, confirmed FROM account_emails WHERE account_id = ?1");
  select.bind(1, account);
  if (!select.step()) return {"", false};
  return {select.column_text(0), select.column_int64(1) == 1};
}

void EmailSettings::clear(AccountId account) {
  Statement remove = db_.prepare("DELETE FROM account_emails WHERE account_id = ?1");
  remove.bind(1, account);
  remove.run();
}

std::map<AccountId, std::string> EmailSettings::confirmed(const std::vector<AccountId>& accounts) {
  std::map<AccountId, std::string> found;
  for (const AccountId account : accounts) {
    if (found.count(account)) continue;
    Statement select =
        db_.prepare("SELECT address FROM account_emails WHERE account_id = ?1 AND confirmed = 1");
    select.bind(1, account);
    if (select.step()) found[account] = select.column_text(0);
  }
  return found;
}

}  // namespace hd::server

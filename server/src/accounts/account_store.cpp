#include "accounts/account_store.hpp"

#include "accounts/password_hashing.hpp"

#include <algorithm>

namespace hd::server {

std::optional<std::string> username_problem(std::string_view username) {
  if (username.size() < 3 || username.size() > kMaxUsernameBytes) return "a user name has 3 to 32 characters";
  const bool allowed = std::all_of(username.begin(), username.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  if (!allowed) return "a user name uses only letters A-Z, digits, '_' and '-'";
  return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password) {
  if (password.size() < 8) return "a password has at least 8 bytes";
  if (password.size() > kMaxPasswordBytes) return "a password has at most 256 bytes";
  return std::nullopt;
}

std::optional<StoredAccount> AccountStore::find(std::string_view username) {
  Statement statement = db_.prepare("SELECT id, username, password_hash FROM accounts WHERE username = ?1");
  statement.bind(1, username);
  if (!statement.step()) return std::nullopt;
  return StoredAccount{Account{statement.column_int64(0), statement.column_text(1)},
                       statement.column_text(2)};
}

std::optional<Account> AccountStore::find(AccountId id) {
  Statement statement = db_.prepare("SELECT id, username FROM accounts WHERE id = ?1");
  statement.bind(1, id);
  if (!statement.step()) return std::nullopt;
  return Account{statement.column_int64(0), statement.column_text(1)};
}

std::optional<Account> AccountStore::create(std::string_view username, std::string_view password_hash,
                                            std::int64_t now_unix) {
  if (find(username)) return std::nullopt;
  Statement insert = db_.prepare(
      "INSERT INTO accounts (username, password_hash, created_unix) VALUES (?1, ?2, ?3) RETURNING id");
  insert.bind(1, username).bind(2, password_hash).bind(3, now_unix);
  insert.step();
  return Account{insert.column_int64(0), std::string(username)};
}

std::string AccountStore::open_session(AccountId account, std::int64_t now_unix) {
  const std::string token = new_session_token();
  Statement insert = db_.prepare(
      "INSERT INTO sessions (token_digest, account_id, created_unix, last_used_unix) VALUES (?1, ?2, ?3, "
      "?3)");
  insert.bind(1, token_digest(token)).bind(2, account).bind(3, now_unix);
  insert.run();
  return token;
}

std::optional<Account> AccountStore::resume(std::string_view token, std::int64_t now_unix,
                                            std::int64_t lifetime_seconds) {
  const std::string digest = token_digest(token);
  Statement select = db_.prepare(
      "SELECT a.id, a.username, s.last_used_unix FROM sessions s JOIN accounts a ON a.id = s.account_id "
      "WHERE s.token_digest = ?1");
  select.bind(1, digest);
  if (!select.step()) return std::nullopt;
  Account account{select.column_int64(0), select.column_text(1)};
  if (now_unix - select.column_int64(2) >= lifetime_seconds) {
    close_session(digest);
    return std::nullopt;
  }
  Statement touch = db_.prepare("UPDATE sessions SET last_used_unix = ?2 WHERE token_digest = ?1");
  touch.bind(1, digest).bind(2, now_unix);
  touch.run();
  return account;
}

void AccountStore::close_session(std::string_view token_digest) {
  Statement remove = db_.prepare("DELETE FROM sessions WHERE token_digest = ?1");
  remove.bind(1, token_digest);
  remove.run();
}

std::int64_t AccountStore::purge_expired(std::int64_t now_unix, std::int64_t lifetime_seconds) {
  Statement remove = db_.prepare("DELETE FROM sessions WHERE last_used_unix <= ?1 RETURNING 1");
  remove.bind(1, now_unix - lifetime_seconds);
  std::int64_t count = 0;
  while (remove.step())
    ++count;
  return count;
}

}  // namespace hd::server

// Accounts and sessions in the database. Runs on the hub's strand (it uses the server's one SQLite
// connection); the slow password work is done by the caller with password_hashing.hpp.
#pragma once

#include "app/caller.hpp"
#include "database.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hd::server {

struct Account {
  AccountId id = 0;
  std::string username;
};

struct StoredAccount {
  Account account;
  std::string password_hash;
};

// Why a user name or password is not acceptable, or nullopt. Names: 3-32 characters of
// [A-Za-z0-9_-]; passwords: 8-256 bytes.
// The longest user name and password an account can have (docs/protocol.md).
inline constexpr std::size_t kMaxUsernameBytes = 32;
inline constexpr std::size_t kMaxPasswordBytes = 256;

std::optional<std::string> username_problem(std::string_view username);
std::optional<std::string> password_problem(std::string_view password);

class AccountStore {
 public:
  explicit AccountStore(Database& db) : db_(db) {}

  // The account with this name (names compare without case), if any.
  std::optional<StoredAccount> find(std::string_view username);
  std::optional<Account> find(AccountId id);

  // Creates an account; nullopt if the name was taken meanwhile.
  std::optional<Account> create(std::string_view username, std::string_view password_hash,
                                std::int64_t now_unix);

  // Records a new session for the account and returns its token (stored only as a digest).
  std::string open_session(AccountId account, std::int64_t now_unix);

  // The account of a live session: the token is known and was last used less than
  // `lifetime_seconds` ago. Refreshes its last use.
  std::optional<Account> resume(std::string_view token, std::int64_t now_unix, std::int64_t lifetime_seconds);

  // Ends a session (by token digest); does nothing if it is unknown.
  void close_session(std::string_view token_digest);

  // Deletes the sessions unused for `lifetime_seconds` or longer; returns how many.
  std::int64_t purge_expired(std::int64_t now_unix, std::int64_t lifetime_seconds);

 private:
  Database& db_;
};

}  // namespace hd::server

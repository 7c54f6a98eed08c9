// Issue 16 (notifications, e-mail half; docs/server.md, "E-mail"): an account's opt-in e-mail
// address, its one-time confirmation code and the throttle on codes (migrations/0014). Runs on the
// hub's strand (the server's one SQLite connection).
#pragma once

#include "app/caller.hpp"
#include "database.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

inline constexpr std::size_t kEmailCodesPerHour = 3;      // SetEmail mails at most this many codes
inline constexpr std::int64_t kEmailCodeLifetime = 3600;  // seconds a code may be used
inline constexpr std::int64_t kEmailCodeTries = 5;        // wrong codes before a code is void

// A new code: 8 decimal digits from libsodium's CSPRNG.
std::string new_email_code();

class EmailSettings {
 public:
  explicit EmailSettings(Database& db) : db_(db) {}

  // Codes mailed to (any address of) `account` in the hour before `now_unix`.
  std::size_t codes_sent_in_last_hour(AccountId account, std::int64_t now_unix);
  // Sets the account's address, unconfirmed (replacing any), with a new code, and notes a code
  // mailed now, in one transaction; returns the code (kept only hashed). The address must have passed
  // email_address_problem.
  std::string set(AccountId account, std::string_view address, std::int64_t now_unix);

  enum class Confirmation { Confirmed, NothingToConfirm, Expired, Wrong };
  // Confirms the account's address if `code` is its code and still valid. A wrong code counts a
  // try; the kEmailCodeTries-th voids the code (then Expired).
  Confirmation confirm(AccountId account, std::string_view code, std::int64_t now_unix);
  // The account's address ("" if none) and whether it is confirmed.
  std::pair<std::string, bool> address(AccountId account);
  // Removes the account's address; does nothing if it has none.
  void clear(AccountId account);
  // The confirmed addresses of those of `accounts` that have one.
  std::map<AccountId, std::string> confirmed(const std::vector<AccountId>& accounts);

 private:
  Database& db_;
};

}  // namespace hd::server

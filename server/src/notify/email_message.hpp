// Issue 16 (notifications, e-mail half; docs/server.md, "E-mail"): the text of one e-mail and the
// check of an address. A message is plain-text RFC 5322 (Date, From, To, Subject, Message-ID,
// MIME-Version, Content-Type text/plain UTF-8, 8bit) with CRLF line ends. Header injection is
// impossible by construction: addresses must pass email_address_problem (no CR, LF, spaces or
// control characters) and the subject is folded to one line, its control characters replaced and
// any non-ASCII text written as an RFC 2047 encoded word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hd::server {

// The longest address accepted (RFC 5321's path limit; the column's CHECK says the same).
inline constexpr std::size_t kMaxEmailAddressBytes = 254;

// Why `address` is no usable address, or nullopt: local@domain, printable ASCII without spaces,
// quotes, angle brackets, commas, semicolons, backslashes or parentheses, one '@', a local part of
// 1-64 bytes, a domain of dot-separated labels of letters, digits and '-' (no leading or trailing
// '-'), at most 254 bytes in all.
std::optional<std::string> email_address_problem(std::string_view address);

struct EmailMessage {
  std::string to;       // passed email_address_problem
  std::string subject;  // one line; anything else is made one (see above)
  std::string body;     // plain text; LF or CRLF line ends
  std::string what;     // for the logs: "game 3 account 5 your-turn" (never the address)
};

// The whole message as sent (headers, a blank line, the body; CRLF line ends; a body line that
// starts with '.' is left as it is: libcurl dot-stuffs). `from` passed email_address_problem;
// `date_unix` gives the Date header; `message_id` is the part before '@' of the Message-ID
// (letters and digits), whose domain is from's.
std::string format_email(const EmailMessage& message, const std::string& from, std::int64_t date_unix,
                         const std::string& message_id);

// An RFC 5322 date ("Sat, 05 Dec 2026 13:15:02 +0000") of `unix_seconds`, in UTC.
std::string email_date(std::int64_t unix_seconds);

}  // namespace hd::server

#include "notify/email_message.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <sodium.h>

namespace hd::server {

namespace {

bool domain_ok(std::string_view domain) {
  if (domain.empty() || domain.size() > 253) return false;
  std::size_t start = 0;
  while (true) {
    const auto dot = domain.find('.', start);
    const std::string_view label = domain.substr(start, dot == std::string_view::npos ? dot : dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
    for (const char c : label)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// One header line's text: CR, LF, tabs and other control characters become spaces, so a value
// never starts a new header; non-ASCII text becomes one RFC 2047 "B" encoded word.
std::string header_text(std::string_view text) {
  std::string line;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    line += (byte < 0x20 || byte == 0x7f) ? ' ' : c;
  }
  if (line.size() > 200) {
    // Cut at a character's start, never inside a UTF-8 sequence.
    std::size_t cut = 200;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xc0) == 0x80)
      --cut;
    line.resize(cut);
  }
  if (std::all_of(line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
    return line;
  std::string encoded(sodium_base64_encoded_len(line.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(encoded.data(), encoded.size(), reinterpret_cast<const unsigned char*>(line.data()),
                    line.size(), sodium_base64_VARIANT_ORIGINAL);
  encoded.resize(encoded.find('\0'));
  return "=?UTF-8?B?" + encoded + "?=";
}

}  // namespace

std::optional<std::string> email_address_problem(std::string_view address) {
  const std::string shape = "an e-mail address is name@domain.example, at most 254 bytes";
  if (address.empty() || address.size() > kMaxEmailAddressBytes) return shape;
  const bool printable = std::all_of(address.begin(), address.end(), [](char c) {
    return c > ' ' && c < 0x7f && std::string_view("\"<>,;\\()[]:").find(c) == std::string_view::npos;
  });
  if (!printable) return shape + ", without spaces, control characters or any of \"<>,;\\()[]:";
  const auto at = address.find('@');
  if (at == std::string_view::npos || address.find('@', at + 1) != std::string_view::npos)
    return shape + ", with one '@'";
  const std::string_view local = address.substr(0, at);
  if (local.empty() || local.size() > 64 || local.front() == '.' || local.back() == '.' ||
      local.find("..") != std::string_view::npos)
    return shape + ", with a local part of 1-64 characters";
  if (!domain_ok(address.substr(at + 1))) return shape + ", with a domain of letters, digits, '-' and dots";
  return std::nullopt;
}

std::string email_date(std::int64_t unix_seconds) {
  const std::time_t time = static_cast<std::time_t>(unix_seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  static const char* const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char text[40];
  std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[utc.tm_wday], utc.tm_mday,
                months[utc.tm_mon], utc.tm_year + 1900, utc.tm_hour, utc.tm_min, utc.tm_sec);
  return text;
}

std::string format_email(const EmailMessage& message, const std::string& from, std::int64_t date_unix,
                         const std::string& message_id) {
  // Belt and braces: the callers checked both addresses; a bad one still never reaches a header.
  const std::string to = email_address_problem(message.to) ? std::string("invalid@invalid") : message.to;
  const std::string sender = email_address_problem(from) ? std::string("invalid@invalid") : from;
  std::string id;
  for (const char c : message_id)
    if (std::isalnum(static_cast<unsigned char>(c))) id += c;
  std::string out;
  out += "Date: " + email_date(date_unix) + "\r\n";
  out += "From: " + sender + "\r\n";
  out += "To: " + to + "\r\n";
  out += "Subject: " + header_text(message.subject) + "\r\n";
  out += "Message-ID: <" + (id.empty() ? std::string("0") : id) + "@" + sender.substr(sender.find('@') + 1) +
         ">\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  out += "Content-Transfer-Encoding: 8bit\r\n";
  out += "Auto-Submitted: auto-generated\r\n";
  out += "\r\n";
  // The body with CRLF line ends, ending in one.
  for (std::size_t i = 0; i < message.body.size(); ++i) {
    const char c = message.body[i];
    if (c == '\r') continue;
    if (c == '\n') {
      out += "\r\n";
    } else {
      out += c;
    }
  }
  if (!out.ends_with("\r\n")) out += "\r\n";
  return out;
}

}  // namespace hd::server

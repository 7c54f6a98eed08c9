// Issue 28: the window client's clear-text warning. A ws:// address that is not loopback (the rule
// shared with hd_term: hd::wire::cleartext_needs_warning) is warned about on the login screen, and
// the first Log in or Register press only asks to confirm; the second sends the password. Loopback
// ws:// and wss:// are never warned about, and --allow-cleartext agrees in advance.
#pragma once

#include <string>

namespace hd::client {

class CleartextConsent {
 public:
  // No warning: the state of a model made without an address (tests) or for wss://.
  CleartextConsent() = default;
  // For a connection to `host`, `tls` for wss://; `agreed` (--allow-cleartext) skips the question.
  CleartextConsent(bool tls, const std::string& host, bool agreed);

  // True while the login screen must show the warning: clear text to a host that is not loopback,
  // not yet agreed to.
  bool warning() const { return needed_ && !agreed_; }
  // True once a press was held back to ask for confirmation (and not yet confirmed).
  bool asked() const { return asked_ && !agreed_; }
  // A Log in or Register press: true if the credentials may be sent now. With a warning, the first
  // press returns false and asks; the next one agrees (for the rest of the process) and returns true.
  bool press();
  // The warning text naming the host (empty when there is none to show).
  const std::string& text() const { return text_; }
  // "none", "warned", "asked" or "agreed", for the script report.
  const char* word() const;

 private:
  bool needed_ = false;
  bool asked_ = false;
  bool agreed_ = false;
  std::string text_;
};

}  // namespace hd::client

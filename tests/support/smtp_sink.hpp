// Test support (issue 16, e-mail): a real local SMTP sink, Debian's python3-aiosmtpd
// (deploy/install-deps.sh), started on a free loopback port and writing each mail it receives to a
// Maildir; and the mails read back from it. Debian's /usr/bin/python3 is run, since that is the
// python the package installs into. A missing aiosmtpd fails the test, saying so.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace hd::test {

struct Mail {
  std::map<std::string, std::string> headers;  // by name as written, unfolded
  std::string body;
  std::string header(const std::string& name) const {
    const auto found = headers.find(name);
    return found == headers.end() ? "" : found->second;
  }
};

class SmtpSink {
 public:
  // Starts the sink; throws std::runtime_error (with its output) if it does not listen within 10 s.
  SmtpSink();
  // Stops the sink (SIGTERM, then waits).
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  int port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // Every mail received so far.
  std::vector<Mail> mails() const;
  // Waits up to `timeout` until `done` holds for the mails received; returns whether it did.
  bool wait(const std::function<bool(const std::vector<Mail>&)>& done,
            std::chrono::milliseconds timeout = std::chrono::seconds(20)) const;

 private:
  std::filesystem::path directory_;
  int port_ = 0;
  int pid_ = 0;
};

}  // namespace hd::test

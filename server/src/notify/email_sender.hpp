// Issue 16 (notifications, e-mail half; docs/server.md, "E-mail"): sends e-mail through the
// configured SMTP relay with libcurl, on one worker thread of its own (libcurl's easy API blocks;
// the io_context's threads never wait for it), one message at a time from a bounded queue, each
// within smtp-timeout-seconds. send() only queues. A full queue drops its oldest message with a
// logged warning; a failed message is logged (the error escaped and cut by the log) and counted,
// and not retried. TLS: smtps:// is TLS from the start; smtp:// to a non-loopback host requires
// STARTTLS (CURLUSESSL_ALL), smtp:// to a loopback host tries it (CURLUSESSL_TRY). Certificates are
// verified against the system's authorities and must name the host. On destruction the message
// under way finishes (within its timeout), then the worker sends what is queued for at most one
// more timeout, drops (and logs) the rest, and is joined.
#pragma once

#include "notify/email_message.hpp"
#include "ops/metrics.hpp"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace hd::server {

struct SmtpSettings {
  std::string url;       // smtp://host[:port] or smtps://host[:port] (server_config checks it)
  std::string from;      // the envelope and header sender; passed email_address_problem
  std::string user;      // empty: no authentication
  std::string password;  // read from smtp-password-file; never logged
  std::chrono::seconds timeout{10};
  std::size_t queue_limit = 256;
};

// Whether an smtp:// url's host is a loopback address or "localhost" (STARTTLS only tried then).
bool smtp_host_is_loopback(const std::string& url);

class EmailSender {
 public:
  // Starts the worker. `metrics` (hd_emails_total) must outlive the sender.
  EmailSender(SmtpSettings settings, Metrics& metrics);
  // Stops and joins the worker (see above): at most two timeouts.
  ~EmailSender();
  EmailSender(const EmailSender&) = delete;
  EmailSender& operator=(const EmailSender&) = delete;

  // Queues one message (dropping the oldest queued one if queue_limit wait). Safe from any thread.
  void send(EmailMessage message);

 private:
  void run();
  // Sends one message with libcurl within `timeout`; logs and counts the outcome.
  void deliver(const EmailMessage& message, std::chrono::milliseconds timeout);

  SmtpSettings settings_;
  Metrics& metrics_;
  std::mutex mutex_;  // guards queue_ and stopping_
  std::condition_variable wake_;
  std::deque<EmailMessage> queue_;
  bool stopping_ = false;
  std::thread worker_;  // last: started once the rest is built
};

}  // namespace hd::server

// Issue 16 (notifications, webhook half; docs/server.md, "Webhooks"): sends webhook POSTs on the
// server's io_context with Boost.Beast, at most kMaxDeliveries at once from a bounded queue, each within a
// timeout. Game play never waits for it: send() only queues. A full queue drops its oldest message with a
// logged warning; a receiver that fails, is slow or answers other than 2xx is logged and not retried.
// https:// goes over TLS 1.2+, verifying the receiver's certificate against the system's
// authorities (and webhook-ca-file's, if set) and that it names the url's host.
#pragma once

#include "ops/metrics.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace hd::server {

struct WebhookMessage {
  std::string url;     // checked by webhook_url_problem (notify/webhook_url.hpp)
  std::string secret;  // the HMAC key
  std::string body;    // the JSON body
  std::string what;    // for the logs: "game 3 account 5 your-turn"
};

// Hex HMAC-SHA256 of `body` keyed with `secret` as it is (the X-HD-Signature header).
std::string webhook_signature(const std::string& secret, const std::string& body);

class WebhookSender : public std::enable_shared_from_this<WebhookSender> {
 public:
  // At most this many deliveries at once, so a slow or silent receiver holds back no other (each
  // delivery ends within the timeout; the queue waits behind them).
  static constexpr std::size_t kMaxDeliveries = 4;

  // Use std::make_shared: a delivery under way holds the sender. `extra_authority`: a PEM file of
  // authorities trusted besides the system's (empty: none); throws if it cannot be read.
  // `metrics` (hd_webhooks_total) must outlive every delivery.
  // `allow_private`: also send to receivers at non-public addresses (public_address.hpp); off, a
  // url whose host resolves to none but such addresses is not sent (logged, counted failed).
  WebhookSender(boost::asio::any_io_executor io, Metrics& metrics, std::size_t queue_limit,
                std::chrono::milliseconds timeout, const std::filesystem::path& extra_authority = {},
                bool allow_private = false);

  // Queues one message (dropping the oldest queued one if `queue_limit` wait). Safe from any thread.
  void send(WebhookMessage message);

  // On the strand, by a delivery once it is done, whatever happened: another one may start.
  void delivered(Metrics::WebhookOutcome outcome);

  bool allows_private() const { return allow_private_; }

 private:
  // On the strand: starts queued messages while fewer than kMaxDeliveries are under way.
  void next();

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  Metrics& metrics_;
  std::size_t queue_limit_;
  std::chrono::milliseconds timeout_;
  boost::asio::ssl::context tls_;  // the client context of every https delivery
  std::deque<WebhookMessage> queue_;
  std::size_t under_way_ = 0;  // deliveries started and not yet delivered()
  bool allow_private_ = false;
};

// The host of a webhook url that passed webhook_url_problem (without an IPv6 address's brackets), or
// nullopt for anything else.
std::optional<std::string> webhook_host(const std::string& url);

}  // namespace hd::server

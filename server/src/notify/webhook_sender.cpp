#include "notify/webhook_sender.hpp"

#include "log.hpp"
#include "notify/public_address.hpp"
#include "notify/webhook_url.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <optional>
#include <sodium.h>
#include <type_traits>
#include <variant>
#include <vector>

namespace hd::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// One POST: resolve, connect, (https: the TLS handshake, verifying the receiver's certificate chain
// and that it names the url's host), write, read the answer, all under one deadline (the TCP
// stream's timeout); then tells the sender, whatever happened. `Stream`: beast::tcp_stream or
// TlsStream.
template <typename Stream>
class Delivery : public std::enable_shared_from_this<Delivery<Stream>> {
 public:
  template <typename... StreamArgs>
  Delivery(std::shared_ptr<WebhookSender> sender, net::strand<net::any_io_executor> strand,
           std::chrono::milliseconds timeout, WebhookMessage message, WebhookUrl url,
           StreamArgs&&... stream_args)
      : sender_(std::move(sender)),
        timeout_(timeout),
        message_(std::move(message)),
        url_(std::move(url)),
        resolver_(strand),
        stream_(std::forward<StreamArgs>(stream_args)...) {}

  void start() {
    request_.method(http::verb::post);
    request_.target(url_.target);
    request_.version(11);
    request_.set(http::field::host, url_.host_header);
    request_.set(http::field::user_agent, "hundred-days-server");
    request_.set(http::field::content_type, "application/json");
    request_.set("X-HD-Signature", webhook_signature(message_.secret, message_.body));
    request_.body() = message_.body;
    request_.prepare_payload();
    beast::get_lowest_layer(stream_).expires_after(timeout_);
    resolver_.async_resolve(
        url_.host, url_.port,
        [self = this->shared_from_this()](beast::error_code error, tcp::resolver::results_type found) {
          if (error) return self->done("resolve", error);
          // Only public addresses, unless the operator allows private receivers (SSRF).
          std::vector<tcp::endpoint> allowed;
          for (const auto& entry : found)
            if (self->sender_->allows_private() || public_address(entry.endpoint().address()))
              allowed.push_back(entry.endpoint());
          if (allowed.empty()) return self->refuse_address();
          beast::get_lowest_layer(self->stream_)
              .async_connect(allowed, [self](beast::error_code error, auto) {
                if (error) return self->done("connect", error);
                self->handshake();
              });
        });
  }

 private:
  void handshake() {
    if constexpr (std::is_same_v<Stream, beast::tcp_stream>) {
      write();
    } else {
      // SNI, and the certificate must name the url's host (an IP address: in its subjectAltName).
      if (!SSL_set_tlsext_host_name(stream_.native_handle(), url_.host.c_str())) {
        return done("handshake",
                    beast::error_code(static_cast<int>(::ERR_get_error()), net::error::get_ssl_category()));
      }
      stream_.set_verify_callback(net::ssl::host_name_verification(url_.host));
      stream_.async_handshake(net::ssl::stream_base::client,
                              [self = this->shared_from_this()](beast::error_code error) {
                                if (error) return self->done("handshake", error);
                                self->write();
                              });
    }
  }

  void write() {
    http::async_write(
        stream_, request_, [self = this->shared_from_this()](beast::error_code error, std::size_t) {
          if (error) return self->done("write", error);
          self->parser_.body_limit(64 * 1024);
          http::async_read(self->stream_, self->buffer_, self->parser_,
                           [self](beast::error_code error, std::size_t) {
                             if (error) return self->done("read", error);
                             const unsigned status = self->parser_.get().result_int();
                             if (status < 200 || status > 299) {
                               log_event(LogLevel::Warning, "webhook_refused",
                                         {{"what", self->message_.what}, {"status", std::to_string(status)}});
                               return self->finish(Metrics::WebhookOutcome::Refused);
                             }
                             log_event(LogLevel::Info, "webhook_sent", {{"what", self->message_.what}});
                             self->finish(Metrics::WebhookOutcome::Sent);
                           });
        });
  }

  void refuse_address() {
    log_event(LogLevel::Warning, "webhook_failed",
              {{"what", message_.what},
               {"step", "address"},
               {"error", "the host has no public address (webhook-allow-private is off)"}});
    finish(Metrics::WebhookOutcome::Failed);
  }

  void done(const char* step, const beast::error_code& error) {
    log_event(LogLevel::Warning, "webhook_failed",
              {{"what", message_.what}, {"step", step}, {"error", error.message()}});
    finish(Metrics::WebhookOutcome::Failed);
  }

  void finish(Metrics::WebhookOutcome outcome) {
    // No TLS close_notify exchange: the answer is read, and a receiver that never answers one
    // would hold the queue. The TCP connection is closed.
    beast::error_code ignored;
    beast::get_lowest_layer(stream_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(stream_).close();
    sender_->delivered(outcome);
  }

  std::shared_ptr<WebhookSender> sender_;
  std::chrono::milliseconds timeout_;
  WebhookMessage message_;
  WebhookUrl url_;
  tcp::resolver resolver_;
  Stream stream_;
  http::request<http::string_body> request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

}  // namespace

std::string webhook_signature(const std::string& secret, const std::string& body) {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(body.data()), body.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[sizeof mac * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return std::string(hex, sizeof mac * 2);
}

std::optional<std::string> webhook_host(const std::string& url) {
  const auto parsed = parse_webhook_url(url);
  if (const auto* split = std::get_if<WebhookUrl>(&parsed)) return split->host;
  return std::nullopt;
}

WebhookSender::WebhookSender(net::any_io_executor io, Metrics& metrics, std::size_t queue_limit,
                             std::chrono::milliseconds timeout, const std::filesystem::path& extra_authority,
                             bool allow_private)
    : strand_(net::make_strand(io)),
      metrics_(metrics),
      queue_limit_(std::max<std::size_t>(queue_limit, 1)),
      timeout_(timeout),
      tls_(net::ssl::context::tls_client),
      allow_private_(allow_private) {
  tls_.set_options(net::ssl::context::default_workarounds | net::ssl::context::no_sslv2 |
                   net::ssl::context::no_sslv3 | net::ssl::context::no_tlsv1 | net::ssl::context::no_tlsv1_1);
  tls_.set_default_verify_paths();
  if (!extra_authority.empty()) tls_.load_verify_file(extra_authority.string());  // throws if unreadable
  tls_.set_verify_mode(net::ssl::verify_peer);
}

void WebhookSender::send(WebhookMessage message) {
  net::post(strand_, [self = shared_from_this(), message = std::move(message)]() mutable {
    if (self->queue_.size() >= self->queue_limit_) {
      log_event(LogLevel::Warning, "webhook_dropped",
                {{"what", self->queue_.front().what}, {"reason", "the webhook queue is full"}});
      self->queue_.pop_front();
      self->metrics_.count_webhook(Metrics::WebhookOutcome::Dropped);
    }
    self->queue_.push_back(std::move(message));
    self->next();
  });
}

void WebhookSender::next() {
  while (under_way_ < kMaxDeliveries && !queue_.empty()) {
    WebhookMessage message = std::move(queue_.front());
    queue_.pop_front();
    auto parsed = parse_webhook_url(message.url);
    auto* url = std::get_if<WebhookUrl>(&parsed);
    if (!url) {
      log_event(LogLevel::Warning, "webhook_not_sent",
                {{"what", message.what}, {"reason", "not an http(s) url"}});
      continue;
    }
    ++under_way_;
    if (url->tls) {
      std::make_shared<Delivery<TlsStream>>(shared_from_this(), strand_, timeout_, std::move(message),
                                            std::move(*url), beast::tcp_stream(strand_), tls_)
          ->start();
    } else {
      std::make_shared<Delivery<beast::tcp_stream>>(shared_from_this(), strand_, timeout_, std::move(message),
                                                    std::move(*url), strand_)
          ->start();
    }
  }
}

void WebhookSender::delivered(Metrics::WebhookOutcome outcome) {
  metrics_.count_webhook(outcome);
  --under_way_;
  next();
}

}  // namespace hd::server

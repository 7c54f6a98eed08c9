#include "notify/webhook_sender.hpp"

#include "log.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <optional>
#include <sodium.h>

namespace hd::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

struct ParsedUrl {
  std::string host;  // without brackets
  std::string port;
  std::string target;
  std::string host_header;
};

// An http:// url already checked by webhook_url_problem; nullopt for https:// (not sent yet).
std::optional<ParsedUrl> parse_http_url(const std::string& url) {
  if (!url.starts_with("http://")) return std::nullopt;
  const std::string rest = url.substr(7);
  const auto slash = rest.find_first_of("/?#");
  const std::string authority = rest.substr(0, slash);
  ParsedUrl parsed;
  parsed.host_header = authority;
  parsed.target = slash == std::string::npos ? "/" : rest.substr(slash);
  if (parsed.target.starts_with("?")) parsed.target = "/" + parsed.target;
  if (const auto hash = parsed.target.find('#'); hash != std::string::npos) parsed.target.resize(hash);
  parsed.port = "80";
  if (authority.starts_with("[")) {
    const auto close = authority.find(']');
    parsed.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size()) parsed.port = authority.substr(close + 2);
  } else if (const auto colon = authority.find(':'); colon != std::string::npos) {
    parsed.host = authority.substr(0, colon);
    parsed.port = authority.substr(colon + 1);
  } else {
    parsed.host = authority;
  }
  return parsed;
}

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

// One POST: resolve, connect, write, read the answer, all under one deadline (the stream's
// timeout); then tells the sender, whatever happened.
class WebhookSender::Delivery : public std::enable_shared_from_this<Delivery> {
 public:
  Delivery(std::shared_ptr<WebhookSender> sender, WebhookMessage message, ParsedUrl url)
      : sender_(std::move(sender)),
        message_(std::move(message)),
        url_(std::move(url)),
        resolver_(sender_->strand_),
        stream_(sender_->strand_) {}

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
    stream_.expires_after(sender_->timeout_);
    resolver_.async_resolve(
        url_.host, url_.port,
        [self = shared_from_this()](beast::error_code error, tcp::resolver::results_type found) {
          if (error) return self->done("resolve", error);
          self->stream_.async_connect(found, [self](beast::error_code error, auto) {
            if (error) return self->done("connect", error);
            self->write();
          });
        });
  }

 private:
  void write() {
    http::async_write(stream_, request_, [self = shared_from_this()](beast::error_code error, std::size_t) {
      if (error) return self->done("write", error);
      self->parser_.body_limit(64 * 1024);
      http::async_read(self->stream_, self->buffer_, self->parser_,
                       [self](beast::error_code error, std::size_t) {
                         if (error) return self->done("read", error);
                         const unsigned status = self->parser_.get().result_int();
                         if (status < 200 || status > 299) {
                           log_event(LogLevel::Warning, "webhook_refused",
                                     {{"what", self->message_.what}, {"status", std::to_string(status)}});
                         } else {
                           log_event(LogLevel::Info, "webhook_sent", {{"what", self->message_.what}});
                         }
                         self->finish();
                       });
    });
  }

  void done(const char* step, const beast::error_code& error) {
    log_event(LogLevel::Warning, "webhook_failed",
              {{"what", message_.what}, {"step", step}, {"error", error.message()}});
    finish();
  }

  void finish() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    sender_->delivered();
  }

  std::shared_ptr<WebhookSender> sender_;
  WebhookMessage message_;
  ParsedUrl url_;
  tcp::resolver resolver_;
  beast::tcp_stream stream_;
  http::request<http::string_body> request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

WebhookSender::WebhookSender(net::any_io_executor io, std::size_t queue_limit,
                             std::chrono::milliseconds timeout)
    : strand_(net::make_strand(io)), queue_limit_(std::max<std::size_t>(queue_limit, 1)), timeout_(timeout) {}

void WebhookSender::send(WebhookMessage message) {
  net::post(strand_, [self = shared_from_this(), message = std::move(message)]() mutable {
    if (self->queue_.size() >= self->queue_limit_) {
      log_event(LogLevel::Warning, "webhook_dropped",
                {{"what", self->queue_.front().what}, {"reason", "the webhook queue is full"}});
      self->queue_.pop_front();
    }
    self->queue_.push_back(std::move(message));
    self->next();
  });
}

void WebhookSender::next() {
  while (!busy_ && !queue_.empty()) {
    WebhookMessage message = std::move(queue_.front());
    queue_.pop_front();
    auto url = parse_http_url(message.url);
    if (!url) {
      log_event(LogLevel::Warning, "webhook_not_sent",
                {{"what", message.what}, {"reason", "https webhooks are not supported yet"}});
      continue;
    }
    busy_ = true;
    std::make_shared<Delivery>(shared_from_this(), std::move(message), std::move(*url))->start();
  }
}

void WebhookSender::delivered() {
  // Called on the strand by the delivery's last handler.
  busy_ = false;
  next();
}

}  // namespace hd::server

#include "http_session.hpp"

#include "log.hpp"
#include "ops/client_address.hpp"
#include "ops/origin_check.hpp"
#include "websocket_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

namespace hd::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
constexpr std::uint32_t kHeaderLimitBytes = 8 * 1024;
constexpr std::uint64_t kBodyLimitBytes = 1024;
}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& context)
    : stream_(std::move(socket)), context_(context) {}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    self->parser_.emplace();
    self->parser_->header_limit(kHeaderLimitBytes);
    self->parser_->body_limit(kBodyLimitBytes);
    self->stream_.expires_after(self->context_.config.handshake_timeout);
    http::async_read(self->stream_, self->buffer_, *self->parser_,
                     beast::bind_front_handler(&HttpSession::on_read, self));
  });
}

void HttpSession::on_read(beast::error_code error, std::size_t) {
  if (error) {
    if (error != http::error::end_of_stream) {
      log_event(LogLevel::Warning, "http_read_failed", {{"error", error.message()}});
    }
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
    return;
  }
  const auto& request = parser_->get();
  beast::error_code ignored;
  const auto peer = stream_.socket().remote_endpoint(ignored);
  const std::string client = client_address(peer.address().to_string(), header(request, "X-Real-IP"),
                                            context_.config.trusted_proxies);
  if (beast::websocket::is_upgrade(request)) return upgrade(client);
  if (request.method() == http::verb::get && request.target() == "/healthz") {
    return respond(http::status::ok, "ok\n");
  }
  if (request.method() == http::verb::get && request.target() == "/metrics") {
    if (!address_in(client, context_.config.metrics_allowed_from)) {
      log_event(LogLevel::Warning, "metrics_refused", {{"client", client}});
      return respond(http::status::forbidden, "forbidden\n");
    }
    return respond(http::status::ok, context_.metrics.render(), "text/plain; version=0.0.4; charset=utf-8");
  }
  respond(http::status::not_found, "not found\n");
}

std::optional<std::string_view> HttpSession::header(const Request& request, std::string_view name) {
  const auto it = request.find(name);
  if (it == request.end()) return std::nullopt;
  return std::string_view(it->value().data(), it->value().size());
}

void HttpSession::upgrade(const std::string& client) {
  const auto& request = parser_->get();
  const auto origin = header(request, "Origin");
  if (!origin_allowed(origin, context_.config.allowed_origins)) {
    context_.metrics.count_upgrade_refused("origin");
    log_event(LogLevel::Warning, "upgrade_refused",
              {{"client", client}, {"reason", "origin"}, {"origin", std::string(*origin)}});
    return respond(http::status::forbidden, "this origin may not connect\n");
  }
  auto lease = context_.connections_per_address.try_acquire(client);
  if (!lease) {
    context_.metrics.count_upgrade_refused("per_address_cap");
    log_event(LogLevel::Warning, "upgrade_refused",
              {{"client", client},
               {"reason", "per_address_cap"},
               {"cap", std::to_string(context_.config.max_connections_per_address)}});
    return respond(http::status::too_many_requests, "too many connections from your address\n");
  }
  std::make_shared<WebSocketSession>(stream_.release_socket(), context_, client, std::move(*lease))
      ->run(parser_->release());
}

void HttpSession::respond(http::status status, std::string body, std::string_view content_type) {
  const auto& request = parser_->get();
  auto response = std::make_shared<http::response<http::string_body>>();
  response->version(request.version());
  response->keep_alive(false);
  response->result(status);
  response->set(http::field::server, "hundred-days");
  response->set(http::field::content_type, content_type);
  response->body() = std::move(body);
  response->prepare_payload();
  response_ = response;
  http::async_write(stream_, *response,
                    beast::bind_front_handler(&HttpSession::on_write, shared_from_this()));
}

void HttpSession::on_write(beast::error_code, std::size_t) {
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
}

}  // namespace hd::server

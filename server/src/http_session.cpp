#include "http_session.hpp"

#include "log.hpp"
#include "ops/client_address.hpp"
#include "ops/origin_check.hpp"
#include "websocket_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

namespace hd::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
constexpr std::uint32_t kHeaderLimitBytes = 8 * 1024;
constexpr std::uint64_t kBodyLimitBytes = 1024;
}  // namespace

namespace {
// The stream of a new connection: TLS over the socket when the listener has a context.
std::variant<PlainStream, TlsStream> make_stream(net::ip::tcp::socket&& socket,
                                                 const std::shared_ptr<net::ssl::context>& tls) {
  if (tls)
    return std::variant<PlainStream, TlsStream>(std::in_place_type<TlsStream>, std::move(socket), *tls);
  return std::variant<PlainStream, TlsStream>(std::in_place_type<PlainStream>, std::move(socket));
}
}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& context,
                         std::shared_ptr<net::ssl::context> tls)
    : tls_(std::move(tls)), stream_(make_stream(std::move(socket), tls_)), context_(context) {}

void HttpSession::run() {
  const auto executor = with_stream([](auto& stream) { return stream.get_executor(); });
  net::dispatch(executor, [self = shared_from_this()] {
    // One deadline covers the TLS handshake and the request.
    self->with_stream([&](auto& stream) {
      beast::get_lowest_layer(stream).expires_after(self->context_.config.handshake_timeout);
    });
    if (auto* tls = std::get_if<TlsStream>(&self->stream_)) {
      tls->async_handshake(net::ssl::stream_base::server,
                           beast::bind_front_handler(&HttpSession::on_tls_handshake, self));
      return;
    }
    self->do_read();
  });
}

void HttpSession::on_tls_handshake(beast::error_code error) {
  if (error) {
    // The peer's address and OpenSSL's reason only: a handshake carries no secret of ours.
    beast::error_code ignored;
    const auto peer = beast::get_lowest_layer(std::get<TlsStream>(stream_)).socket().remote_endpoint(ignored);
    log_event(LogLevel::Warning, "tls_handshake_failed",
              {{"peer", peer.address().to_string()}, {"error", error.message()}});
    return shutdown();
  }
  do_read();
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(kHeaderLimitBytes);
  parser_->body_limit(kBodyLimitBytes);
  with_stream([this](auto& stream) {
    http::async_read(stream, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  });
}

void HttpSession::shutdown() {
  with_stream([](auto& stream) {
    beast::error_code ignored;
    beast::get_lowest_layer(stream).socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
  });
}

void HttpSession::on_read(beast::error_code error, std::size_t) {
  if (error) {
    if (error != http::error::end_of_stream) {
      log_event(LogLevel::Warning, "http_read_failed", {{"error", error.message()}});
    }
    return shutdown();
  }
  const auto& request = parser_->get();
  beast::error_code ignored;
  const auto peer = with_stream(
      [&](auto& stream) { return beast::get_lowest_layer(stream).socket().remote_endpoint(ignored); });
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
  auto transport = with_stream([](auto& stream) { return make_websocket_transport(std::move(stream)); });
  std::make_shared<WebSocketSession>(std::move(transport), context_, client, std::move(*lease))
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
  with_stream([&](auto& stream) {
    http::async_write(stream, *response,
                      beast::bind_front_handler(&HttpSession::on_write, shared_from_this()));
  });
}

void HttpSession::on_write(beast::error_code, std::size_t) {
  shutdown();
}

}  // namespace hd::server

#include "http_session.hpp"

#include "log.hpp"
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
  if (beast::websocket::is_upgrade(parser_->get())) {
    std::make_shared<WebSocketSession>(stream_.release_socket(), context_)->run(parser_->release());
    return;
  }
  const auto& request = parser_->get();
  auto response = std::make_shared<http::response<http::string_body>>();
  response->version(request.version());
  response->keep_alive(false);
  response->set(http::field::server, "hundred-days");
  response->set(http::field::content_type, "text/plain; charset=utf-8");
  if (request.method() == http::verb::get && request.target() == "/healthz") {
    response->result(http::status::ok);
    response->body() = "ok\n";
  } else {
    response->result(http::status::not_found);
    response->body() = "not found\n";
  }
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

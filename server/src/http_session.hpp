// A fresh TCP connection speaking HTTP, in clear or (from the TLS listener) after a TLS handshake:
// answers GET /healthz and GET /metrics (to allowed addresses),
// checks WebSocket upgrades (Origin, connections per address) and hands them over to a
// WebSocketSession, and answers anything else with 404.
#pragma once

#include "server_context.hpp"
#include "websocket_transport.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace hd::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `tls`: the TLS listener's current context (the connection keeps it); null for clear text.
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& context,
              std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  // Shakes hands (TLS only), then reads one request, all within the handshake timeout.
  void run();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;

  void on_tls_handshake(boost::beast::error_code error);
  void do_read();
  void on_read(boost::beast::error_code error, std::size_t bytes);
  // Refuses the upgrade (403 bad Origin, 429 too many connections from `client`) or starts the session.
  void upgrade(const std::string& client);
  // Writes one response and then closes the connection.
  void respond(boost::beast::http::status status, std::string body,
               std::string_view content_type = "text/plain; charset=utf-8");
  void on_write(boost::beast::error_code error, std::size_t bytes);
  // The value of the named header, or nullopt if the request has none.
  static std::optional<std::string_view> header(const Request& request, std::string_view name);

  // Calls `f` with the stream, plain or TLS.
  template <class F>
  decltype(auto) with_stream(F&& f) {
    return std::visit(std::forward<F>(f), stream_);
  }
  // Shuts the TCP connection down (both directions).
  void shutdown();

  std::shared_ptr<boost::asio::ssl::context> tls_;  // outlives the TLS stream
  std::variant<PlainStream, TlsStream> stream_;
  ServerContext& context_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> response_;  // keeps the response alive during the write
};

}  // namespace hd::server

// A fresh TCP connection speaking HTTP: answers GET /healthz, hands WebSocket upgrades over to a
// WebSocketSession, and answers anything else with 404.
#pragma once

#include "server_context.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <memory>
#include <optional>

namespace hd::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& context);
  void run();

 private:
  void on_read(boost::beast::error_code error, std::size_t bytes);
  void on_write(boost::beast::error_code error, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  ServerContext& context_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> response_;  // keeps the response alive during the write
};

}  // namespace hd::server

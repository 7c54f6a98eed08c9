// The WebSocket stream under a WebSocketSession, plain (behind a proxy, or loopback) or TLS (the
// server's own TLS listener). The session's protocol logic is compiled once against this interface;
// only the thin adapter below exists once per stream type (websocket_transport.cpp).
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream_base.hpp>

#include <chrono>
#include <functional>
#include <memory>

namespace hd::server {

using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

class WebSocketTransport {
 public:
  using Done = std::function<void(boost::beast::error_code)>;
  using Transferred = std::function<void(boost::beast::error_code, std::size_t)>;

  virtual ~WebSocketTransport() = default;

  // The connection's strand: every handler below runs on it.
  virtual boost::asio::any_io_executor get_executor() = 0;
  // The TCP socket's remote endpoint (an unspecified one if it is already closed).
  virtual boost::asio::ip::tcp::endpoint remote_endpoint() = 0;
  // Turns the TCP stream's own timeout off and sets the WebSocket's (handshake, idle with pings),
  // the largest message read, binary frames and the Server header.
  virtual void configure(const boost::beast::websocket::stream_base::timeout& timeouts,
                         std::size_t max_message_bytes) = 0;
  virtual void async_accept(const boost::beast::http::request<boost::beast::http::string_body>& request,
                            Done done) = 0;
  virtual void async_read(boost::beast::flat_buffer& buffer, Transferred done) = 0;
  virtual void async_write(boost::asio::const_buffer frame, Transferred done) = 0;
  virtual void async_close(const boost::beast::websocket::close_reason& reason, Done done) = 0;
  // Whether the last message read was binary.
  virtual bool got_binary() const = 0;
  // Closes the TCP socket at once (pending operations end with an error).
  virtual void close_socket() = 0;
};

// The transport over a stream on which an HTTP upgrade request has just been read.
std::unique_ptr<WebSocketTransport> make_websocket_transport(PlainStream&& stream);
std::unique_ptr<WebSocketTransport> make_websocket_transport(TlsStream&& stream);

}  // namespace hd::server

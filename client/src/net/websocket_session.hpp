// One WebSocket connection to the server, driven by Boost.Beast on the network thread: resolve,
// connect, TLS handshake (wss://, the certificate verified), WebSocket handshake, send Hello, then
// read envelopes until closed. Each step reports to a sink.
#pragma once

#include "model/server_event.hpp"
#include "net/server_url.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <variant>

namespace hd::client {

// Receives the session's events on the network thread; must be thread-safe towards its reader.
using EventSink = std::function<void(ServerEvent)>;

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
 public:
  // Throws std::runtime_error if a wss:// URL's --ca-file cannot be read.
  WebSocketSession(boost::asio::io_context& io, ServerUrl url, EventSink sink);

  // Begins resolving. Call once, from the network thread or before it runs the io_context.
  void start();
  // Closes the WebSocket politely (or the socket, if not yet open), giving up after two seconds,
  // then stops the io_context. Call on the network thread. No event is reported for this close.
  void close();
  // Sends an envelope after the Hello (queued until the handshake is done; dropped once closing or
  // failed). Call on the network thread.
  void send(const hundred_days::v1::ClientEnvelope& envelope);

 private:
  using Tcp = boost::asio::ip::tcp;

  void on_resolve(boost::beast::error_code error, Tcp::resolver::results_type results);
  void on_connect(boost::beast::error_code error, Tcp::resolver::results_type::endpoint_type endpoint);
  void on_tls_handshake(boost::beast::error_code error);
  void start_websocket_handshake();
  void on_handshake(boost::beast::error_code error);
  void send_hello();
  void write_next();
  void on_write(boost::beast::error_code error, std::size_t bytes);
  void read_next();
  void on_read(boost::beast::error_code error, std::size_t bytes);
  // Reports `what: error` as a ConnectionFailed unless the client itself is closing.
  void fail(const std::string& what, boost::beast::error_code error);
  void begin_close();
  void force_close();
  std::string address() const { return url_.host + ":" + url_.port; }

  boost::asio::io_context& io_;  // dedicated to this session; stopped when its close is done
  ServerUrl url_;
  EventSink sink_;
  using PlainWs = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  using TlsWs = boost::beast::websocket::stream<boost::beast::ssl_stream<boost::beast::tcp_stream>>;
  // Calls `f` with the WebSocket stream, plain or TLS.
  template <class F>
  decltype(auto) with_ws(F&& f) {
    return std::visit(std::forward<F>(f), ws_);
  }

  Tcp::resolver resolver_;
  std::shared_ptr<boost::asio::ssl::context> tls_;  // wss:// only; outlives the stream
  std::variant<PlainWs, TlsWs> ws_;
  boost::asio::steady_timer close_deadline_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;  // frames to write, the one being written first
  bool failed_ = false;            // the connection broke: nothing more is sent
  bool open_ = false;              // the WebSocket handshake has completed
  bool writing_ = false;           // a write is in flight (a close must wait for it)
  bool closing_ = false;           // the client asked to close
};

}  // namespace hd::client

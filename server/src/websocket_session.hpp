// One WebSocket connection: reads envelopes, answers through ConnectionProtocol, writes replies one
// at a time from a bounded queue. Every handler runs on the connection's own strand.
#pragma once

#include "connection_protocol.hpp"
#include "server_context.hpp"
#include "websocket_transport.hpp"

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace hd::server {

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `ws` is the stream the upgrade request was read on, plain or TLS; `client_address` is the
  // remote address (see client_address.hpp); `place` holds the connection's place under the
  // per-address cap until the session is destroyed.
  WebSocketSession(std::unique_ptr<WebSocketTransport> ws, ServerContext& context, std::string client_address,
                   ConnectionsPerAddress::Lease place);

  // Completes the upgrade the HTTP session received, then starts reading.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  // Closes with 1001 "going away" once queued messages are written. Safe from any thread.
  void close_for_shutdown();
  // Queues an encoded frame from the application. Safe from any thread.
  void deliver(std::string frame);
  // Closes once queued messages are written. Safe from any thread.
  void close_with(CloseRequest close);
  // Calls `drained` on this strand once at most `low_water` frames are queued (at once if so
  // already); dropped unrun if the connection closes first. A later call replaces a waiting one.
  // Safe from any thread.
  void when_drained(std::size_t low_water, std::function<void()> drained);

 private:
  void on_accept(boost::beast::error_code error);
  void do_read();
  void on_read(boost::beast::error_code error, std::size_t bytes);
  // Queues one frame; drops the connection if the queue is full (a slow reader is not buffered).
  void enqueue(std::string frame);
  // Runs the waiting drained callback if the queue is at or below its low-water mark.
  void check_drained();
  void do_write();
  void on_write(boost::beast::error_code error, std::size_t bytes);
  // Sends a close frame once the queue is empty.
  void request_close(CloseRequest close);
  void start_close_if_idle();
  void on_close(boost::beast::error_code error);
  void finish(const std::string& why);

  std::unique_ptr<WebSocketTransport> ws_;
  ServerContext& context_;
  std::string peer_;          // address:port, for logs
  std::string peer_address_;  // the client's address (the proxy's X-Real-IP when trusted)
  ConnectionsPerAddress::Lease place_;
  std::uint64_t connection_id_ = 0;
  std::optional<ConnectionProtocol> protocol_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  std::optional<CloseRequest> pending_close_;
  bool close_started_ = false;
  bool finished_ = false;
  struct DrainWait {
    std::size_t low_water = 0;
    std::function<void()> drained;
  };
  std::optional<DrainWait> drain_wait_;  // at most one (Outbound::when_drained)
};

}  // namespace hd::server

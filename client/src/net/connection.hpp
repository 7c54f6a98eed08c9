// The client's network thread: an io_context running one WebSocketSession, reporting to a queue
// that the render thread polls each frame.
#pragma once

#include "net/event_queue.hpp"
#include "net/server_url.hpp"
#include "net/websocket_session.hpp"

#include <boost/asio/io_context.hpp>

#include <memory>
#include <thread>

namespace hd::client {

class Connection {
 public:
  // Starts connecting to `url` on a new thread; events go to `events`, which must outlive this.
  Connection(const ServerUrl& url, EventQueue& events);
  // Calls stop().
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Sends an envelope (from any thread); queued until the connection is open, dropped if it failed.
  void send(const hundred_days::v1::ClientEnvelope& envelope);
  // Closes the WebSocket (at most about two seconds) and joins the thread. Safe to call twice.
  void stop();

 private:
  boost::asio::io_context io_;
  std::shared_ptr<WebSocketSession> session_;
  std::thread thread_;
};

}  // namespace hd::client

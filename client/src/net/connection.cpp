#include "net/connection.hpp"

#include <boost/asio/post.hpp>

#include <exception>
#include <string>
#include <utility>

namespace hd::client {

Connection::Connection(const ServerUrl& url, EventQueue& events) {
  try {
    session_ = std::make_shared<WebSocketSession>(
        io_, url, [&events](ServerEvent event) { events.push(std::move(event)); });
  } catch (const std::exception& error) {  // an unreadable --ca-file: shown like any failed connection
    events.push(ConnectionFailed{error.what()});
    return;
  }
  session_->start();
  thread_ = std::thread([this, &events] {
    try {
      io_.run();
    } catch (const std::exception& error) {
      events.push(ConnectionFailed{std::string("network thread stopped: ") + error.what()});
    }
  });
}

Connection::~Connection() {
  stop();
}

void Connection::send(const hundred_days::v1::ClientEnvelope& envelope) {
  if (!session_) return;
  boost::asio::post(io_, [session = session_, envelope] { session->send(envelope); });
}

void Connection::stop() {
  if (!thread_.joinable()) return;
  boost::asio::post(io_, [session = session_] { session->close(); });
  thread_.join();
}

}  // namespace hd::client

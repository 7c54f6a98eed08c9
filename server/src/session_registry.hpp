// The live WebSocket sessions, so that shutdown can close them all. Thread-safe.
#pragma once

#include "app/outbound.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

namespace hd::server {

class WebSocketSession;

class SessionRegistry : public Outbound {
 public:
  // Records a session and returns its connection id (1, 2, 3 ...).
  std::uint64_t add(std::weak_ptr<WebSocketSession> session);
  void remove(std::uint64_t connection_id);
  // Asks every live session to close with "going away"; returns how many were asked.
  std::size_t close_all();
  std::shared_ptr<WebSocketSession> find(ConnectionId connection) const;
  std::size_t size() const;

  // Outbound: deliver to a live session by connection id (dropped if it has gone).
  void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) override;
  void send_encoded(ConnectionId connection, std::string encoded) override;
  void close(ConnectionId connection, CloseRequest close) override;
  void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) override;

 private:
  mutable std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, std::weak_ptr<WebSocketSession>> sessions_;
};

}  // namespace hd::server

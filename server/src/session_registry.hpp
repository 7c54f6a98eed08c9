// The live WebSocket sessions, so that shutdown can close them all. Thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

namespace hd::server {

class WebSocketSession;

class SessionRegistry {
 public:
  // Records a session and returns its connection id (1, 2, 3 ...).
  std::uint64_t add(std::weak_ptr<WebSocketSession> session);
  void remove(std::uint64_t connection_id);
  // Asks every live session to close with "going away"; returns how many were asked.
  std::size_t close_all();
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, std::weak_ptr<WebSocketSession>> sessions_;
};

}  // namespace hd::server

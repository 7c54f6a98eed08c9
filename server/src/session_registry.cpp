#include "session_registry.hpp"

#include "websocket_session.hpp"

#include <hd/wire/frame_codec.hpp>

#include <vector>

namespace hd::server {

std::uint64_t SessionRegistry::add(std::weak_ptr<WebSocketSession> session) {
  const std::lock_guard lock(mutex_);
  const std::uint64_t id = next_id_++;
  sessions_.emplace(id, std::move(session));
  return id;
}

void SessionRegistry::remove(std::uint64_t connection_id) {
  const std::lock_guard lock(mutex_);
  sessions_.erase(connection_id);
}

std::size_t SessionRegistry::close_all() {
  std::vector<std::shared_ptr<WebSocketSession>> live;
  {
    const std::lock_guard lock(mutex_);
    for (const auto& [id, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live)
    session->close_for_shutdown();
  return live.size();
}

std::shared_ptr<WebSocketSession> SessionRegistry::find(ConnectionId connection) const {
  const std::lock_guard lock(mutex_);
  const auto it = sessions_.find(connection);
  return it == sessions_.end() ? nullptr : it->second.lock();
}

void SessionRegistry::send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) {
  if (auto session = find(connection)) session->deliver(hd::wire::encode(envelope));
}

void SessionRegistry::send_encoded(ConnectionId connection, std::string encoded) {
  if (auto session = find(connection)) session->deliver(std::move(encoded));
}

void SessionRegistry::close(ConnectionId connection, CloseRequest close) {
  if (auto session = find(connection)) session->close_with(std::move(close));
}

void SessionRegistry::when_drained(ConnectionId connection, std::size_t low_water,
                                   std::function<void()> drained) {
  if (auto session = find(connection)) session->when_drained(low_water, std::move(drained));
}

std::size_t SessionRegistry::size() const {
  const std::lock_guard lock(mutex_);
  return sessions_.size();
}

}  // namespace hd::server

#include "app/held_outbound.hpp"

#include "log.hpp"

#include <hd/wire/frame_codec.hpp>

#include <memory>
#include <string>
#include <utility>

namespace hd::server {

void HeldOutbound::release() {
  holding_ = false;
  std::vector<Held> kept;
  kept.swap(held_);
  std::set<ConnectionId> failed;
  for (const Held& held : kept) {
    if (failed.count(held.connection)) continue;
    try {
      held.hand_on();
    } catch (const std::exception& error) {
      failed.insert(held.connection);
      log_event(LogLevel::Error, "held_send_failed",
                {{"connection", std::to_string(held.connection)}, {"error", error.what()}});
      try {
        next_.close(held.connection, {kCloseInternalError, "a message could not be sent: resume"});
      } catch (const std::exception&) {
        // Nothing more can be done for it here; the others still hear theirs.
      }
    }
  }
}

void HeldOutbound::drop() {
  holding_ = false;
  held_.clear();
}

void HeldOutbound::send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) {
  if (!holding_) return next_.send(connection, envelope);
  // Encoded now, once: cheaper than a copy of the envelope, and the connection sends these bytes.
  held_.push_back({connection, [this, connection, encoded = wire::encode(envelope)]() mutable {
                     next_.send_encoded(connection, std::move(encoded));
                   }});
}

void HeldOutbound::send_to_all(const std::vector<ConnectionId>& connections,
                               const hundred_days::v1::ServerEnvelope& envelope) {
  if (connections.empty()) return;
  // One encoding for all of them; each connection is handed its own copy of the bytes.
  auto encoded = std::make_shared<const std::string>(wire::encode(envelope));
  for (ConnectionId connection : connections) {
    if (!holding_) {
      next_.send_encoded(connection, *encoded);
      continue;
    }
    held_.push_back({connection, [this, connection, encoded] { next_.send_encoded(connection, *encoded); }});
  }
}

void HeldOutbound::close(ConnectionId connection, CloseRequest close) {
  if (!holding_) return next_.close(connection, std::move(close));
  held_.push_back(
      {connection, [this, connection, close = std::move(close)] { next_.close(connection, close); }});
}

void HeldOutbound::when_drained(ConnectionId connection, std::size_t low_water,
                                std::function<void()> drained) {
  if (!holding_) return next_.when_drained(connection, low_water, std::move(drained));
  held_.push_back({connection, [this, connection, low_water, drained = std::move(drained)] {
                     next_.when_drained(connection, low_water, drained);
                   }});
}

}  // namespace hd::server

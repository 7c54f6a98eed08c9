#include "app/held_outbound.hpp"

#include "log.hpp"

#include <hd/wire/frame_codec.hpp>

#include <memory>
#include <string>
#include <utility>

namespace hd::server {

void HeldOutbound::hold() {
  batch_open_ = true;
}

std::uint64_t HeldOutbound::seal() {
  if (!batch_open_) return sealed_;
  batch_open_ = false;
  return ++sealed_;
}

void HeldOutbound::release_through(std::uint64_t group) {
  if (group > sealed_) group = sealed_;
  if (group <= released_) return;
  released_ = group;
  std::set<ConnectionId> failed;
  while (!held_.empty() && held_.front().group <= group) {
    const Held held = std::move(held_.front());
    held_.pop_front();
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

void HeldOutbound::release() {
  release_through(seal());
}

void HeldOutbound::drop() {
  batch_open_ = false;
  released_ = sealed_;
  held_.clear();
}

void HeldOutbound::keep(ConnectionId connection, std::function<void()> hand_on) {
  // In a batch: its group, sealed next. Outside one: the newest sealed group that waits.
  held_.push_back({batch_open_ ? sealed_ + 1 : sealed_, connection, std::move(hand_on)});
}

void HeldOutbound::send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) {
  if (!holding()) return next_.send(connection, envelope);
  // Encoded now, once: cheaper than a copy of the envelope, and the connection sends these bytes.
  keep(connection, [this, connection, encoded = wire::encode(envelope)]() mutable {
    next_.send_encoded(connection, std::move(encoded));
  });
}

void HeldOutbound::send_to_all(const std::vector<ConnectionId>& connections,
                               const hundred_days::v1::ServerEnvelope& envelope) {
  if (connections.empty()) return;
  // One encoding for all of them; each connection is handed its own copy of the bytes.
  auto encoded = std::make_shared<const std::string>(wire::encode(envelope));
  for (ConnectionId connection : connections) {
    if (!holding()) {
      next_.send_encoded(connection, *encoded);
      continue;
    }
    keep(connection, [this, connection, encoded] { next_.send_encoded(connection, *encoded); });
  }
}

void HeldOutbound::close(ConnectionId connection, CloseRequest close) {
  if (!holding()) return next_.close(connection, std::move(close));
  keep(connection, [this, connection, close = std::move(close)] { next_.close(connection, close); });
}

void HeldOutbound::when_drained(ConnectionId connection, std::size_t low_water,
                                std::function<void()> drained) {
  if (!holding()) return next_.when_drained(connection, low_water, std::move(drained));
  keep(connection, [this, connection, low_water, drained = std::move(drained)] {
    next_.when_drained(connection, low_water, drained);
  });
}

}  // namespace hd::server

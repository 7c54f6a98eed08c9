// Issue 15, group commit: an Outbound that can hold what is sent while a batch of requests is
// handled inside one database transaction, and hand it on, in order, once the batch is committed:
// nobody hears of a change before it is durable. Outside a hold it hands everything on at once.
// Used on the hub's strand only (hold, release); what it holds is bounded by the batch's requests.
#pragma once

#include "app/outbound.hpp"

#include <functional>
#include <set>
#include <vector>

namespace hd::server {

class HeldOutbound : public Outbound {
 public:
  explicit HeldOutbound(Outbound& next) : next_(next) {}

  // From now on sends, closes and drain waits are kept, not handed on.
  void hold() { holding_ = true; }
  // Hands on everything kept, in the order it came, and stops holding. A hand-on that throws (a
  // connection's queue failing) is logged and its connection closed (kCloseInternalError, after
  // which it hears nothing more of this release): it resumes and catches up like any dropped one.
  void release();
  // Forgets everything kept and stops holding (nothing of it is sent).
  void drop();
  bool holding() const { return holding_; }
  std::size_t held() const { return held_.size(); }

  void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) override;
  // Encodes the envelope once and hands (or holds) those bytes for each connection, in order.
  void send_to_all(const std::vector<ConnectionId>& connections,
                   const hundred_days::v1::ServerEnvelope& envelope) override;
  void close(ConnectionId connection, CloseRequest close) override;
  void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) override;

 private:
  Outbound& next_;
  bool holding_ = false;
  struct Held {
    ConnectionId connection;
    std::function<void()> hand_on;  // one call on to next_
  };
  std::vector<Held> held_;
};

}  // namespace hd::server

// Issue 15, group commit: an Outbound that can hold what is sent while a batch of requests is
// handled inside one database transaction, and hand it on, in order, once the batch is durable:
// nobody hears of a change before it is on disk. Outside a hold it hands everything on at once.
// When the batch's COMMIT does not wait for the disk (the WAL synced off the strand, app/hub.hpp),
// its group of held sends is sealed at the commit and handed on once the sync is done; meanwhile
// what is sent outside a batch joins the newest sealed group, since it may tell of that group's
// changes. Used on the hub's strand only; what it holds is bounded by the batches' requests.
#pragma once

#include "app/outbound.hpp"

#include <cstdint>
#include <deque>
#include <functional>
#include <set>
#include <vector>

namespace hd::server {

class HeldOutbound : public Outbound {
 public:
  explicit HeldOutbound(Outbound& next) : next_(next) {}

  // A batch begins: from now on sends, closes and drain waits are kept, in the batch's group.
  void hold();
  // The batch's transaction is committed but not yet synced to disk: its group is sealed, and its
  // number returned (the groups count up from 1). Without a batch under way, the newest group's.
  std::uint64_t seal();
  // Hands on, in the order they came, the sends of every group up to `group` (sealed ones only).
  // A hand-on that throws (a connection's queue failing) is logged and its connection closed
  // (kCloseInternalError, after which it hears nothing more of this release): it resumes and
  // catches up like any dropped one.
  void release_through(std::uint64_t group);
  // The batch is durable at its commit: seal() and release_through() its group at once.
  void release();
  // Forgets everything kept, sealed groups included, and stops holding (nothing of it is sent).
  void drop();
  // A batch is under way or a sealed group waits for its sync: sends are kept.
  bool holding() const { return batch_open_ || released_ < sealed_; }
  std::size_t held() const { return held_.size(); }

  void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) override;
  // Encodes the envelope once and hands (or holds) those bytes for each connection, in order.
  void send_to_all(const std::vector<ConnectionId>& connections,
                   const hundred_days::v1::ServerEnvelope& envelope) override;
  void close(ConnectionId connection, CloseRequest close) override;
  void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) override;

 private:
  // Keeps one hand-on in the group it belongs to (see holding()).
  void keep(ConnectionId connection, std::function<void()> hand_on);

  Outbound& next_;
  bool batch_open_ = false;
  std::uint64_t sealed_ = 0;    // the newest sealed group (0: none yet)
  std::uint64_t released_ = 0;  // every group up to this one has been handed on
  struct Held {
    std::uint64_t group;  // never less than an earlier entry's: release_through() takes a prefix
    ConnectionId connection;
    std::function<void()> hand_on;  // one call on to next_
  };
  std::deque<Held> held_;
};

}  // namespace hd::server

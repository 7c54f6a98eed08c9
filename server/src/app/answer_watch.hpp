// Which answer a request got: an Outbound in front of the hub's, which remembers the first envelope
// sent to the request being handled (its connection and its request id) and hands everything on.
// The hub uses it to answer a request once only, even when it fails after answering, and to store
// the first answer of a mutating request for its replays (app/request_answers.hpp). Only such a
// request's answer is copied (a query's, say a reachable area of a few hundred hexes, is not:
// issue 15, the copies were 3% of the server's CPU under load).
#pragma once

#include "app/outbound.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <optional>

namespace hd::server {

class AnswerWatch : public Outbound {
 public:
  explicit AnswerWatch(Outbound& next) : next_(next) {}

  // Starts watching the request `request_id` of `connection` (forgetting the one watched before),
  // keeping a copy of its answer when `keep_answer`. Request id 0 is never watched: answers and
  // unasked messages cannot be told apart by it.
  void watch(ConnectionId connection, std::uint64_t request_id, bool keep_answer);
  // Whether the watched request has been sent its answer since watch().
  bool answered() const { return answered_; }
  // The first envelope sent to the watched request since watch(), if any and kept.
  const std::optional<hundred_days::v1::ServerEnvelope>& answer() const { return answer_; }

  void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) override;
  void send_to_all(const std::vector<ConnectionId>& connections,
                   const hundred_days::v1::ServerEnvelope& envelope) override;
  void close(ConnectionId connection, CloseRequest close) override;
  void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) override;

 private:
  Outbound& next_;
  ConnectionId connection_ = 0;
  std::uint64_t request_id_ = 0;
  bool keep_answer_ = false;
  bool answered_ = false;
  std::optional<hundred_days::v1::ServerEnvelope> answer_;
};

}  // namespace hd::server

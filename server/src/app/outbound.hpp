// How the application talks back to connections without knowing about sockets: the hub and the
// services behind it send envelopes and close connections by id. The live implementation is the
// session registry; tests record what would have been sent.
#pragma once

#include "connection_protocol.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hd::server {

using ConnectionId = std::uint64_t;

class Outbound {
 public:
  virtual ~Outbound() = default;
  // Queues one envelope for the connection; does nothing if it has gone. Safe from any thread.
  virtual void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) = 0;
  // The same for an envelope already encoded (hd::wire::encode): what HeldOutbound keeps, so that a
  // held envelope is neither copied nor encoded twice (issue 15). This default decodes it and
  // send()s it; the connections' registry queues the bytes as they are.
  virtual void send_encoded(ConnectionId connection, std::string encoded) {
    hundred_days::v1::ServerEnvelope envelope;
    if (!envelope.ParseFromString(encoded)) throw std::runtime_error("send_encoded: not a ServerEnvelope");
    send(connection, envelope);
  }
  // The same envelope to each of `connections` (issue 15: a fan-out's update shared by the
  // subscribers who see alike), so that it can be encoded once. This default send()s it to each, in
  // order. Safe from any thread.
  virtual void send_to_all(const std::vector<ConnectionId>& connections,
                           const hundred_days::v1::ServerEnvelope& envelope) {
    for (ConnectionId connection : connections)
      send(connection, envelope);
  }
  // Closes the connection once what is queued is written. Safe from any thread.
  virtual void close(ConnectionId connection, CloseRequest close) = 0;
  // Calls `drained` once at most `low_water` messages wait in the connection's write queue (at once
  // if that is so already), from the connection's own strand: the caller posts its work back where
  // it belongs. Never called if the connection has gone or goes first. One waits per connection: a
  // later call replaces one that has not fired. Pacing a long answer by the client's reading
  // (games/catch_up.hpp). Safe from any thread. This default has no queue and calls at once.
  virtual void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) {
    (void)connection;
    (void)low_water;
    drained();
  }
};

}  // namespace hd::server

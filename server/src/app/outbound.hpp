// How the application talks back to connections without knowing about sockets: the hub and the
// services behind it send envelopes and close connections by id. The live implementation is the
// session registry; tests record what would have been sent.
#pragma once

#include "connection_protocol.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>

namespace hd::server {

using ConnectionId = std::uint64_t;

class Outbound {
 public:
  virtual ~Outbound() = default;
  // Queues one envelope for the connection; does nothing if it has gone. Safe from any thread.
  virtual void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) = 0;
  // Closes the connection once what is queued is written. Safe from any thread.
  virtual void close(ConnectionId connection, CloseRequest close) = 0;
};

}  // namespace hd::server

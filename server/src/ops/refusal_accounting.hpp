// Every refusal the server sends is logged (event=request_refused with the connection, request id,
// code and message) and counted in the metrics, whichever part of the server refused.
#pragma once

#include "app/outbound.hpp"
#include "ops/metrics.hpp"

#include <hundred_days/v1/protocol.pb.h>

namespace hd::server {

// Logs and counts `envelope` if it is a refusal; does nothing otherwise.
void note_refusal(Metrics& metrics, ConnectionId connection,
                  const hundred_days::v1::ServerEnvelope& envelope);

// An Outbound that notes the refusals passing through it, then hands everything on to `next`.
// The hub puts it in front of the session registry, so the games' refusals are noted too.
class RefusalAccounting : public Outbound {
 public:
  RefusalAccounting(Outbound& next, Metrics& metrics) : next_(next), metrics_(metrics) {}

  void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) override;
  void close(ConnectionId connection, CloseRequest close) override;
  void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) override;

 private:
  Outbound& next_;
  Metrics& metrics_;
};

}  // namespace hd::server

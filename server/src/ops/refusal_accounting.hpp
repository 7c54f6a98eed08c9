// Every refusal the server sends is counted in the metrics, whichever part of the server refused,
// and logged (event=request_refused with the connection, client address, request id, code and
// message), except that of a flood of one code to one address only the first of each interval is
// logged and the rest are reported as a count (event=refusals_suppressed; ops/refusal_log_limiter.hpp).
#pragma once

#include "app/outbound.hpp"
#include "ops/metrics.hpp"
#include "ops/refusal_log_limiter.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <string>

namespace hd::server {

// Counts `envelope` if it is a refusal, and logs it unless `log_limiter` holds it back (sent to
// `client_address` on `connection`); logs the counts the limiter reports. Does nothing for others.
void note_refusal(Metrics& metrics, RefusalLogLimiter& log_limiter, ConnectionId connection,
                  std::string_view client_address, const hundred_days::v1::ServerEnvelope& envelope);

// An Outbound that notes the refusals passing through it, then hands everything on to `next`.
// The hub puts it in front of the session registry, so the games' refusals are noted too.
// `address_of` gives a connection's client address (empty if unknown); it is called on the sending thread.
class RefusalAccounting : public Outbound {
 public:
  using AddressOf = std::function<std::string(ConnectionId)>;

  RefusalAccounting(Outbound& next, Metrics& metrics, RefusalLogLimiter& log_limiter, AddressOf address_of)
      : next_(next), metrics_(metrics), log_limiter_(log_limiter), address_of_(std::move(address_of)) {}

  void send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) override;
  // A refusal is noted for each connection (sent one by one); anything else is handed on whole.
  void send_to_all(const std::vector<ConnectionId>& connections,
                   const hundred_days::v1::ServerEnvelope& envelope) override;
  void close(ConnectionId connection, CloseRequest close) override;
  void when_drained(ConnectionId connection, std::size_t low_water, std::function<void()> drained) override;

 private:
  Outbound& next_;
  Metrics& metrics_;
  RefusalLogLimiter& log_limiter_;
  AddressOf address_of_;
};

}  // namespace hd::server

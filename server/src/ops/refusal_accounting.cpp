#include "ops/refusal_accounting.hpp"

#include "log.hpp"
#include "ops/request_type.hpp"

#include <chrono>

namespace hd::server {

void note_refusal(Metrics& metrics, RefusalLogLimiter& log_limiter, ConnectionId connection,
                  std::string_view client_address, const hundred_days::v1::ServerEnvelope& envelope) {
  if (!envelope.has_refusal()) return;
  const auto& refusal = envelope.refusal();
  const std::string_view code = refusal_code_name(refusal.code());
  metrics.count_refusal(code);
  // An unknown address shares one entry per code: still bounded, never unlogged for long.
  const std::string_view address = client_address.empty() ? std::string_view("-") : client_address;
  const RefusalLogDecision decision = log_limiter.on_refusal(address, code, std::chrono::steady_clock::now());
  for (const SuppressedRefusals& summary : decision.summaries) {
    log_event(
        LogLevel::Warning, "refusals_suppressed",
        {{"client", summary.address}, {"code", summary.kind}, {"count", std::to_string(summary.count)}});
  }
  if (!decision.log) return;
  if (refusal.rule().empty()) {
    log_event(LogLevel::Warning, "request_refused",
              {{"connection", std::to_string(connection)},
               {"client", std::string(address)},
               {"request", std::to_string(envelope.request_id())},
               {"code", std::string(code)},
               {"message", refusal.message()}});
  } else {
    log_event(LogLevel::Warning, "request_refused",
              {{"connection", std::to_string(connection)},
               {"client", std::string(address)},
               {"request", std::to_string(envelope.request_id())},
               {"code", std::string(code)},
               {"rule", refusal.rule()},
               {"message", refusal.message()}});
  }
}

void RefusalAccounting::send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) {
  if (envelope.has_refusal())
    note_refusal(metrics_, log_limiter_, connection, address_of_(connection), envelope);
  next_.send(connection, envelope);
}

void RefusalAccounting::send_to_all(const std::vector<ConnectionId>& connections,
                                    const hundred_days::v1::ServerEnvelope& envelope) {
  if (envelope.has_refusal()) return Outbound::send_to_all(connections, envelope);
  next_.send_to_all(connections, envelope);
}

void RefusalAccounting::when_drained(ConnectionId connection, std::size_t low_water,
                                     std::function<void()> drained) {
  next_.when_drained(connection, low_water, std::move(drained));
}

void RefusalAccounting::close(ConnectionId connection, CloseRequest close) {
  next_.close(connection, std::move(close));
}

}  // namespace hd::server

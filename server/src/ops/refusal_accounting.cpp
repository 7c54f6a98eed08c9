#include "ops/refusal_accounting.hpp"

#include "log.hpp"
#include "ops/request_type.hpp"

namespace hd::server {

void note_refusal(Metrics& metrics, ConnectionId connection,
                  const hundred_days::v1::ServerEnvelope& envelope) {
  if (!envelope.has_refusal()) return;
  const auto& refusal = envelope.refusal();
  const std::string_view code = refusal_code_name(refusal.code());
  metrics.count_refusal(code);
  if (refusal.rule().empty()) {
    log_event(LogLevel::Warning, "request_refused",
              {{"connection", std::to_string(connection)},
               {"request", std::to_string(envelope.request_id())},
               {"code", std::string(code)},
               {"message", refusal.message()}});
  } else {
    log_event(LogLevel::Warning, "request_refused",
              {{"connection", std::to_string(connection)},
               {"request", std::to_string(envelope.request_id())},
               {"code", std::string(code)},
               {"rule", refusal.rule()},
               {"message", refusal.message()}});
  }
}

void RefusalAccounting::send(ConnectionId connection, const hundred_days::v1::ServerEnvelope& envelope) {
  note_refusal(metrics_, connection, envelope);
  next_.send(connection, envelope);
}

void RefusalAccounting::when_drained(ConnectionId connection, std::size_t low_water,
                                     std::function<void()> drained) {
  next_.when_drained(connection, low_water, std::move(drained));
}

void RefusalAccounting::close(ConnectionId connection, CloseRequest close) {
  next_.close(connection, std::move(close));
}

}  // namespace hd::server

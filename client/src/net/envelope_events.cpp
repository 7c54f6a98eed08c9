#include "net/envelope_events.hpp"

#include <hd/wire/hex_convert.hpp>

#include <memory>
#include <string>

namespace hd::client {
namespace {

namespace pb = hundred_days::v1;

ServerEvent welcome_event(const pb::Welcome& message) {
  // from_proto clamps each side to 99 (four-digit numbering, 2.2); an empty grid is left to reject.
  const engine::GridBounds grid = wire::from_proto(message.map_grid());
  if (grid.columns < 1 || grid.rows < 1) {
    return ConnectionFailed{"the server's welcome has an unusable map grid (" + std::to_string(grid.columns) +
                            "x" + std::to_string(grid.rows) + ")"};
  }
  WelcomeInfo welcome;
  welcome.server_name = message.server_name();
  welcome.server_id = message.server_id();
  welcome.protocol_version = message.protocol_version();
  welcome.connection_id = message.connection_id();
  welcome.map_grid = grid;
  return WelcomeReceived{std::move(welcome)};
}

ServerEvent refusal_event(const pb::Refusal& message, std::uint64_t request_id) {
  RefusalInfo refusal;
  refusal.code = static_cast<std::uint32_t>(message.code());
  refusal.code_name = pb::RefusalCode_IsValid(message.code())
                          ? pb::RefusalCode_Name(message.code())
                          : "REFUSAL_CODE_" + std::to_string(refusal.code);
  refusal.message = message.message();
  refusal.server_protocol_version = message.server_protocol_version();
  refusal.rule = message.rule();
  refusal.wire = message;
  return RefusalReceived{std::move(refusal), request_id};
}

}  // namespace

std::optional<ServerEvent> to_event(const pb::ServerEnvelope& envelope) {
  switch (envelope.body_case()) {
    case pb::ServerEnvelope::kWelcome:
      return welcome_event(envelope.welcome());
    case pb::ServerEnvelope::kRefusal:
      return refusal_event(envelope.refusal(), envelope.request_id());
    case pb::ServerEnvelope::kPong:
      return std::nullopt;
    case pb::ServerEnvelope::BODY_NOT_SET:
      return std::nullopt;
    default:  // accounts, lobby, games, queries and chat: the model reads them as they are
      break;
  }
  return EnvelopeReceived{std::make_shared<const pb::ServerEnvelope>(envelope)};
}

}  // namespace hd::client

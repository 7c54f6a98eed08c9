#include "connection_protocol.hpp"

#include "ops/request_type.hpp"

#include <hd/engine/board/hex.hpp>
#include <hd/wire/frame_codec.hpp>
#include <hd/wire/hex_convert.hpp>
#include <hd/wire/protocol_version.hpp>

namespace hd::server {
namespace {

namespace v1 = hundred_days::v1;

ProtocolReply refuse(std::uint64_t request_id, v1::RefusalCode code, std::string message,
                     std::optional<CloseRequest> close = std::nullopt) {
  ProtocolReply reply;
  v1::ServerEnvelope& envelope = reply.messages.emplace_back();
  envelope.set_request_id(request_id);
  v1::Refusal* refusal = envelope.mutable_refusal();
  refusal->set_code(code);
  refusal->set_message(std::move(message));
  refusal->set_server_protocol_version(hd::wire::kProtocolVersion);
  reply.close = std::move(close);
  return reply;
}

}  // namespace

ConnectionProtocol::ConnectionProtocol(ServerFacts facts, std::uint64_t connection_id,
                                       std::size_t max_message_bytes, RateLimit rate_limit,
                                       std::chrono::steady_clock::time_point now,
                                       AddressRateLimiter* per_address, std::string client_address)
    : facts_(std::move(facts)),
      connection_id_(connection_id),
      max_message_bytes_(max_message_bytes),
      rate_limiter_(rate_limit, now),
      per_address_(per_address),
      client_address_(std::move(client_address)) {}

ProtocolReply ConnectionProtocol::on_frame(std::string_view bytes, bool binary,
                                           std::chrono::steady_clock::time_point now) {
  if (!binary) {
    return refuse(0, v1::REFUSAL_CODE_MALFORMED,
                  "text frames are not part of the protocol; send binary envelopes",
                  CloseRequest{kCloseUnsupportedData, "text frames are not accepted"});
  }
  const auto decoded = hd::wire::decode_client_envelope(bytes, max_message_bytes_);
  if (!decoded) {
    return refuse(0, v1::REFUSAL_CODE_MALFORMED, decoded.error,
                  CloseRequest{kCloseInvalidPayload, "malformed envelope"});
  }
  const std::string_view type = request_type_name(*decoded.envelope);
  const RateDecision decision = rate_limiter_.on_request(now);
  ProtocolReply reply;
  if (decision == RateDecision::Allow && per_address_ && !per_address_->allow(client_address_, now)) {
    // The address's shared bucket is empty (issue 12): refused, not counted against this connection.
    const RateLimit& shared = per_address_->limit();
    reply = refuse(decoded.envelope->request_id(), v1::REFUSAL_CODE_RATE_LIMITED,
                   "too many requests from your address: at most " + std::to_string(shared.per_second) +
                       " a second over all its connections (bursts of " + std::to_string(shared.burst) +
                       "); this request was not handled");
  } else if (decision == RateDecision::Allow) {
    reply = on_envelope(*decoded.envelope);
  } else {
    const std::string message = "too many requests: at most " +
                                std::to_string(rate_limiter_.limit().per_second) + " a second (bursts of " +
                                std::to_string(rate_limiter_.limit().burst) +
                                "); this request was not handled";
    std::optional<CloseRequest> close;
    if (decision == RateDecision::Close) close = CloseRequest{kClosePolicyViolation, "rate limit exceeded"};
    reply = refuse(decoded.envelope->request_id(), v1::REFUSAL_CODE_RATE_LIMITED, message, std::move(close));
  }
  reply.request_type = type;
  return reply;
}

ProtocolReply ConnectionProtocol::on_envelope(const v1::ClientEnvelope& envelope) {
  const std::uint64_t id = envelope.request_id();
  switch (envelope.body_case()) {
    case v1::ClientEnvelope::kHello: {
      if (welcomed_)
        return refuse(id, v1::REFUSAL_CODE_DUPLICATE_HELLO, "this connection has already said Hello");
      if (envelope.hello().client_name().size() > kMaxClientNameBytes) {
        return refuse(id, v1::REFUSAL_CODE_INVALID_REQUEST,
                      "the client name has at most " + std::to_string(kMaxClientNameBytes) + " bytes",
                      CloseRequest{kClosePolicyViolation, "client name too long"});
      }
      const std::uint32_t version = envelope.hello().protocol_version();
      if (version != hd::wire::kProtocolVersion) {
        return refuse(id, v1::REFUSAL_CODE_PROTOCOL_VERSION,
                      "protocol version " + std::to_string(version) +
                          " is not supported; this server speaks " +
                          std::to_string(hd::wire::kProtocolVersion),
                      CloseRequest{kClosePolicyViolation, "unsupported protocol version"});
      }
      welcomed_ = true;
      ProtocolReply reply;
      v1::ServerEnvelope& answer = reply.messages.emplace_back();
      answer.set_request_id(id);
      v1::Welcome* welcome = answer.mutable_welcome();
      welcome->set_protocol_version(hd::wire::kProtocolVersion);
      welcome->set_server_name(facts_.server_name);
      welcome->set_server_id(facts_.server_id);
      welcome->set_connection_id(connection_id_);
      *welcome->mutable_map_grid() = hd::wire::to_proto(hd::engine::kNlbGrid);
      return reply;
    }
    case v1::ClientEnvelope::kPing: {
      if (!welcomed_) {
        return refuse(id, v1::REFUSAL_CODE_HELLO_REQUIRED, "say Hello first",
                      CloseRequest{kClosePolicyViolation, "Hello required"});
      }
      ProtocolReply reply;
      v1::ServerEnvelope& answer = reply.messages.emplace_back();
      answer.set_request_id(id);
      answer.mutable_pong()->set_nonce(envelope.ping().nonce());
      return reply;
    }
    case v1::ClientEnvelope::BODY_NOT_SET:
      break;
    default:
      if (!welcomed_) break;
      ProtocolReply reply;
      reply.forward = envelope;
      return reply;
  }
  if (!welcomed_) {
    return refuse(id, v1::REFUSAL_CODE_HELLO_REQUIRED, "say Hello first",
                  CloseRequest{kClosePolicyViolation, "Hello required"});
  }
  return refuse(id, v1::REFUSAL_CODE_EMPTY_BODY, "the envelope carries no message this server knows");
}

}  // namespace hd::server

// What one connection may say, and what the server answers: the protocol's state machine, kept free
// of sockets so it can be tested alone. Hello must come first and name our protocol version.
#pragma once

#include "ops/address_rate_limiter.hpp"
#include "ops/request_rate_limiter.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

// The longest Hello client name (docs/protocol.md).
inline constexpr std::size_t kMaxClientNameBytes = 64;

// WebSocket close codes the protocol uses (RFC 6455, 7.4.1).
inline constexpr std::uint16_t kCloseUnsupportedData = 1003;  // a text frame
inline constexpr std::uint16_t kCloseInvalidPayload = 1007;   // bytes that are not an envelope
inline constexpr std::uint16_t kClosePolicyViolation = 1008;  // protocol misuse (version, order)
inline constexpr std::uint16_t kCloseGoingAway = 1001;        // server shutting down
inline constexpr std::uint16_t kCloseInternalError = 1011;    // a message could not be queued: resume

struct CloseRequest {
  std::uint16_t code = 0;
  std::string reason;  // at most 123 bytes (a close frame's limit)
};

// Messages to send, in order, then optionally a close; or a request for the application (the hub).
struct ProtocolReply {
  std::vector<hundred_days::v1::ServerEnvelope> messages;
  std::optional<CloseRequest> close;
  std::optional<hundred_days::v1::ClientEnvelope> forward;  // an application request after the Welcome
  std::string_view request_type;  // the decoded request's type (request_type_name), empty if undecodable
};

// Facts about this server put in every Welcome.
struct ServerFacts {
  std::string server_name;
  std::string server_id;
};

class ConnectionProtocol {
 public:
  // Every decoded request is counted against `rate_limit`, from the Hello on, and, when `per_address`
  // is given (it must outlive this), against the client address's shared bucket too.
  ConnectionProtocol(ServerFacts facts, std::uint64_t connection_id, std::size_t max_message_bytes,
                     RateLimit rate_limit = {},
                     std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now(),
                     AddressRateLimiter* per_address = nullptr, std::string client_address = {});

  // Handles one complete frame from the peer, arriving at `now`. A request over the rate limit is
  // refused with RATE_LIMITED and not handled; one that keeps flooding also closes with 1008.
  ProtocolReply on_frame(std::string_view bytes, bool binary,
                         std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());

  bool welcomed() const { return welcomed_; }

 private:
  ProtocolReply on_envelope(const hundred_days::v1::ClientEnvelope& envelope);

  ServerFacts facts_;
  std::uint64_t connection_id_;
  std::size_t max_message_bytes_;
  RequestRateLimiter rate_limiter_;
  AddressRateLimiter* per_address_;
  std::string client_address_;
  bool welcomed_ = false;
};

}  // namespace hd::server

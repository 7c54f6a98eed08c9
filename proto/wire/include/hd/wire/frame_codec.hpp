// Encoding and decoding of whole WebSocket frames: one envelope per binary frame.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <string>
#include <string_view>

namespace hd::wire {

// A decoded envelope, or the reason the bytes were not one.
template <typename Envelope>
struct Decoded {
  std::optional<Envelope> envelope;
  std::string error;  // empty when envelope is set

  explicit operator bool() const { return envelope.has_value(); }
};

std::string encode(const hundred_days::v1::ClientEnvelope& envelope);
std::string encode(const hundred_days::v1::ServerEnvelope& envelope);

// Untrusted bytes from a peer. Fails on anything protobuf cannot parse or larger than max_bytes.
Decoded<hundred_days::v1::ClientEnvelope> decode_client_envelope(std::string_view bytes,
                                                                 std::size_t max_bytes);
Decoded<hundred_days::v1::ServerEnvelope> decode_server_envelope(std::string_view bytes,
                                                                 std::size_t max_bytes);

}  // namespace hd::wire

#include <hd/wire/frame_codec.hpp>

#include <limits>

namespace hd::wire {
namespace {

template <typename Envelope>
Decoded<Envelope> decode(std::string_view bytes, std::size_t max_bytes) {
  Decoded<Envelope> result;
  if (bytes.size() > max_bytes) {
    result.error = "frame of " + std::to_string(bytes.size()) + " bytes exceeds the limit of " +
                   std::to_string(max_bytes);
    return result;
  }
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    result.error = "frame too large to parse";
    return result;
  }
  Envelope envelope;
  if (!envelope.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    result.error = "frame is not a well-formed envelope";
    return result;
  }
  result.envelope = std::move(envelope);
  return result;
}

}  // namespace

std::string encode(const hundred_days::v1::ClientEnvelope& envelope) {
  return envelope.SerializeAsString();
}
std::string encode(const hundred_days::v1::ServerEnvelope& envelope) {
  return envelope.SerializeAsString();
}

Decoded<hundred_days::v1::ClientEnvelope> decode_client_envelope(std::string_view bytes,
                                                                 std::size_t max_bytes) {
  return decode<hundred_days::v1::ClientEnvelope>(bytes, max_bytes);
}

Decoded<hundred_days::v1::ServerEnvelope> decode_server_envelope(std::string_view bytes,
                                                                 std::size_t max_bytes) {
  return decode<hundred_days::v1::ServerEnvelope>(bytes, max_bytes);
}

}  // namespace hd::wire

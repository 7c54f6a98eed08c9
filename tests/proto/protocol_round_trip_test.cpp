// The wire protocol: envelopes survive encode/decode, hexes convert both ways, bad bytes are refused.
#include <hd/wire/frame_codec.hpp>
#include <hd/wire/hex_convert.hpp>
#include <hd/wire/protocol_version.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using hd::wire::decode_client_envelope;
using hd::wire::decode_server_envelope;
using hd::wire::encode;

TEST_CASE("a Hello envelope round-trips", "[proto]") {
  v1::ClientEnvelope sent;
  sent.set_request_id(42);
  sent.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
  sent.mutable_hello()->set_client_name("test-client");
  const auto decoded = decode_client_envelope(encode(sent), hd::wire::kDefaultMaxMessageBytes);
  REQUIRE(decoded);
  CHECK(decoded.error.empty());
  CHECK(decoded.envelope->request_id() == 42);
  REQUIRE(decoded.envelope->body_case() == v1::ClientEnvelope::kHello);
  CHECK(decoded.envelope->hello().protocol_version() == hd::wire::kProtocolVersion);
  CHECK(decoded.envelope->hello().client_name() == "test-client");
}

TEST_CASE("Welcome and Refusal envelopes round-trip", "[proto]") {
  v1::ServerEnvelope welcome;
  welcome.set_request_id(7);
  auto* body = welcome.mutable_welcome();
  body->set_protocol_version(1);
  body->set_server_name("Hundred Days");
  body->set_server_id("0123456789abcdef0123456789abcdef");
  body->set_connection_id(3);
  *body->mutable_map_grid() = hd::wire::to_proto(hd::engine::kNlbGrid);
  const auto w = decode_server_envelope(encode(welcome), hd::wire::kDefaultMaxMessageBytes);
  REQUIRE(w);
  REQUIRE(w.envelope->body_case() == v1::ServerEnvelope::kWelcome);
  CHECK(w.envelope->welcome().server_id() == "0123456789abcdef0123456789abcdef");
  CHECK(hd::wire::from_proto(w.envelope->welcome().map_grid()).columns == 57);
  CHECK(hd::wire::from_proto(w.envelope->welcome().map_grid()).rows == 67);

  v1::ServerEnvelope refusal;
  refusal.set_request_id(8);
  refusal.mutable_refusal()->set_code(v1::REFUSAL_CODE_PROTOCOL_VERSION);
  refusal.mutable_refusal()->set_message("speak version 1");
  refusal.mutable_refusal()->set_server_protocol_version(1);
  const auto r = decode_server_envelope(encode(refusal), hd::wire::kDefaultMaxMessageBytes);
  REQUIRE(r);
  CHECK(r.envelope->refusal().code() == v1::REFUSAL_CODE_PROTOCOL_VERSION);
  CHECK(r.envelope->refusal().message() == "speak version 1");
}

TEST_CASE("hexes convert to the wire and back, checked against the grid", "[proto]") {
  for (int c = 1; c <= 57; c += 7) {
    for (int r = 1; r <= 67; r += 5) {
      const hd::engine::Hex hex{c, r};
      CHECK(hd::wire::from_proto(hd::wire::to_proto(hex), hd::engine::kNlbGrid) == hex);
    }
  }
  v1::HexCoord off_map;
  off_map.set_column(58);
  off_map.set_row(1);
  CHECK_FALSE(hd::wire::from_proto(off_map, hd::engine::kNlbGrid));
  off_map.set_column(4000000000u);
  CHECK_FALSE(hd::wire::from_proto(off_map, hd::engine::kNlbGrid));
  off_map.set_column(0);
  CHECK_FALSE(hd::wire::from_proto(off_map, hd::engine::kNlbGrid));
}

TEST_CASE("bytes that are not an envelope are refused with a reason", "[proto]") {
  const std::string garbage("\xff\xff\xff\xff\xff\xff", 6);
  const auto bad = decode_client_envelope(garbage, hd::wire::kDefaultMaxMessageBytes);
  CHECK_FALSE(bad);
  CHECK_FALSE(bad.error.empty());

  // A length-delimited field claiming more bytes than the frame holds.
  const std::string truncated("\x12\x50\x08\x01", 4);
  CHECK_FALSE(decode_client_envelope(truncated, hd::wire::kDefaultMaxMessageBytes));

  v1::ClientEnvelope big;
  big.mutable_hello()->set_client_name(std::string(200, 'x'));
  const auto too_big = decode_client_envelope(encode(big), 100);
  CHECK_FALSE(too_big);
  CHECK(too_big.error.find("exceeds the limit") != std::string::npos);
}

TEST_CASE("an envelope from a newer protocol parses with no known body", "[proto]") {
  // Field 99 (varint) is unknown to this version: the envelope parses, its body is unset, and the
  // server answers it with REFUSAL_CODE_EMPTY_BODY rather than guessing.
  const std::string future("\x08\x05\x98\x06\x01", 5);
  const auto decoded = decode_client_envelope(future, hd::wire::kDefaultMaxMessageBytes);
  REQUIRE(decoded);
  CHECK(decoded.envelope->request_id() == 5);
  CHECK(decoded.envelope->body_case() == v1::ClientEnvelope::BODY_NOT_SET);
}

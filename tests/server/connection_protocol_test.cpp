// The connection protocol state machine: Hello first with our version, then requests; bad frames
// get a refusal and a defined close code.
#include "connection_protocol.hpp"

#include <hd/wire/frame_codec.hpp>
#include <hd/wire/protocol_version.hpp>

#include <catch2/catch.hpp>

namespace v1 = hundred_days::v1;
using hd::server::ConnectionProtocol;
using hd::server::ServerFacts;

namespace {

ConnectionProtocol make_protocol() {
  return ConnectionProtocol(ServerFacts{"Test server", "00112233445566778899aabbccddeeff"}, 9, 64 * 1024);
}

std::string hello_frame(std::uint32_t version, std::uint64_t request_id = 1) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_hello()->set_protocol_version(version);
  envelope.mutable_hello()->set_client_name("unit");
  return hd::wire::encode(envelope);
}

std::string ping_frame(std::uint64_t nonce, std::uint64_t request_id) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_ping()->set_nonce(nonce);
  return hd::wire::encode(envelope);
}

}  // namespace

TEST_CASE("Hello with our version is welcomed with the server's facts and the map grid", "[protocol]") {
  auto protocol = make_protocol();
  const auto reply = protocol.on_frame(hello_frame(hd::wire::kProtocolVersion, 5), true);
  REQUIRE(reply.messages.size() == 1);
  CHECK_FALSE(reply.close);
  const auto& answer = reply.messages[0];
  CHECK(answer.request_id() == 5);
  REQUIRE(answer.has_welcome());
  CHECK(answer.welcome().protocol_version() == hd::wire::kProtocolVersion);
  CHECK(answer.welcome().server_name() == "Test server");
  CHECK(answer.welcome().server_id() == "00112233445566778899aabbccddeeff");
  CHECK(answer.welcome().connection_id() == 9);
  CHECK(answer.welcome().map_grid().columns() == 57);
  CHECK(answer.welcome().map_grid().rows() == 67);
  CHECK(protocol.welcomed());
}

TEST_CASE("a wrong protocol version is refused clearly and the connection closed", "[protocol]") {
  auto protocol = make_protocol();
  const auto reply = protocol.on_frame(hello_frame(hd::wire::kProtocolVersion + 1, 3), true);
  REQUIRE(reply.messages.size() == 1);
  REQUIRE(reply.messages[0].has_refusal());
  CHECK(reply.messages[0].request_id() == 3);
  CHECK(reply.messages[0].refusal().code() == v1::REFUSAL_CODE_PROTOCOL_VERSION);
  CHECK(reply.messages[0].refusal().server_protocol_version() == hd::wire::kProtocolVersion);
  CHECK(reply.messages[0].refusal().message().find("not supported") != std::string::npos);
  REQUIRE(reply.close);
  CHECK(reply.close->code == hd::server::kClosePolicyViolation);
  CHECK_FALSE(protocol.welcomed());
}

TEST_CASE("requests before Hello are refused and close the connection", "[protocol]") {
  auto protocol = make_protocol();
  const auto reply = protocol.on_frame(ping_frame(77, 2), true);
  REQUIRE(reply.messages.size() == 1);
  CHECK(reply.messages[0].refusal().code() == v1::REFUSAL_CODE_HELLO_REQUIRED);
  REQUIRE(reply.close);
  CHECK(reply.close->code == hd::server::kClosePolicyViolation);
}

TEST_CASE("after Hello, Ping is answered and a second Hello is refused without closing", "[protocol]") {
  auto protocol = make_protocol();
  protocol.on_frame(hello_frame(hd::wire::kProtocolVersion), true);
  const auto pong = protocol.on_frame(ping_frame(1234, 8), true);
  REQUIRE(pong.messages.size() == 1);
  CHECK(pong.messages[0].request_id() == 8);
  CHECK(pong.messages[0].pong().nonce() == 1234);
  CHECK_FALSE(pong.close);

  const auto again = protocol.on_frame(hello_frame(hd::wire::kProtocolVersion, 9), true);
  REQUIRE(again.messages.size() == 1);
  CHECK(again.messages[0].refusal().code() == v1::REFUSAL_CODE_DUPLICATE_HELLO);
  CHECK_FALSE(again.close);
}

TEST_CASE("an envelope with no known body is refused without closing", "[protocol]") {
  auto protocol = make_protocol();
  protocol.on_frame(hello_frame(hd::wire::kProtocolVersion), true);
  v1::ClientEnvelope empty;
  empty.set_request_id(4);
  const auto reply = protocol.on_frame(hd::wire::encode(empty), true);
  REQUIRE(reply.messages.size() == 1);
  CHECK(reply.messages[0].request_id() == 4);
  CHECK(reply.messages[0].refusal().code() == v1::REFUSAL_CODE_EMPTY_BODY);
  CHECK_FALSE(reply.close);
}

TEST_CASE("malformed and text frames get a refusal and a defined close code", "[protocol]") {
  auto protocol = make_protocol();
  const auto garbage = protocol.on_frame(std::string("\xff\xff\xff\xff", 4), true);
  REQUIRE(garbage.close);
  CHECK(garbage.close->code == hd::server::kCloseInvalidPayload);
  CHECK(garbage.messages.at(0).refusal().code() == v1::REFUSAL_CODE_MALFORMED);

  auto other = make_protocol();
  const auto text = other.on_frame("hello", false);
  REQUIRE(text.close);
  CHECK(text.close->code == hd::server::kCloseUnsupportedData);
  CHECK(text.messages.at(0).refusal().code() == v1::REFUSAL_CODE_MALFORMED);
}

TEST_CASE("requests over the rate limit are refused RATE_LIMITED and not handled", "[protocol][limits]") {
  using namespace std::chrono_literals;
  const auto start = std::chrono::steady_clock::time_point{} + 100s;
  ConnectionProtocol protocol(ServerFacts{"Test server", "00112233445566778899aabbccddeeff"}, 9, 64 * 1024,
                              hd::server::RateLimit{1, 2, 3, 10s}, start);
  REQUIRE(
      protocol.on_frame(hello_frame(hd::wire::kProtocolVersion, 1), true, start).messages[0].has_welcome());
  const auto allowed = protocol.on_frame(ping_frame(5, 2), true, start);
  REQUIRE(allowed.messages.size() == 1);
  CHECK(allowed.messages[0].pong().nonce() == 5);
  CHECK(allowed.request_type == "ping");

  const auto refused = protocol.on_frame(ping_frame(6, 3), true, start);
  REQUIRE(refused.messages.size() == 1);
  CHECK(refused.messages[0].request_id() == 3);
  CHECK(refused.messages[0].refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED);
  CHECK_FALSE(refused.close);
  CHECK(refused.request_type == "ping");

  // A refused application request is not forwarded to the hub.
  v1::ClientEnvelope list;
  list.set_request_id(4);
  list.mutable_list_games();
  const auto not_forwarded = protocol.on_frame(hd::wire::encode(list), true, start + 1ms);
  CHECK_FALSE(not_forwarded.forward);
  CHECK(not_forwarded.messages[0].refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED);

  // The third refusal within the window closes the connection with 1008.
  const auto closing = protocol.on_frame(ping_frame(7, 5), true, start + 2ms);
  CHECK(closing.messages[0].refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED);
  REQUIRE(closing.close);
  CHECK(closing.close->code == hd::server::kClosePolicyViolation);
}

TEST_CASE("after a pause the rate limiter lets requests through again", "[protocol][limits]") {
  using namespace std::chrono_literals;
  const auto start = std::chrono::steady_clock::time_point{} + 100s;
  ConnectionProtocol protocol(ServerFacts{"Test server", "00112233445566778899aabbccddeeff"}, 9, 64 * 1024,
                              hd::server::RateLimit{1, 1, 10, 10s}, start);
  REQUIRE(
      protocol.on_frame(hello_frame(hd::wire::kProtocolVersion, 1), true, start).messages[0].has_welcome());
  CHECK(protocol.on_frame(ping_frame(1, 2), true, start).messages[0].has_refusal());
  const auto later = protocol.on_frame(ping_frame(2, 3), true, start + 1s);
  REQUIRE(later.messages.size() == 1);
  CHECK(later.messages[0].pong().nonce() == 2);
}

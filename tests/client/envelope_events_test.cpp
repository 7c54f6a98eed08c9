// Server envelopes become model events; untrusted grids are checked.
#include "net/envelope_events.hpp"

#include <hd/wire/protocol_version.hpp>

#include <catch2/catch.hpp>

namespace pb = hundred_days::v1;

TEST_CASE("a Welcome becomes WelcomeReceived with all its fields") {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(1);
  auto* welcome = envelope.mutable_welcome();
  welcome->set_protocol_version(hd::wire::kProtocolVersion);
  welcome->set_server_name("Mont-Saint-Jean");
  welcome->set_server_id("00112233445566778899aabbccddeeff");
  welcome->set_connection_id(42);
  welcome->mutable_map_grid()->set_columns(57);
  welcome->mutable_map_grid()->set_rows(67);

  const auto event = hd::client::to_event(envelope);
  REQUIRE(event);
  const auto* received = std::get_if<hd::client::WelcomeReceived>(&*event);
  REQUIRE(received);
  CHECK(received->welcome.server_name == "Mont-Saint-Jean");
  CHECK(received->welcome.server_id == "00112233445566778899aabbccddeeff");
  CHECK(received->welcome.protocol_version == hd::wire::kProtocolVersion);
  CHECK(received->welcome.connection_id == 42);
  CHECK(received->welcome.map_grid.columns == 57);
  CHECK(received->welcome.map_grid.rows == 67);
}

TEST_CASE("a Welcome with an empty map grid is a failure") {
  pb::ServerEnvelope envelope;
  envelope.mutable_welcome()->mutable_map_grid()->set_columns(57);
  const auto event = hd::client::to_event(envelope);
  REQUIRE(event);
  CHECK(std::holds_alternative<hd::client::ConnectionFailed>(*event));
}

TEST_CASE("a Refusal becomes RefusalReceived with its code's name") {
  pb::ServerEnvelope envelope;
  auto* refusal = envelope.mutable_refusal();
  refusal->set_code(pb::REFUSAL_CODE_PROTOCOL_VERSION);
  refusal->set_message("unsupported protocol version");
  refusal->set_server_protocol_version(1);
  const auto event = hd::client::to_event(envelope);
  REQUIRE(event);
  const auto* received = std::get_if<hd::client::RefusalReceived>(&*event);
  REQUIRE(received);
  CHECK(received->refusal.code == 1);
  CHECK(received->refusal.code_name == "REFUSAL_CODE_PROTOCOL_VERSION");
  CHECK(received->refusal.message == "unsupported protocol version");
  CHECK(received->refusal.server_protocol_version == 1);
}

TEST_CASE("Pong and empty envelopes change nothing") {
  pb::ServerEnvelope pong;
  pong.mutable_pong()->set_nonce(5);
  CHECK_FALSE(hd::client::to_event(pong));
  CHECK_FALSE(hd::client::to_event(pb::ServerEnvelope{}));
}

TEST_CASE("a refusal keeps its rule and the id of the refused request") {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(9);
  envelope.mutable_refusal()->set_code(pb::REFUSAL_CODE_RULE_VIOLATION);
  envelope.mutable_refusal()->set_rule("6.1");
  const auto event = hd::client::to_event(envelope);
  REQUIRE(event);
  const auto* received = std::get_if<hd::client::RefusalReceived>(&*event);
  REQUIRE(received);
  CHECK(received->request_id == 9);
  CHECK(received->refusal.rule == "6.1");
}

TEST_CASE("lobby and game messages reach the model as they are") {
  pb::ServerEnvelope envelope;
  envelope.set_request_id(4);
  envelope.mutable_game_snapshot()->set_game_id(12);
  const auto event = hd::client::to_event(envelope);
  REQUIRE(event);
  const auto* received = std::get_if<hd::client::EnvelopeReceived>(&*event);
  REQUIRE(received);
  REQUIRE(received->envelope);
  CHECK(received->envelope->request_id() == 4);
  CHECK(received->envelope->game_snapshot().game_id() == 12);
}

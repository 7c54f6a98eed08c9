// The client model changes only through server events, in the documented order.
#include "model/client_model.hpp"

#include <catch2/catch.hpp>

using hd::client::ClientModel;
using hd::client::ConnectionState;

namespace {

hd::client::WelcomeInfo sample_welcome() {
  hd::client::WelcomeInfo welcome;
  welcome.server_name = "Test server";
  welcome.server_id = "0123456789abcdef0123456789abcdef";
  welcome.protocol_version = 1;
  welcome.connection_id = 7;
  welcome.map_grid = hd::engine::kNlbGrid;
  return welcome;
}

}  // namespace

TEST_CASE("a new model is connecting to its server") {
  const ClientModel model("ws://127.0.0.1:1/");
  CHECK(model.state() == ConnectionState::Connecting);
  CHECK(model.server_url() == "ws://127.0.0.1:1/");
  CHECK_FALSE(model.welcome());
  CHECK_FALSE(model.refusal());
}

TEST_CASE("connected then welcomed keeps the welcome's contents") {
  ClientModel model("ws://h/");
  model.apply(hd::client::Connected{});
  CHECK(model.state() == ConnectionState::Connected);
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  REQUIRE(model.state() == ConnectionState::Welcomed);
  REQUIRE(model.welcome());
  CHECK(model.welcome()->server_name == "Test server");
  CHECK(model.welcome()->connection_id == 7);
  CHECK(model.welcome()->map_grid.columns == 57);
  CHECK(model.welcome()->map_grid.rows == 67);
}

TEST_CASE("a lost connection after the welcome is a failure that keeps the welcome") {
  ClientModel model("ws://h/");
  model.apply(hd::client::WelcomeReceived{sample_welcome()});
  model.apply(hd::client::ConnectionFailed{"the server closed the connection"});
  CHECK(model.state() == ConnectionState::Failed);
  CHECK(model.failure() == "the server closed the connection");
  CHECK(model.welcome());
}

TEST_CASE("the close that follows a refusal does not hide the refusal") {
  ClientModel model("ws://h/");
  model.apply(hd::client::Connected{});
  hd::client::RefusalInfo refusal;
  refusal.code = 1;
  refusal.message = "protocol version 9 is not spoken here";
  model.apply(hd::client::RefusalReceived{refusal});
  model.apply(hd::client::ConnectionFailed{"the server closed the connection"});
  CHECK(model.state() == ConnectionState::Refused);
  REQUIRE(model.refusal());
  CHECK(model.refusal()->message == "protocol version 9 is not spoken here");
  CHECK(model.failure().empty());
}

TEST_CASE("the first failure is the one reported") {
  ClientModel model("ws://h/");
  model.apply(hd::client::ConnectionFailed{"cannot connect"});
  model.apply(hd::client::ConnectionFailed{"something later"});
  model.apply(hd::client::Connected{});
  CHECK(model.state() == ConnectionState::Failed);
  CHECK(model.failure() == "cannot connect");
}

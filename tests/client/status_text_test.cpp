// What the status bar says in each connection state.
#include "view/status_text.hpp"

#include <catch2/catch.hpp>

using hd::client::ClientModel;
using hd::client::status_text;

TEST_CASE("the status line names the server while connecting") {
  ClientModel model("ws://127.0.0.1:4000/");
  CHECK_THAT(status_text(model), Catch::StartsWith("Connecting to ws://127.0.0.1:4000/"));
  model.apply(hd::client::Connected{});
  CHECK_THAT(status_text(model), Catch::StartsWith("Connected to ws://127.0.0.1:4000/"));
}

TEST_CASE("the status line shows the whole welcome") {
  ClientModel model("ws://h/");
  hd::client::WelcomeInfo welcome;
  welcome.server_name = "Quatre Bras";
  welcome.server_id = "0123456789abcdef0123456789abcdef";
  welcome.protocol_version = 1;
  welcome.connection_id = 3;
  welcome.map_grid = hd::engine::kNlbGrid;
  model.apply(hd::client::WelcomeReceived{welcome});
  const std::string text = status_text(model);
  CHECK_THAT(text, Catch::Contains("Quatre Bras"));
  CHECK_THAT(text, Catch::Contains("server id 0123456789abcdef0123456789abcdef"));
  CHECK_THAT(text, Catch::Contains("protocol v1"));
  CHECK_THAT(text, Catch::Contains("connection #3"));
  CHECK_THAT(text, Catch::Contains("map 57x67"));
}

TEST_CASE("the status line shows a refusal or a failure") {
  ClientModel refused("ws://h/");
  hd::client::RefusalInfo refusal;
  refusal.code_name = "REFUSAL_CODE_PROTOCOL_VERSION";
  refusal.message = "version 9 unknown";
  refusal.server_protocol_version = 1;
  refused.apply(hd::client::RefusalReceived{refusal});
  CHECK_THAT(status_text(refused), Catch::Contains("Refused") && Catch::Contains("version 9 unknown") &&
                                       Catch::Contains("REFUSAL_CODE_PROTOCOL_VERSION") &&
                                       Catch::Contains("server speaks protocol v1"));

  ClientModel failed("ws://h/");
  failed.apply(hd::client::ConnectionFailed{"cannot connect to h:80: Connection refused"});
  CHECK(status_text(failed) == "Connection failed: cannot connect to h:80: Connection refused");
}

TEST_CASE("server text is made printable and cut on a character boundary") {
  CHECK(hd::client::printable("a\nb\tc", 10) == "a b c");
  CHECK(hd::client::printable("abcdef", 4) == "abcd...");
  // "é" is two bytes (C3 A9); a cut inside it backs up to before it.
  CHECK(hd::client::printable("ab\xC3\xA9z", 3) == "ab...");
}

// The command line and the server URL it names.
#include "app/client_options.hpp"

#include "net/server_url.hpp"

#include <catch2/catch.hpp>

using hd::client::ClientOptions;
using hd::client::parse_options;
using hd::client::parse_server_url;

TEST_CASE("server URLs: ws scheme, host, optional port and path") {
  const auto full = parse_server_url("ws://127.0.0.1:8080/game");
  REQUIRE(full);
  CHECK(full->host == "127.0.0.1");
  CHECK(full->port == "8080");
  CHECK(full->target == "/game");

  const auto bare = parse_server_url("ws://example.org");
  REQUIRE(bare);
  CHECK(bare->host == "example.org");
  CHECK(bare->port == "80");
  CHECK(bare->target == "/");

  const auto secure = parse_server_url("wss://play.example.org/");  // issue 28
  REQUIRE(secure);
  CHECK(secure->tls);
  CHECK(secure->port == "443");
  CHECK_FALSE(bare->tls);
  const auto with_ca = parse_options({"--server", "wss://localhost:8443/", "--ca-file", "ca.pem"});
  REQUIRE(std::holds_alternative<ClientOptions>(with_ca));
  CHECK(std::get<ClientOptions>(with_ca).server.ca_file == "ca.pem");
  const auto ca_for_plain = parse_options({"--server", "ws://localhost:8765/", "--ca-file", "ca.pem"});
  REQUIRE(std::holds_alternative<std::string>(ca_for_plain));
  CHECK(std::get<std::string>(ca_for_plain) == "--ca-file is for a wss:// server");
  CHECK_FALSE(parse_server_url("http://example.org/"));
  CHECK_FALSE(parse_server_url("ws://:80/"));
  CHECK_FALSE(parse_server_url("ws://host:0/"));
  CHECK_FALSE(parse_server_url("ws://host:65536/"));
  CHECK_FALSE(parse_server_url("ws://host:80x/"));
  CHECK_FALSE(parse_server_url("ws://user@host/"));
}

TEST_CASE("options: all of them") {
  const auto parsed =
      parse_options({"--server", "ws://127.0.0.1:4000/", "--width", "1024", "--height", "600", "--font",
                     "/tmp/f.ttf", "--screenshot", "/tmp/s.png", "--screenshot-timeout-seconds", "7"});
  const auto* options = std::get_if<ClientOptions>(&parsed);
  REQUIRE(options);
  CHECK(options->server_text == "ws://127.0.0.1:4000/");
  CHECK(options->server.port == "4000");
  CHECK(options->width == 1024);
  CHECK(options->height == 600);
  CHECK(options->font_path == "/tmp/f.ttf");
  CHECK(options->screenshot_path == "/tmp/s.png");
  CHECK(options->screenshot_timeout_seconds == 7);
}

TEST_CASE("options: defaults") {
  const auto parsed = parse_options({"--server", "ws://h:1/"});
  const auto* options = std::get_if<ClientOptions>(&parsed);
  REQUIRE(options);
  CHECK(options->width == 1280);
  CHECK(options->height == 800);
  CHECK(options->font_path == hd::client::kDefaultFontPath);
  CHECK_FALSE(options->screenshot_path);
  CHECK(options->screenshot_timeout_seconds == 20);
  CHECK(options->record_dir == ".");
}

TEST_CASE("options: --record-dir names where an exported record goes") {
  const auto parsed = parse_options({"--server", "ws://h:1/", "--record-dir", "/tmp/records"});
  const auto* options = std::get_if<ClientOptions>(&parsed);
  REQUIRE(options);
  CHECK(options->record_dir == "/tmp/records");
}

TEST_CASE("options: --state-dir names where the saved session lives, --no-state keeps none (issue 16)") {
  const auto parsed = parse_options({"--server", "ws://h:1/", "--state-dir", "/tmp/state"});
  const auto* options = std::get_if<ClientOptions>(&parsed);
  REQUIRE(options);
  CHECK(options->state_dir == "/tmp/state");
  CHECK_FALSE(options->no_state);
  const auto none = parse_options({"--server", "ws://h:1/", "--no-state"});
  REQUIRE(std::get_if<ClientOptions>(&none));
  CHECK(std::get<ClientOptions>(none).no_state);
  CHECK(std::get<ClientOptions>(none).state_dir.empty());
  const auto both = parse_options({"--server", "ws://h:1/", "--no-state", "--state-dir", "/tmp/state"});
  REQUIRE(std::get_if<std::string>(&both));
  CHECK(std::get<std::string>(both) == "--state-dir and --no-state exclude each other");
}

TEST_CASE("options: mistakes are named") {
  auto error_of = [](std::vector<std::string> arguments) {
    const auto parsed = parse_options(arguments);
    const auto* error = std::get_if<std::string>(&parsed);
    return error ? *error : std::string();
  };
  CHECK_THAT(error_of({}), Catch::Contains("--server is required"));
  CHECK_THAT(error_of({"--server"}), Catch::Contains("missing value"));
  CHECK_THAT(error_of({"--server", "http://h/"}), Catch::Contains("ws://"));
  CHECK_THAT(error_of({"--server", "ws://h/", "--width", "wide"}), Catch::Contains("--width"));
  CHECK_THAT(error_of({"--server", "ws://h/", "--height", "10"}), Catch::Contains("--height"));
  CHECK_THAT(error_of({"--server", "ws://h/", "--screenshot-timeout-seconds", "0"}),
             Catch::Contains("--screenshot-timeout-seconds"));
  CHECK_THAT(error_of({"--server", "ws://h/", "--zoom", "2"}), Catch::Contains("unknown option '--zoom'"));
}

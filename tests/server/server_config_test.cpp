// Server configuration: safe defaults, flags, config files, and clear errors for bad settings.
#include "server_config.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using hd::server::parse_server_config;
using hd::server::ServerConfig;

TEST_CASE("defaults listen on loopback only", "[config]") {
  const auto parsed = parse_server_config({});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.listen_address == "127.0.0.1");
  CHECK(config.port == 8765);
  CHECK(config.max_message_bytes == 64 * 1024);
}

TEST_CASE("flags set values in both spellings", "[config]") {
  const auto parsed = parse_server_config({"--port", "0", "--database=x/y.sqlite", "--threads", "3"});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.port == 0);
  CHECK(config.database_path == "x/y.sqlite");
  CHECK(config.threads == 3);
}

TEST_CASE("a config file is read first and flags override it", "[config]") {
  const auto path = std::filesystem::temp_directory_path() / "hd-config-test.conf";
  {
    std::ofstream out(path);
    out << "# comment\nport = 9000\nname = Test Server  # trailing comment\nidle-timeout-seconds=30\n";
  }
  const auto parsed = parse_server_config({"--config", path.string(), "--port", "9100"});
  const auto& config = std::get<ServerConfig>(parsed);
  CHECK(config.port == 9100);
  CHECK(config.server_name == "Test Server");
  CHECK(config.idle_timeout == std::chrono::seconds(30));
  std::filesystem::remove(path);
}

TEST_CASE("bad settings are errors that name the problem", "[config]") {
  CHECK(std::get<std::string>(parse_server_config({"--port", "70000"})).find("port") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--port", "12a"})).find("12a") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--colour", "red"})).find("unknown setting") !=
        std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--port"})).find("missing value") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"stray"})).find("unexpected argument") != std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--max-message-bytes", "10"})).find("max-message-bytes") !=
        std::string::npos);
  CHECK(std::get<std::string>(parse_server_config({"--config", "/nonexistent/hd.conf"})).find("cannot read") !=
        std::string::npos);
}

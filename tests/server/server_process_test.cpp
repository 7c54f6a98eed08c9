// End-to-end: the real hd_server binary on loopback with a fresh SQLite file.
#include "server_process.hpp"

#include "build_paths.hpp"
#include "sqlite_rows.hpp"
#include "ws_test_client.hpp"

#include <hd/wire/protocol_version.hpp>

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

namespace v1 = hundred_days::v1;
using hd::test::query;
using hd::test::ServerOptions;
using hd::test::ServerProcess;
using hd::test::WsTestClient;

namespace {

std::vector<std::string> migration_files() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(hd::test::source_dir() + "/migrations")) {
    if (entry.path().extension() == ".sql") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::size_t count_occurrences(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++count;
  return count;
}

// Asserts that a connection still gets Pong for Ping after Hello.
void expect_server_still_serves(int port) {
  WsTestClient client(port);
  const auto welcome = client.hello(hd::wire::kProtocolVersion);
  REQUIRE(welcome);
  REQUIRE(welcome->has_welcome());
  v1::ClientEnvelope ping;
  ping.set_request_id(2);
  ping.mutable_ping()->set_nonce(99);
  client.send(ping);
  const auto pong = client.receive();
  REQUIRE(pong);
  CHECK(pong->pong().nonce() == 99);
}

}  // namespace

TEST_CASE("Hello gets a Welcome carrying the database's server id; migrations are recorded", "[e2e]") {
  ServerProcess server;
  WsTestClient client(server.port());
  const auto answer = client.hello(hd::wire::kProtocolVersion, 17);
  REQUIRE(answer);
  REQUIRE(answer->has_welcome());
  CHECK(answer->request_id() == 17);
  CHECK(answer->welcome().protocol_version() == hd::wire::kProtocolVersion);
  CHECK(answer->welcome().map_grid().columns() == 57);
  CHECK(answer->welcome().map_grid().rows() == 67);
  CHECK(answer->welcome().connection_id() >= 1);

  const auto ids = query(server.database_path(), "SELECT value FROM server_metadata WHERE key = 'server_id'");
  REQUIRE(ids.size() == 1);
  CHECK(answer->welcome().server_id() == ids[0]);

  const auto recorded =
      query(server.database_path(), "SELECT file_name FROM schema_migrations ORDER BY version");
  CHECK(recorded == migration_files());
  CHECK(query(server.database_path(), "PRAGMA journal_mode") == std::vector<std::string>{"wal"});
}

TEST_CASE("a restart keeps the server id and never re-applies a migration", "[e2e]") {
  std::filesystem::path directory;
  std::string first_id;
  std::vector<std::string> first_rows;
  {
    ServerProcess server;
    directory = server.directory();
    WsTestClient client(server.port());
    first_id = client.hello(hd::wire::kProtocolVersion)->welcome().server_id();
    first_rows = query(server.database_path(),
                       "SELECT version, file_name, checksum, applied_at FROM schema_migrations");
    CHECK(server.stop() == 0);
  }
  ServerProcess again(ServerOptions{{}, directory});
  WsTestClient client(again.port());
  CHECK(client.hello(hd::wire::kProtocolVersion)->welcome().server_id() == first_id);
  CHECK(query(again.database_path(),
              "SELECT version, file_name, checksum, applied_at FROM schema_migrations") == first_rows);
  // Both runs log into the same file: migrations were applied by the first run only.
  CHECK(count_occurrences(again.log(), "event=migration_applied") == migration_files().size());
}

TEST_CASE("a migration edited after it was applied stops the server with a clear error", "[e2e]") {
  std::filesystem::path directory;
  {
    ServerProcess server;
    directory = server.directory();
    server.stop();
    query(server.database_path(), "UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1");
  }
  CHECK_THROWS_WITH(ServerProcess(ServerOptions{{}, directory}), Catch::Contains("must never be edited"));
}

TEST_CASE("a wrong protocol version gets a clear refusal and close code 1008", "[e2e]") {
  ServerProcess server;
  WsTestClient client(server.port());
  const auto answer = client.hello(hd::wire::kProtocolVersion + 41, 3);
  REQUIRE(answer);
  REQUIRE(answer->has_refusal());
  CHECK(answer->refusal().code() == v1::REFUSAL_CODE_PROTOCOL_VERSION);
  CHECK(answer->refusal().server_protocol_version() == hd::wire::kProtocolVersion);
  CHECK_FALSE(client.receive());
  CHECK(client.close_code() == 1008);
}

TEST_CASE("a malformed frame closes that connection with 1007 and the server serves others", "[e2e]") {
  ServerProcess server;
  WsTestClient bystander(server.port());
  REQUIRE(bystander.hello(hd::wire::kProtocolVersion));

  WsTestClient attacker(server.port());
  REQUIRE(attacker.hello(hd::wire::kProtocolVersion));
  attacker.send_binary(std::string("\xff\xff\xff\xff\xff", 5));
  const auto refusal = attacker.receive();
  REQUIRE(refusal);
  CHECK(refusal->refusal().code() == v1::REFUSAL_CODE_MALFORMED);
  CHECK_FALSE(attacker.receive());
  CHECK(attacker.close_code() == 1007);

  v1::ClientEnvelope ping;
  ping.set_request_id(5);
  ping.mutable_ping()->set_nonce(7);
  bystander.send(ping);
  const auto pong = bystander.receive();
  REQUIRE(pong);
  CHECK(pong->pong().nonce() == 7);
  expect_server_still_serves(server.port());
}

TEST_CASE("an oversized frame closes that connection with 1009 and the server serves others", "[e2e]") {
  ServerProcess server;
  WsTestClient attacker(server.port());
  REQUIRE(attacker.hello(hd::wire::kProtocolVersion));
  attacker.send_binary(std::string(hd::wire::kDefaultMaxMessageBytes + 1, 'x'));
  CHECK_FALSE(attacker.receive());
  CHECK(attacker.close_code() == 1009);
  expect_server_still_serves(server.port());
  // The session logs it when its read fails, which may come after Beast's close frame reached us.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (server.log().find("event=frame_too_large") == std::string::npos &&
         std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(server.log().find("event=frame_too_large") != std::string::npos);
}

TEST_CASE("a text frame closes with 1003; requests before Hello close with 1008", "[e2e]") {
  ServerProcess server;
  WsTestClient texter(server.port());
  texter.send_text("{\"hello\": 1}");
  const auto refusal = texter.receive();
  REQUIRE(refusal);
  CHECK(refusal->refusal().code() == v1::REFUSAL_CODE_MALFORMED);
  CHECK_FALSE(texter.receive());
  CHECK(texter.close_code() == 1003);

  WsTestClient impatient(server.port());
  v1::ClientEnvelope ping;
  ping.set_request_id(1);
  ping.mutable_ping()->set_nonce(1);
  impatient.send(ping);
  const auto answer = impatient.receive();
  REQUIRE(answer);
  CHECK(answer->refusal().code() == v1::REFUSAL_CODE_HELLO_REQUIRED);
  CHECK_FALSE(impatient.receive());
  CHECK(impatient.close_code() == 1008);
  expect_server_still_serves(server.port());
}

TEST_CASE("SIGTERM closes open connections with 1001 and the server exits cleanly", "[e2e]") {
  ServerProcess server;
  WsTestClient client(server.port());
  REQUIRE(client.hello(hd::wire::kProtocolVersion));
  CHECK(server.stop(SIGTERM) == 0);
  CHECK_FALSE(client.receive());
  CHECK(client.close_code() == 1001);
  CHECK(server.log().find("event=shutdown_complete") != std::string::npos);
}

TEST_CASE("SIGINT also stops the server cleanly", "[e2e]") {
  ServerProcess server;
  CHECK(server.stop(SIGINT) == 0);
}

TEST_CASE("plain HTTP: /healthz answers ok, other paths 404", "[e2e]") {
  ServerProcess server;
  CHECK(hd::test::http_get(server.port(), "/healthz") == std::pair<int, std::string>{200, "ok\n"});
  CHECK(hd::test::http_get(server.port(), "/admin").first == 404);
  expect_server_still_serves(server.port());
}

TEST_CASE("bad command lines exit with status 2 and change nothing", "[e2e]") {
  const auto directory = hd::test::make_temp_directory("hd-bad-flags");
  const auto database = directory / "never.sqlite";
  CHECK(hd::test::run_process({hd::test::server_binary(), "--port", "99999", "--database", database.string()},
                              std::chrono::seconds(10)) == 2);
  CHECK(hd::test::run_process({hd::test::server_binary(), "--frobnicate", "1"}, std::chrono::seconds(10)) ==
        2);
  CHECK_FALSE(std::filesystem::exists(database));
}

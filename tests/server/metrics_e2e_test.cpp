// End-to-end metrics: GET /metrics on the server's port after real requests, parsed as Prometheus
// text; and who may read it.
#include "account_steps.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

namespace v1 = hundred_days::v1;
using hd::test::sample;
using hd::test::scrape;
using hd::test::ServerOptions;
using hd::test::ServerProcess;
using hd::test::WsTestClient;

TEST_CASE("/metrics counts connections, requests by type, refusals by code, latencies and commits",
          "[e2e][metrics]") {
  ServerProcess server(ServerOptions{hd::test::fast_hashing_args(), {}});
  const auto before = scrape(server.port());
  CHECK(before.at("hd_connections_open") == 0);
  CHECK(before.at("hd_connections_total") == 0);

  auto client = std::make_unique<WsTestClient>(server.port());
  hd::test::say_hello(*client);
  v1::ClientEnvelope ping;
  ping.set_request_id(2);
  ping.mutable_ping()->set_nonce(2);
  REQUIRE(hd::test::request(*client, ping).has_pong());
  REQUIRE(hd::test::register_account(*client, "Kellermann", "cuirassiers", 3).has_logged_in());
  REQUIRE(hd::test::login(*client, "Kellermann", "wrong-password", 4).has_refusal());
  REQUIRE(hd::test::login(*client, "Kellermann", "cuirassiers", 5).has_logged_in());
  WsTestClient second(server.port());
  hd::test::say_hello(second);
  v1::ClientEnvelope list;
  list.set_request_id(2);
  list.mutable_list_games();
  REQUIRE(hd::test::request(second, list).refusal().code() == v1::REFUSAL_CODE_LOGIN_REQUIRED);
  // The hub records a request's duration just after it answers: the scrape waits for the last one.
  REQUIRE(
      hd::test::metric_becomes(server.port(), "hd_request_duration_seconds_count{type=\"list_games\"}", 1));

  const auto after = scrape(server.port());
  CHECK(after.at("hd_connections_open") == 2);
  CHECK(after.at("hd_connections_total") == 2);
  CHECK(after.at("hd_requests_total{type=\"hello\"}") == 2);
  CHECK(after.at("hd_requests_total{type=\"ping\"}") == 1);
  CHECK(after.at("hd_requests_total{type=\"register_account\"}") == 1);
  CHECK(after.at("hd_requests_total{type=\"login\"}") == 2);
  CHECK(after.at("hd_requests_total{type=\"list_games\"}") == 1);
  CHECK(after.at("hd_refusals_total{code=\"BAD_CREDENTIALS\"}") == 1);
  CHECK(after.at("hd_refusals_total{code=\"LOGIN_REQUIRED\"}") == 1);
  CHECK(after.at("hd_request_duration_seconds_count{type=\"login\"}") == 2);
  CHECK(after.at("hd_request_duration_seconds_bucket{type=\"login\",le=\"+Inf\"}") == 2);
  CHECK(after.at("hd_request_duration_seconds_count{type=\"register_account\"}") == 1);
  CHECK(after.at("hd_request_duration_seconds_sum{type=\"register_account\"}") > 0);
  CHECK(after.at("hd_request_duration_seconds_count{type=\"list_games\"}") == 1);
  // Hello and Ping are answered by the connection itself, not the hub: no latency recorded.
  CHECK(sample(after, "hd_request_duration_seconds_count{type=\"ping\"}") == 0);
  // Register and each successful login commit a transaction (account and session rows).
  CHECK(after.at("hd_db_commit_duration_seconds_count") >= 2);
  CHECK(after.at("hd_db_commit_duration_seconds_bucket{le=\"+Inf\"}") ==
        after.at("hd_db_commit_duration_seconds_count"));

  client.reset();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (scrape(server.port()).at("hd_connections_open") != 1 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const auto closed = scrape(server.port());
  CHECK(closed.at("hd_connections_open") == 1);
  CHECK(closed.at("hd_connections_total") == 2);
}

TEST_CASE("/metrics answers only the allowed addresses", "[e2e][metrics]") {
  SECTION("behind a trusted proxy, the client named by X-Real-IP is checked") {
    ServerProcess server(ServerOptions{{"--trusted-proxies", "127.0.0.1"}, {}});
    CHECK(hd::test::http_get(server.port(), "/metrics").first == 200);
    CHECK(hd::test::http_get(server.port(), "/metrics", {{"X-Real-IP", "203.0.113.5"}}).first == 403);
    CHECK(server.log().find("event=metrics_refused client=203.0.113.5") != std::string::npos);
  }
  SECTION("an empty list closes it to everyone") {
    ServerProcess server(ServerOptions{{"--metrics-allowed-from="}, {}});
    CHECK(hd::test::http_get(server.port(), "/metrics").first == 403);
    CHECK(hd::test::http_get(server.port(), "/healthz").first == 200);
  }
}

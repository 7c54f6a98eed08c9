// Scraping a running server's GET /metrics from end-to-end tests. Header-only: its users link
// hd_ws_test_client and Catch2.
#pragma once

#include "prometheus_text.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <string>
#include <thread>

namespace hd::test {

// Every sample the server on `port` reports now (the request must answer 200).
inline std::map<std::string, double> scrape(int port) {
  const auto [status, body] = http_get(port, "/metrics");
  REQUIRE(status == 200);
  return parse_prometheus_text(body);
}

// One series' value now, 0 if absent.
inline double metric(int port, const std::string& series) {
  return sample(scrape(port), series);
}

// True once the series reads `value` (gauges are set just after the answers that change them);
// false if 10 s pass first.
inline bool metric_becomes(int port, const std::string& series, double value) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (metric(port, series) != value) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// Waits until `games` games of the server on `port` are finished (a game of built-in players plays
// on by itself), polling its metrics; fails the test if `limit` passes first.
inline void wait_until_finished(int port, std::chrono::seconds limit, double games = 1) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (metric(port, "hd_games{status=\"finished\"}") < games && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  REQUIRE(metric(port, "hd_games{status=\"finished\"}") == games);
}

}  // namespace hd::test

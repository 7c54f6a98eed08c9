// Scraping a running server's GET /metrics from end-to-end tests. Header-only: its users link
// hd_ws_test_client and Catch2.
#pragma once

#include "prometheus_text.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

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

}  // namespace hd::test

// The metrics' text exposition: Prometheus format 0.0.4, counters by label, cumulative histograms.
#include "ops/metrics.hpp"

#include "ops/request_type.hpp"
#include "prometheus_text.hpp"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace hd::server;
using namespace std::chrono_literals;
using hd::test::parse_prometheus_text;
using hd::test::sample;

TEST_CASE("a fresh Metrics renders every family with zero values", "[metrics]") {
  Metrics metrics;
  const std::string text = metrics.render();
  const auto samples = parse_prometheus_text(text);
  CHECK(samples.at("hd_connections_open") == 0);
  CHECK(samples.at("hd_connections_total") == 0);
  CHECK(samples.at("hd_games{status=\"running\"}") == 0);
  CHECK(samples.at("hd_actions_total") == 0);
  CHECK(samples.at("hd_db_commit_duration_seconds_count") == 0);
  CHECK(samples.at("hd_db_commit_duration_seconds_bucket{le=\"+Inf\"}") == 0);
  for (const char* family : {"hd_connections_open gauge", "hd_requests_total counter",
                             "hd_refusals_total counter", "hd_request_duration_seconds histogram",
                             "hd_db_commit_duration_seconds histogram", "hd_games gauge"}) {
    CHECK(text.find(std::string("# TYPE ") + family + "\n") != std::string::npos);
  }
}

TEST_CASE("counters, gauges and histograms report what was recorded", "[metrics]") {
  Metrics metrics;
  metrics.connection_opened();
  metrics.connection_opened();
  metrics.connection_closed();
  metrics.count_request("login");
  metrics.count_request("login");
  metrics.count_request("ping");
  metrics.count_refusal("BAD_CREDENTIALS");
  metrics.count_upgrade_refused("origin");
  metrics.observe_request("login", 300us);  // in the 0.0005 bucket
  metrics.observe_request("login", 2ms);    // in the 0.0025 bucket
  metrics.observe_request("login", 20s);    // beyond the last bound: +Inf only
  metrics.observe_commit(50us);
  metrics.set_games(3, 2, 7);
  metrics.count_action();
  metrics.count_action();

  const auto samples = parse_prometheus_text(metrics.render());
  CHECK(samples.at("hd_connections_open") == 1);
  CHECK(samples.at("hd_connections_total") == 2);
  CHECK(samples.at("hd_requests_total{type=\"login\"}") == 2);
  CHECK(samples.at("hd_requests_total{type=\"ping\"}") == 1);
  CHECK(samples.at("hd_refusals_total{code=\"BAD_CREDENTIALS\"}") == 1);
  CHECK(samples.at("hd_upgrades_refused_total{reason=\"origin\"}") == 1);
  CHECK(samples.at("hd_request_duration_seconds_bucket{type=\"login\",le=\"0.0001\"}") == 0);
  CHECK(samples.at("hd_request_duration_seconds_bucket{type=\"login\",le=\"0.0005\"}") == 1);
  CHECK(samples.at("hd_request_duration_seconds_bucket{type=\"login\",le=\"0.0025\"}") == 2);
  CHECK(samples.at("hd_request_duration_seconds_bucket{type=\"login\",le=\"10\"}") == 2);
  CHECK(samples.at("hd_request_duration_seconds_bucket{type=\"login\",le=\"+Inf\"}") == 3);
  CHECK(samples.at("hd_request_duration_seconds_count{type=\"login\"}") == 3);
  CHECK(samples.at("hd_request_duration_seconds_sum{type=\"login\"}") == Approx(20.0023));
  CHECK(samples.at("hd_db_commit_duration_seconds_bucket{le=\"0.0001\"}") == 1);
  CHECK(samples.at("hd_games{status=\"open\"}") == 3);
  CHECK(samples.at("hd_games{status=\"running\"}") == 2);
  CHECK(samples.at("hd_games{status=\"finished\"}") == 7);
  CHECK(samples.at("hd_actions_total") == 2);
  CHECK(sample(samples, "hd_requests_total{type=\"logout\"}") == 0);
}

TEST_CASE("Metrics may be fed from many threads at once", "[metrics]") {
  Metrics metrics;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&metrics] {
      for (int i = 0; i < 1000; ++i) {
        metrics.count_request("submit_action");
        metrics.observe_request("submit_action", 1ms);
        metrics.count_action();
      }
    });
  }
  for (auto& thread : threads)
    thread.join();
  const auto samples = parse_prometheus_text(metrics.render());
  CHECK(samples.at("hd_requests_total{type=\"submit_action\"}") == 4000);
  CHECK(samples.at("hd_request_duration_seconds_count{type=\"submit_action\"}") == 4000);
  CHECK(samples.at("hd_actions_total") == 4000);
}

TEST_CASE("message types and refusal codes have short names", "[metrics]") {
  hundred_days::v1::ClientEnvelope envelope;
  CHECK(request_type_name(envelope) == "empty");
  envelope.mutable_submit_action();
  CHECK(request_type_name(envelope) == "submit_action");
  envelope.mutable_login();
  CHECK(request_type_name(envelope) == "login");
  CHECK(refusal_code_name(hundred_days::v1::REFUSAL_CODE_RATE_LIMITED) == "RATE_LIMITED");
  CHECK(refusal_code_name(static_cast<hundred_days::v1::RefusalCode>(999)) == "UNKNOWN");
}

// Floods of refusals in the log (issue 29, finding 6): the first refusal of a kind to an address is
// logged, the rest of its interval only counted and reported once; the table of entries is bounded.
#include "log.hpp"
#include "ops/metrics.hpp"
#include "ops/refusal_accounting.hpp"
#include "ops/refusal_log_limiter.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace hd::server;
using namespace std::chrono_literals;

namespace {

std::vector<std::string>& captured_lines() {
  static std::vector<std::string> lines;
  return lines;
}

void capture(std::string_view line) {
  captured_lines().emplace_back(line);
}

}  // namespace

TEST_CASE("the first refusal of a kind to an address is logged, the rest of the interval counted",
          "[limits][log]") {
  const auto start = RefusalLogLimiter::Clock::time_point{} + 1000s;
  RefusalLogLimiter limiter(RefusalLogLimits{10s, 100});
  const auto first = limiter.on_refusal("203.0.113.7", "RATE_LIMITED", start);
  CHECK(first.log);
  CHECK(first.summaries.empty());
  for (int i = 1; i <= 500; ++i) {
    const auto next = limiter.on_refusal("203.0.113.7", "RATE_LIMITED", start + i * 10ms);
    CHECK_FALSE(next.log);
    CHECK(next.summaries.empty());
  }
  // Another kind from the same address, and the same kind from another address, are their own.
  CHECK(limiter.on_refusal("203.0.113.7", "BUSY", start + 1s).log);
  CHECK(limiter.on_refusal("198.51.100.1", "RATE_LIMITED", start + 1s).log);
  CHECK(limiter.entries() == 3);

  // Once the interval is over, the next refusal is logged again and the count reported once.
  const auto later = limiter.on_refusal("203.0.113.7", "RATE_LIMITED", start + 10s);
  CHECK(later.log);
  REQUIRE(later.summaries.size() == 1);
  CHECK(later.summaries[0].address == "203.0.113.7");
  CHECK(later.summaries[0].kind == "RATE_LIMITED");
  CHECK(later.summaries[0].count == 500);
  // The two single refusals had nothing to report; their entries leave once their interval ends.
  const auto after = limiter.on_refusal("192.0.2.1", "BUSY", start + 11s);
  CHECK(after.log);
  CHECK(after.summaries.empty());
  CHECK(limiter.entries() == 2);
}

TEST_CASE("the table of (address, kind) entries is capped; the oldest is evicted with its count",
          "[limits][log]") {
  const auto start = RefusalLogLimiter::Clock::time_point{} + 1000s;
  RefusalLogLimiter limiter(RefusalLogLimits{10s, 3});
  CHECK(limiter.on_refusal("10.0.0.1", "RATE_LIMITED", start).log);
  CHECK_FALSE(limiter.on_refusal("10.0.0.1", "RATE_LIMITED", start).log);
  CHECK_FALSE(limiter.on_refusal("10.0.0.1", "RATE_LIMITED", start).log);
  for (int i = 2; i <= 1000; ++i) {
    const auto decision = limiter.on_refusal("10.0.0." + std::to_string(i), "RATE_LIMITED", start + 1ms);
    CHECK(decision.log);
    CHECK(limiter.entries() <= 3);
    if (i == 4) {  // the fourth address evicts the first, whose two held-back refusals are reported
      REQUIRE(decision.summaries.size() == 1);
      CHECK(decision.summaries[0].address == "10.0.0.1");
      CHECK(decision.summaries[0].count == 2);
    } else {
      CHECK(decision.summaries.empty());
    }
  }
  CHECK(limiter.entries() == 3);
}

TEST_CASE("note_refusal counts every refusal but logs a burst of one code to one address once",
          "[limits][log]") {
  captured_lines().clear();
  set_log_sink(&capture);
  Metrics metrics;
  RefusalLogLimiter limiter;
  hundred_days::v1::ServerEnvelope refusal;
  refusal.mutable_refusal()->set_code(hundred_days::v1::REFUSAL_CODE_RATE_LIMITED);
  refusal.mutable_refusal()->set_message("too many requests");
  for (std::uint64_t id = 1; id <= 1000; ++id) {
    refusal.set_request_id(id);
    note_refusal(metrics, limiter, 7, "203.0.113.7", refusal);
  }
  hundred_days::v1::ServerEnvelope pong;
  pong.mutable_pong()->set_nonce(1);
  note_refusal(metrics, limiter, 7, "203.0.113.7", pong);  // not a refusal: neither counted nor logged
  set_log_sink(nullptr);

  REQUIRE(captured_lines().size() == 1);
  CHECK(captured_lines()[0].find("event=request_refused") != std::string::npos);
  CHECK(captured_lines()[0].find("client=203.0.113.7") != std::string::npos);
  CHECK(captured_lines()[0].find("request=1 ") != std::string::npos);
  CHECK(metrics.render().find("hd_refusals_total{code=\"RATE_LIMITED\"} 1000") != std::string::npos);
}

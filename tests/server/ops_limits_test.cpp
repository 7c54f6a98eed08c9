// The per-connection limits as units: the request rate (token bucket and flood rule), the cap on
// connections per address, the Origin check and the client address behind a trusted proxy.
#include "ops/client_address.hpp"
#include "ops/connections_per_address.hpp"
#include "ops/origin_check.hpp"
#include "ops/request_rate_limiter.hpp"

#include <catch2/catch.hpp>

using namespace hd::server;
using namespace std::chrono_literals;

TEST_CASE("the rate limiter allows a burst, then the steady rate, and refuses the rest", "[limits]") {
  const auto start = RequestRateLimiter::Clock::time_point{} + 1000s;
  RequestRateLimiter limiter(RateLimit{10, 5, 100, 10s}, start);
  for (int i = 0; i < 5; ++i)
    CHECK(limiter.on_request(start) == RateDecision::Allow);
  CHECK(limiter.on_request(start) == RateDecision::Refuse);
  // 10 a second: one token every 100 ms.
  CHECK(limiter.on_request(start + 50ms) == RateDecision::Refuse);
  CHECK(limiter.on_request(start + 100ms) == RateDecision::Allow);
  CHECK(limiter.on_request(start + 100ms) == RateDecision::Refuse);
  // A quiet spell refills the bucket up to the burst, not beyond.
  const auto later = start + 60s;
  for (int i = 0; i < 5; ++i)
    CHECK(limiter.on_request(later) == RateDecision::Allow);
  CHECK(limiter.on_request(later) == RateDecision::Refuse);
}

TEST_CASE("a connection refused close-after times within the window is to be closed", "[limits]") {
  const auto start = RequestRateLimiter::Clock::time_point{} + 1000s;
  RequestRateLimiter limiter(RateLimit{1, 1, 3, 10s}, start);
  CHECK(limiter.on_request(start) == RateDecision::Allow);
  CHECK(limiter.on_request(start) == RateDecision::Refuse);
  CHECK(limiter.on_request(start + 1ms) == RateDecision::Refuse);
  CHECK(limiter.on_request(start + 2ms) == RateDecision::Close);
}

TEST_CASE("refusals older than the window do not count towards closing", "[limits]") {
  const auto start = RequestRateLimiter::Clock::time_point{} + 1000s;
  RequestRateLimiter limiter(RateLimit{1, 1, 3, 10s}, start);
  CHECK(limiter.on_request(start) == RateDecision::Allow);
  CHECK(limiter.on_request(start) == RateDecision::Refuse);
  CHECK(limiter.on_request(start + 1ms) == RateDecision::Refuse);
  // 20 s later: a token (spent), then refusals start counting afresh.
  const auto later = start + 20s;
  CHECK(limiter.on_request(later) == RateDecision::Allow);
  CHECK(limiter.on_request(later) == RateDecision::Refuse);
  CHECK(limiter.on_request(later + 1ms) == RateDecision::Refuse);
  CHECK(limiter.on_request(later + 2ms) == RateDecision::Close);
}

TEST_CASE("connections per address are capped and a place frees when its lease ends", "[limits]") {
  ConnectionsPerAddress caps(2);
  auto first = caps.try_acquire("192.0.2.1");
  auto second = caps.try_acquire("192.0.2.1");
  REQUIRE(first);
  REQUIRE(second);
  CHECK_FALSE(caps.try_acquire("192.0.2.1"));
  CHECK(caps.try_acquire("192.0.2.2"));  // another address has its own places (freed at once here)
  CHECK(caps.open_from("192.0.2.1") == 2);
  CHECK(caps.open_from("192.0.2.2") == 0);
  first.reset();
  CHECK(caps.open_from("192.0.2.1") == 1);
  auto third = caps.try_acquire("192.0.2.1");
  CHECK(third);
  // A moved lease holds one place, not two.
  ConnectionsPerAddress::Lease moved = std::move(*third);
  third.reset();
  CHECK(caps.open_from("192.0.2.1") == 2);
}

TEST_CASE("Origin: none (a native client) or one on the list may upgrade; others may not", "[limits]") {
  const std::vector<std::string> allowed{"https://play.example.org", "http://localhost:8080"};
  CHECK(origin_allowed(std::nullopt, allowed));
  CHECK(origin_allowed(std::nullopt, {}));
  CHECK(origin_allowed("https://play.example.org", allowed));
  CHECK(origin_allowed("HTTPS://Play.Example.org", allowed));
  CHECK(origin_allowed("http://localhost:8080", allowed));
  CHECK_FALSE(origin_allowed("http://localhost:8081", allowed));
  CHECK_FALSE(origin_allowed("https://evil.example", allowed));
  CHECK_FALSE(origin_allowed("https://play.example.org.evil.example", allowed));
  CHECK_FALSE(origin_allowed("null", allowed));
  CHECK_FALSE(origin_allowed("https://play.example.org", {}));
}

TEST_CASE("the client address is the TCP peer unless a trusted proxy names it in X-Real-IP", "[limits]") {
  const std::vector<std::string> proxies{"127.0.0.1"};
  CHECK(client_address("198.51.100.7", std::nullopt, proxies) == "198.51.100.7");
  CHECK(client_address("198.51.100.7", "203.0.113.9", proxies) == "198.51.100.7");  // not a proxy
  CHECK(client_address("127.0.0.1", "203.0.113.9", proxies) == "203.0.113.9");
  CHECK(client_address("::ffff:127.0.0.1", "203.0.113.9", proxies) == "203.0.113.9");
  CHECK(client_address("127.0.0.1", "not an address", proxies) == "127.0.0.1");
  CHECK(client_address("127.0.0.1", "203.0.113.9", {}) == "127.0.0.1");
  CHECK(client_address("::ffff:198.51.100.7", std::nullopt, {}) == "198.51.100.7");
  CHECK(address_in("::1", {"127.0.0.1", "::1"}));
  CHECK(address_in("0:0:0:0:0:0:0:1", {"::1"}));
  CHECK_FALSE(address_in("10.0.0.1", {"127.0.0.1", "::1"}));
  CHECK_FALSE(address_in("garbage", {"127.0.0.1"}));
}

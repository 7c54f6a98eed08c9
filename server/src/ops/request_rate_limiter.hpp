// The request rate allowed on one connection: a token bucket (a steady rate with a burst), and a
// flood rule: a connection refused too often within a window is closed. Not synchronised: each
// connection owns one and uses it on its strand. Time is passed in, so tests need no clock.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>

namespace hd::server {

struct RateLimit {
  std::uint32_t per_second = 20;    // tokens added per second
  std::uint32_t burst = 40;         // the bucket's size: requests allowed at once after a quiet spell
  std::uint32_t close_after = 20;   // refusals within `window` that close the connection
  std::chrono::seconds window{10};  // the span over which refusals are counted
};

enum class RateDecision {
  Allow,   // handle the request
  Refuse,  // answer RATE_LIMITED and do not handle it
  Close,   // answer RATE_LIMITED and close the connection (1008): it keeps flooding
};

class RequestRateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts with a full bucket at `now`.
  RequestRateLimiter(RateLimit limit, Clock::time_point now);

  // Decides on one request arriving at `now` (times must not go backwards).
  RateDecision on_request(Clock::time_point now);

  const RateLimit& limit() const { return limit_; }

 private:
  RateLimit limit_;
  double tokens_;
  Clock::time_point refilled_at_;
  std::deque<Clock::time_point> recent_refusals_;  // within the window, oldest first
};

}  // namespace hd::server

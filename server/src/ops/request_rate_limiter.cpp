#include "ops/request_rate_limiter.hpp"

#include <algorithm>

namespace hd::server {

RequestRateLimiter::RequestRateLimiter(RateLimit limit, Clock::time_point now)
    : limit_(limit), tokens_(static_cast<double>(limit.burst)), refilled_at_(now) {}

RateDecision RequestRateLimiter::on_request(Clock::time_point now) {
  const double elapsed = std::chrono::duration<double>(now - refilled_at_).count();
  if (elapsed > 0) {
    tokens_ = std::min(static_cast<double>(limit_.burst), tokens_ + elapsed * limit_.per_second);
    refilled_at_ = now;
  }
  if (tokens_ >= 1) {
    tokens_ -= 1;
    return RateDecision::Allow;
  }
  while (!recent_refusals_.empty() && now - recent_refusals_.front() >= limit_.window) {
    recent_refusals_.pop_front();
  }
  recent_refusals_.push_back(now);
  return recent_refusals_.size() >= limit_.close_after ? RateDecision::Close : RateDecision::Refuse;
}

}  // namespace hd::server

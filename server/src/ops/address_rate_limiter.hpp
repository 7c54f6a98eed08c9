// The request rate allowed from one client address over all its connections (issue 12): a token
// bucket per address, so reconnecting does not reset the limit as it does a connection's own
// bucket (request_rate_limiter.hpp). Thread-safe (connections call it from their own strands). Memory
// is bounded: with kMaxAddresses tracked, the addresses whose bucket has refilled are forgotten.
#pragma once

#include "ops/request_rate_limiter.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace hd::server {

class AddressRateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kMaxAddresses = 100000;

  // Uses `limit`'s per_second and burst.
  explicit AddressRateLimiter(RateLimit limit) : limit_(limit) {}

  // Takes `cost` tokens (one request, or the updates of one catch-up) from `address`'s bucket at
  // `now`; false, taking nothing, if it holds fewer. A cost above the burst is never allowed.
  bool allow(const std::string& address, Clock::time_point now, std::uint32_t cost = 1);

  const RateLimit& limit() const { return limit_; }

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point refilled_at;
  };
  void forget_full_buckets(Clock::time_point now);

  RateLimit limit_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace hd::server

#include "ops/address_rate_limiter.hpp"

#include <algorithm>

namespace hd::server {

namespace {

double refill(double tokens, std::chrono::steady_clock::duration elapsed, const RateLimit& limit) {
  const double seconds = std::chrono::duration<double>(elapsed).count();
  return std::min<double>(limit.burst, tokens + seconds * limit.per_second);
}

}  // namespace

void AddressRateLimiter::forget_full_buckets(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    if (refill(it->second.tokens, now - it->second.refilled_at, limit_) >= limit_.burst) {
      it = buckets_.erase(it);
    } else {
      ++it;
    }
  }
}

bool AddressRateLimiter::allow(const std::string& address, Clock::time_point now, std::uint32_t cost) {
  const std::lock_guard lock(mutex_);
  auto it = buckets_.find(address);
  if (it == buckets_.end()) {
    if (buckets_.size() >= kMaxAddresses) forget_full_buckets(now);
    it = buckets_.emplace(address, Bucket{static_cast<double>(limit_.burst), now}).first;
  }
  Bucket& bucket = it->second;
  bucket.tokens = refill(bucket.tokens, now - bucket.refilled_at, limit_);
  bucket.refilled_at = now;
  if (bucket.tokens < static_cast<double>(cost)) return false;
  bucket.tokens -= static_cast<double>(cost);
  return true;
}

}  // namespace hd::server

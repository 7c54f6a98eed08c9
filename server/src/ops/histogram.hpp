// A Prometheus histogram over fixed upper bounds, in seconds. Not synchronised: its owner (Metrics)
// guards it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

// Upper bounds from 100 us to 10 s, roughly three per decade: request latency and commit time.
const std::vector<double>& latency_buckets_seconds();

class Histogram {
 public:
  // `upper_bounds` must be increasing; +Inf is implied.
  explicit Histogram(std::vector<double> upper_bounds);

  void observe(double seconds);

  // Appends the `_bucket` (cumulative, with `le`), `_sum` and `_count` lines of series `name`.
  // `labels` is the series' other labels without braces (`type="login"`), or empty.
  void render(std::string& out, std::string_view name, std::string_view labels) const;

  std::uint64_t count() const { return count_; }

 private:
  std::vector<double> upper_bounds_;
  std::vector<std::uint64_t> in_bucket_;  // observations per bucket (not cumulative); last is +Inf
  double sum_ = 0;
  std::uint64_t count_ = 0;
};

}  // namespace hd::server

// The load tools' latency figures: a percentile of latencies measured in microseconds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hd::bench {

// The `p` percentile (0-1, nearest rank) of `values_us`, in milliseconds; 0 when there are none.
// Sorts `values_us`.
inline double percentile_ms(std::vector<std::int64_t>& values_us, double p) {
  if (values_us.empty()) return 0;
  std::sort(values_us.begin(), values_us.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values_us.size() - 1) + 0.5);
  return static_cast<double>(values_us[std::min(index, values_us.size() - 1)]) / 1000.0;
}

}  // namespace hd::bench

#include "ops/histogram.hpp"

#include <algorithm>
#include <cstdio>

namespace hd::server {
namespace {

// A number as Prometheus expects it: shortest exact-enough decimal form.
std::string format_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

}  // namespace

const std::vector<double>& latency_buckets_seconds() {
  static const std::vector<double> buckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                           0.05,   0.1,     0.25,   0.5,   1,      2.5,   5,    10};
  return buckets;
}

Histogram::Histogram(std::vector<double> upper_bounds)
    : upper_bounds_(std::move(upper_bounds)), in_bucket_(upper_bounds_.size() + 1, 0) {}

void Histogram::observe(double seconds) {
  const auto at = std::lower_bound(upper_bounds_.begin(), upper_bounds_.end(), seconds);
  ++in_bucket_[static_cast<std::size_t>(at - upper_bounds_.begin())];
  sum_ += seconds;
  ++count_;
}

void Histogram::render(std::string& out, std::string_view name, std::string_view labels) const {
  const std::string prefix = labels.empty() ? "" : std::string(labels) + ",";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i <= upper_bounds_.size(); ++i) {
    cumulative += in_bucket_[i];
    const std::string bound = i < upper_bounds_.size() ? format_number(upper_bounds_[i]) : "+Inf";
    out += std::string(name) + "_bucket{" + prefix + "le=\"" + bound + "\"} " + std::to_string(cumulative) +
           "\n";
  }
  std::string braces;  // built in steps: `"{" + std::string(...)` trips GCC 12's -Wrestrict at -O3
  if (!labels.empty()) {
    braces = "{";
    braces += labels;
    braces += "}";
  }
  out += std::string(name) + "_sum" + braces + " " + format_number(sum_) + "\n";
  out += std::string(name) + "_count" + braces + " " + std::to_string(count_) + "\n";
}

}  // namespace hd::server

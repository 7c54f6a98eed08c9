// Reads a Prometheus text exposition (format 0.0.4) into numbers, for tests that scrape /metrics.
// Header-only.
#pragma once

#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

namespace hd::test {

// Each sample line "name{labels} value" as map["name{labels}"] = value (labels exactly as written).
// Comment lines are skipped; a line that is not a sample throws.
inline std::map<std::string, double> parse_prometheus_text(const std::string& text) {
  std::map<std::string, double> samples;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.rfind(' ');
    if (space == std::string::npos || space == 0) throw std::runtime_error("not a sample: " + line);
    const std::string value = line.substr(space + 1);
    std::size_t used = 0;
    const double number = value == "+Inf" ? std::numeric_limits<double>::infinity() : std::stod(value, &used);
    if (value != "+Inf" && used != value.size()) throw std::runtime_error("bad value: " + line);
    if (!samples.emplace(line.substr(0, space), number).second) throw std::runtime_error("repeated: " + line);
  }
  return samples;
}

// The value of `series` in `samples`, or 0 if it is absent (a counter never incremented).
inline double sample(const std::map<std::string, double>& samples, const std::string& series) {
  const auto it = samples.find(series);
  return it == samples.end() ? 0.0 : it->second;
}

}  // namespace hd::test

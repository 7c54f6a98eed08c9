// The replay screen's slider (issue 16): a bar over the game's actions 0 .. count, the thumb at the
// frame shown. Pure arithmetic, so a click and the thumb agree.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace hd::client {

// The action index under a click `fraction` of the way along the bar (clamped to 0..1), rounded to
// the nearest action.
inline std::uint64_t replay_slider_index(double fraction, std::uint64_t count) {
  const double clamped = std::clamp(fraction, 0.0, 1.0);
  return static_cast<std::uint64_t>(std::llround(clamped * static_cast<double>(count)));
}

// Where the thumb of action `index` sits along the bar, 0..1 (0 for a game without actions).
inline double replay_slider_fraction(std::uint64_t index, std::uint64_t count) {
  if (count == 0) return 0.0;
  return static_cast<double>(std::min(index, count)) / static_cast<double>(count);
}

}  // namespace hd::client

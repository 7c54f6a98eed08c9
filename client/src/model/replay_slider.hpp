// The replay screen's slider (issue 16): a bar over the game's actions 0 .. count, the thumb at the
// frame shown; a drag of it (the thumb follows the pointer, the frame is asked on release only).
// Pure arithmetic, so a click, a drag and the thumb agree.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

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

// How far along a bar starting at `left`, `width` wide, the pointer at `x` is, clamped to 0..1.
inline double replay_slider_along(double x, double left, double width) {
  if (width <= 0) return 0.0;
  return std::clamp((x - left) / width, 0.0, 1.0);
}

// A slider held by the pointer: pressed on the bar, the thumb follows every move (snapped to the
// stop under the pointer) and asks nothing; the release gives the one stop to ask for. A click is
// a press and a release at the same place.
class ReplaySliderDrag {
 public:
  // Pressed `fraction` of the way along a bar of stops 0 .. `count`.
  void press(double fraction, std::uint64_t count) {
    count_ = count;
    index_ = replay_slider_index(fraction, count);
    held_ = true;
  }
  // The pointer moved while held (ignored when not).
  void move(double fraction) {
    if (held_) index_ = replay_slider_index(fraction, count_);
  }
  // Released: the stop to ask for, or nothing when the slider was not held.
  std::optional<std::uint64_t> release(double fraction) {
    if (!held_) return std::nullopt;
    move(fraction);
    held_ = false;
    return index_;
  }
  // Dropped without asking (the screen left, say).
  void cancel() { held_ = false; }
  bool held() const { return held_; }
  // The stop under the pointer and where the thumb is drawn while held, 0..1.
  std::uint64_t index() const { return index_; }
  double thumb() const { return replay_slider_fraction(index_, count_); }

 private:
  std::uint64_t count_ = 0;
  std::uint64_t index_ = 0;
  bool held_ = false;
};

}  // namespace hd::client

#include "action_pacer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <utility>

namespace hd::bench {

ActionPacer::ActionPacer(double rate, Now now) : rate_(rate), now_(std::move(now)) {
  if (!std::isfinite(rate) || rate <= 0) throw std::invalid_argument("the rate must be a number above 0");
}

ActionPacer::Clock::time_point ActionPacer::slot_time(Clock::time_point start, std::uint64_t k) const {
  // At most about 126 years on: a tiny rate's far slots stay within the clock's range.
  const double nanoseconds = std::min(std::round(static_cast<double>(k) * 1e9 / rate_), 4e18);
  return start + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::nanoseconds(static_cast<std::int64_t>(nanoseconds)));
}

ActionPacer::Slot ActionPacer::next_slot() {
  const Clock::time_point now = now_();
  std::lock_guard lock(mutex_);
  if (!start_) start_ = now;
  std::uint64_t k = next_;
  if (slot_time(*start_, k) < now) {
    // Late: the latest slot whose time is not after now (estimated, then made exact).
    const double elapsed = std::chrono::duration<double>(now - *start_).count();
    std::uint64_t latest = static_cast<std::uint64_t>(std::floor(elapsed * rate_));
    while (latest > 0 && slot_time(*start_, latest) > now)
      --latest;
    while (slot_time(*start_, latest + 1) <= now)
      ++latest;
    k = std::max(k, latest);
  }
  next_ = k + 1;
  ++taken_;
  const Clock::time_point scheduled = slot_time(*start_, k);
  return Slot{k, scheduled, std::max(scheduled, now)};
}

ActionPacer::Slot ActionPacer::wait_for_slot() {
  const Slot slot = next_slot();
  std::this_thread::sleep_until(slot.send_at);
  return slot;
}

std::uint64_t ActionPacer::slots_taken() const {
  std::lock_guard lock(mutex_);
  return taken_;
}

std::optional<ActionPacer::Clock::time_point> ActionPacer::start() const {
  std::lock_guard lock(mutex_);
  return start_;
}

}  // namespace hd::bench

// hd_load's --rate (issue 15): one pacer shared by every bot of the run hands out the times at which
// SubmitActions may be sent, on a fixed schedule of `rate` slots a second: slot k at start + k/rate,
// the start being the first slot asked for. Only actions are paced; queries and other requests are
// not.
//
// A late caller (its slot's time already past) sends at once, and the slots that passed while no bot
// was ready are dropped, never handed out later: a caller that arrives late takes the latest slot
// whose time has come, and the next caller waits for the one after it. So the run never sends faster
// than the schedule to catch up (no burst after a slow spell), and when the bots cannot keep up the
// achieved rate is simply below the asked one; hd_load reports both.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>

namespace hd::bench {

class ActionPacer {
 public:
  using Clock = std::chrono::steady_clock;
  using Now = std::function<Clock::time_point()>;

  struct Slot {
    std::uint64_t index = 0;      // k: the slot's place in the schedule, from 0
    Clock::time_point scheduled;  // start + k/rate
    Clock::time_point send_at;    // when to send: `scheduled`, or the call's time if that is later
  };

  // A schedule of `rate` slots a second, timed by `now` (the real steady clock unless a test gives
  // its own). Throws std::invalid_argument unless rate is finite and above 0.
  explicit ActionPacer(double rate, Now now = Clock::now);

  // Thread-safe. Takes the next slot and returns it without waiting. The first call starts the
  // schedule (its slot 0 is at the call's time). Later calls take the slot after the last one handed
  // out, or, if that slot's time has already passed, the latest slot whose time is not after now
  // (the ones between are dropped); `send_at` is never before the call's time.
  Slot next_slot();

  // Thread-safe. next_slot(), then sleeps (on the real steady clock) until its send_at; returns it.
  // Callers wait for their own slots at the same time, not one after another.
  Slot wait_for_slot();

  // Thread-safe. Slots handed out so far.
  std::uint64_t slots_taken() const;

  // Thread-safe. The schedule's start (slot 0's time), or nothing before the first next_slot().
  std::optional<Clock::time_point> start() const;

  // The asked rate, slots a second.
  double rate() const { return rate_; }

  // Slot k's time on the schedule that starts at `start`: start + k/rate, rounded to the nanosecond
  // (computed from k each time, so no error adds up along the schedule). Pure.
  Clock::time_point slot_time(Clock::time_point start, std::uint64_t k) const;

 private:
  const double rate_;
  const Now now_;
  mutable std::mutex mutex_;
  std::optional<Clock::time_point> start_;  // guarded by mutex_
  std::uint64_t next_ = 0;                  // the next slot to hand out; guarded by mutex_
  std::uint64_t taken_ = 0;                 // guarded by mutex_
};

}  // namespace hd::bench

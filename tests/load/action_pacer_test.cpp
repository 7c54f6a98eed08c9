// hd_load's pacer (action_pacer.hpp, issue 15): the schedule it hands out, on a fake clock the test
// moves by hand. No assertion here depends on real time.
#include "action_pacer.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

using hd::bench::ActionPacer;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

// A clock that stands still until the test moves it.
struct FakeClock {
  ActionPacer::Clock::time_point now{std::chrono::hours(1)};
  ActionPacer::Now function() {
    return [this] { return now; };
  }
};

}  // namespace

TEST_CASE("the pacer hands out slots k/rate apart from the first call", "[load][pacer]") {
  FakeClock clock;
  ActionPacer pacer(4.0, clock.function());  // 250 ms apart
  CHECK_FALSE(pacer.start());
  const auto start = clock.now;
  // Callers that come early (the clock does not move) get the schedule's slots, one each, in order.
  for (std::uint64_t k = 0; k < 10; ++k) {
    const ActionPacer::Slot slot = pacer.next_slot();
    CHECK(slot.index == k);
    CHECK(slot.scheduled == start + milliseconds(250) * static_cast<int>(k));
    CHECK(slot.send_at == slot.scheduled);
  }
  CHECK(pacer.start() == start);
  CHECK(pacer.slots_taken() == 10);
  CHECK(pacer.rate() == 4.0);
}

TEST_CASE("the pacer's schedule is start + k/rate with no error adding up", "[load][pacer]") {
  FakeClock clock;
  ActionPacer pacer(3.0, clock.function());  // a third of a second: not a whole number of nanoseconds
  const auto start = clock.now;
  std::vector<ActionPacer::Slot> slots;
  for (int k = 0; k <= 3000; ++k)
    slots.push_back(pacer.next_slot());
  CHECK(slots[1].scheduled - start == nanoseconds(333'333'333));
  CHECK(slots[2].scheduled - start == nanoseconds(666'666'667));
  CHECK(slots[3].scheduled - start == std::chrono::seconds(1));
  CHECK(slots[3000].scheduled - start == std::chrono::seconds(1000));
  for (std::size_t k = 1; k < slots.size(); ++k) {
    const auto gap = slots[k].scheduled - slots[k - 1].scheduled;
    CHECK((gap == nanoseconds(333'333'333) || gap == nanoseconds(333'333'334)));
  }
}

TEST_CASE("a late caller sends at once and the missed slots are dropped, not burst", "[load][pacer]") {
  FakeClock clock;
  ActionPacer pacer(10.0, clock.function());  // 100 ms apart
  const auto start = clock.now;
  CHECK(pacer.next_slot().index == 0);

  // On time (a caller arriving between slots waits for the next one).
  clock.now = start + milliseconds(50);
  ActionPacer::Slot slot = pacer.next_slot();
  CHECK(slot.index == 1);
  CHECK(slot.send_at == start + milliseconds(100));

  // Late by 2.35 slots: sends at once, on the latest slot whose time has come (slot 4, at 400 ms).
  clock.now = start + milliseconds(435);
  slot = pacer.next_slot();
  CHECK(slot.index == 4);
  CHECK(slot.scheduled == start + milliseconds(400));
  CHECK(slot.send_at == clock.now);

  // Slots 2 and 3 are gone: the next callers, at the same instant, wait for 5 and 6 on the schedule.
  slot = pacer.next_slot();
  CHECK(slot.index == 5);
  CHECK(slot.send_at == start + milliseconds(500));
  slot = pacer.next_slot();
  CHECK(slot.index == 6);
  CHECK(slot.send_at == start + milliseconds(600));

  // Exactly on a slot's time is not late.
  clock.now = start + milliseconds(700);
  slot = pacer.next_slot();
  CHECK(slot.index == 7);
  CHECK(slot.send_at == clock.now);

  // Long idle: the first caller after it gets the current slot, and the schedule goes on from there.
  clock.now = start + std::chrono::seconds(60) + milliseconds(1);
  slot = pacer.next_slot();
  CHECK(slot.index == 600);
  CHECK(slot.send_at == clock.now);
  CHECK(pacer.next_slot().send_at == start + std::chrono::seconds(60) + milliseconds(100));
  CHECK(pacer.slots_taken() == 8);  // slots 0, 1, 4, 5, 6, 7, 600 and 601
}

TEST_CASE("callers on many threads get distinct slots on the schedule", "[load][pacer]") {
  FakeClock clock;  // stands still: every slot is handed out in order, whoever asks
  ActionPacer pacer(1000.0, clock.function());
  const auto start = clock.now;
  constexpr int kThreads = 4, kEach = 250;
  std::vector<std::vector<ActionPacer::Slot>> taken(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i)
        taken[t].push_back(pacer.next_slot());
    });
  for (auto& thread : threads)
    thread.join();
  std::set<std::uint64_t> indices;
  for (const auto& slots : taken)
    for (const auto& slot : slots) {
      indices.insert(slot.index);
      CHECK(slot.scheduled == start + milliseconds(1) * static_cast<int>(slot.index));
    }
  CHECK(indices.size() == kThreads * kEach);
  CHECK(*indices.rbegin() == kThreads * kEach - 1);
  CHECK(pacer.slots_taken() == kThreads * kEach);
}

TEST_CASE("the pacer refuses a rate that is not a number above 0", "[load][pacer]") {
  CHECK_THROWS_AS(ActionPacer(0.0), std::invalid_argument);
  CHECK_THROWS_AS(ActionPacer(-5.0), std::invalid_argument);
  CHECK_THROWS_AS(ActionPacer(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  CHECK_THROWS_AS(ActionPacer(std::numeric_limits<double>::infinity()), std::invalid_argument);
}

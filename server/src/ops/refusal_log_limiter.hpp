// Keeps floods of refusals out of the log (issue 29, finding 6): of the refusals of one kind (a
// refusal code) sent to one client address, the first is logged at once, the rest within `interval`
// after it are only counted, and once the interval is over the count is reported in one summary
// line. The table of (address, kind) entries is bounded: an entry leaves it when its interval ends,
// and beyond `max_entries` the oldest is evicted early (its count reported). Thread-safe. Time is
// passed in, so tests need no clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hd::server {

struct RefusalLogLimits {
  std::chrono::seconds interval{10};  // at most one line per address and kind per interval
  std::size_t max_entries = 10000;    // (address, kind) entries held at most
};

// The refusals of one kind from one address that were counted and not logged.
struct SuppressedRefusals {
  std::string address;
  std::string kind;
  std::uint64_t count = 0;
};

struct RefusalLogDecision {
  bool log = false;                           // log this refusal
  std::vector<SuppressedRefusals> summaries;  // counts to report now (intervals over or evicted)
};

class RefusalLogLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  explicit RefusalLogLimiter(RefusalLogLimits limits = {}) : limits_(limits) {}

  // Decides on one refusal of `kind` to `address` at `now`, and hands back the counts of entries
  // whose interval ended by `now` (or that were evicted for room). Times from several threads may
  // arrive slightly out of order; an entry then lives at most that skew longer than its interval.
  RefusalLogDecision on_refusal(std::string_view address, std::string_view kind, Clock::time_point now);

  // The entries held now (for tests).
  std::size_t entries() const;

 private:
  struct Entry {
    std::string key;
    std::string address;
    std::string kind;
    Clock::time_point logged_at;
    std::uint64_t suppressed = 0;
  };
  // Removes the entry at the front (the oldest), adding its count to `summaries` if any.
  void pop_oldest(std::vector<SuppressedRefusals>& summaries);

  RefusalLogLimits limits_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // oldest logged_at first
  std::unordered_map<std::string, std::list<Entry>::iterator> by_key_;
};

}  // namespace hd::server

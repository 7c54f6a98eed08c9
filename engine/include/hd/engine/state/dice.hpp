// Deterministic random numbers for seeded dice and bots: the same seed gives the same numbers on
// every machine and compiler (unlike std::uniform_int_distribution).
#pragma once

#include <cstdint>
#include <functional>

namespace hd::engine {

// SplitMix64 (Steele, Lea, Flood 2014): a small, fast, well-mixed 64-bit generator.
// A die roll, 1 to 6, injected into apply(): the server rolls it, tests force it, replays repeat it.
using DieRoller = std::function<int()>;

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // A uniform number in [0, n), without modulo bias. Requires n > 0.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
    std::uint64_t value = next();
    while (value >= limit)
      value = next();
    return value % n;
  }

  // One six-sided die: 1 to 6.
  int die() { return static_cast<int>(below(6)) + 1; }

 private:
  std::uint64_t state_;
};

}  // namespace hd::engine

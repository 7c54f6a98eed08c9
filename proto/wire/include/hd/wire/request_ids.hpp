// Request ids for a client process (docs/protocol.md, "Request ids"): the server answers a reused
// id from its stored answers, so ids must not repeat across processes of the same account. Each
// process starts at a random 64-bit point and counts up: two processes collide only if their runs
// of ids overlap, a chance of about (ids sent) / 2^64.
#pragma once

#include <cstdint>

namespace hd::wire {

// The ids 0 (a message the server sends unasked) and 1 (the Hello) are never handed out.
inline constexpr std::uint64_t kFirstFreeRequestId = 2;

class RequestIds {
 public:
  // Starts at a random id from std::random_device (the system's random source).
  RequestIds();
  // Starts at `first` (tests); an id below kFirstFreeRequestId starts at kFirstFreeRequestId.
  explicit RequestIds(std::uint64_t first);

  // The next id: one more than the last, wrapping past 2^64 - 1 to kFirstFreeRequestId.
  std::uint64_t next();

 private:
  std::uint64_t next_;
};

}  // namespace hd::wire

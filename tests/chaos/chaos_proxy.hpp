// A TCP proxy for chaos tests (docs/fuzzing.md, "Chaos test"): listens on 127.0.0.1, forwards every
// connection to a server on 127.0.0.1 and, once enabled, injects seeded faults into the byte
// streams: chunks delayed, the stream stalled, the connection cut (at a chunk boundary or in the
// middle of a chunk, so mid-frame). Bytes are never dropped, reordered or duplicated inside a
// stream: TCP does not do that and a WebSocket could not survive it; duplicates come from clients
// resending after a cut. Runs its own thread; every fault is bounded in time.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

namespace hd::test {

struct ChaosOptions {
  std::uint64_t seed = 1;
  double delay_probability = 0.2;  // a chunk waits 1 to max_delay before it is forwarded
  std::chrono::milliseconds max_delay{30};
  double stall_probability = 0.02;  // a chunk waits stall_time (a stream that stops for a while)
  std::chrono::milliseconds stall_time{400};
  double cut_probability = 0.02;     // the connection is closed instead of forwarding the chunk
  double cut_mid_chunk_share = 0.5;  // of the cuts, those that first forward part of the chunk
};

// What the proxy did, for the test's report (counted from the start).
struct ChaosCounts {
  std::uint64_t connections = 0, chunks = 0, delays = 0, stalls = 0, cuts = 0, mid_chunk_cuts = 0;
};

class ChaosProxy {
 public:
  // Starts listening on a free port of 127.0.0.1, forwarding to 127.0.0.1:`server_port`. Faults
  // start disabled (set_faults).
  ChaosProxy(int server_port, ChaosOptions options);
  ~ChaosProxy();  // closes every connection and joins the thread
  ChaosProxy(const ChaosProxy&) = delete;
  ChaosProxy& operator=(const ChaosProxy&) = delete;

  int port() const;
  void set_faults(bool on);
  ChaosCounts counts() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hd::test

#include <hd/wire/request_ids.hpp>

#include <random>

namespace hd::wire {

namespace {

std::uint64_t random_start() {
  std::random_device device;  // the system's random source (/dev/urandom or getrandom on Linux)
  std::uint64_t value = 0;
  for (int part = 0; part < 2; ++part)
    value = (value << 32) | static_cast<std::uint32_t>(device());
  return value;
}

}  // namespace

RequestIds::RequestIds() : RequestIds(random_start()) {}

RequestIds::RequestIds(std::uint64_t first)
    : next_(first < kFirstFreeRequestId ? kFirstFreeRequestId : first) {}

std::uint64_t RequestIds::next() {
  const std::uint64_t id = next_;
  next_ = id == UINT64_MAX ? kFirstFreeRequestId : id + 1;
  return id;
}

}  // namespace hd::wire

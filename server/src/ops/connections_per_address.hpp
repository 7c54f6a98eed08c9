// A cap on the WebSocket connections open at once from one remote address. Thread-safe. A lease
// holds one place until it is destroyed; the counter must outlive every lease it gave.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace hd::server {

class ConnectionsPerAddress {
 public:
  // One connection's place; frees it when destroyed. Move-only.
  class Lease {
   public:
    Lease() = default;
    Lease(ConnectionsPerAddress* owner, std::string address) : owner_(owner), address_(std::move(address)) {}
    ~Lease();
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

   private:
    ConnectionsPerAddress* owner_ = nullptr;
    std::string address_;
  };

  explicit ConnectionsPerAddress(std::size_t cap) : cap_(cap) {}

  // A place for one more connection from `address`, or nullopt if it already has `cap` open.
  std::optional<Lease> try_acquire(const std::string& address);
  // Connections open from `address` now.
  std::size_t open_from(const std::string& address) const;

 private:
  void release(const std::string& address);

  std::size_t cap_;
  mutable std::mutex mutex_;
  std::map<std::string, std::size_t> open_;
};

}  // namespace hd::server

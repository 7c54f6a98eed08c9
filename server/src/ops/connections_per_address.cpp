#include "ops/connections_per_address.hpp"

#include <utility>

namespace hd::server {

ConnectionsPerAddress::Lease::~Lease() {
  if (owner_ != nullptr) owner_->release(address_);
}

ConnectionsPerAddress::Lease::Lease(Lease&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)), address_(std::move(other.address_)) {}

ConnectionsPerAddress::Lease& ConnectionsPerAddress::Lease::operator=(Lease&& other) noexcept {
  if (this != &other) {
    if (owner_ != nullptr) owner_->release(address_);
    owner_ = std::exchange(other.owner_, nullptr);
    address_ = std::move(other.address_);
  }
  return *this;
}

std::optional<ConnectionsPerAddress::Lease> ConnectionsPerAddress::try_acquire(const std::string& address) {
  const std::lock_guard lock(mutex_);
  std::size_t& open = open_[address];
  if (open >= cap_) {
    if (open == 0) open_.erase(address);
    return std::nullopt;
  }
  ++open;
  return Lease(this, address);
}

std::size_t ConnectionsPerAddress::open_from(const std::string& address) const {
  const std::lock_guard lock(mutex_);
  const auto it = open_.find(address);
  return it == open_.end() ? 0 : it->second;
}

void ConnectionsPerAddress::release(const std::string& address) {
  const std::lock_guard lock(mutex_);
  const auto it = open_.find(address);
  if (it == open_.end()) return;
  if (--it->second == 0) open_.erase(it);
}

}  // namespace hd::server

#include "accounts/login_throttle.hpp"

#include <algorithm>
#include <cctype>

namespace hd::server {
namespace {

std::string folded(const std::string& name) {
  std::string out = name;
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

}  // namespace

LoginThrottle::LoginThrottle(std::size_t per_name, std::size_t per_address, std::chrono::seconds window)
    : per_name_(per_name), per_address_(per_address), window_(window) {}

std::optional<std::chrono::seconds> LoginThrottle::wait_in(Failures& failures, const std::string& key,
                                                           std::size_t limit, Clock::time_point now) {
  const auto it = failures.find(key);
  if (it == failures.end()) return std::nullopt;
  auto& times = it->second;
  while (!times.empty() && now - times.front() >= window_)
    times.pop_front();
  if (times.empty()) {
    failures.erase(it);
    return std::nullopt;
  }
  if (times.size() < limit) return std::nullopt;
  const auto left = window_ - (now - times.front());
  return std::max(std::chrono::seconds(1), std::chrono::ceil<std::chrono::seconds>(left));
}

void LoginThrottle::note(Failures& failures, const std::string& key, std::size_t limit,
                         Clock::time_point now) {
  if (failures.size() >= kMaxKeys && !failures.count(key)) {
    // Forget the key whose last failure is oldest.
    auto oldest = failures.begin();
    for (auto it = failures.begin(); it != failures.end(); ++it)
      if (it->second.back() < oldest->second.back()) oldest = it;
    failures.erase(oldest);
  }
  auto& times = failures[key];
  times.push_back(now);
  while (times.size() > limit)
    times.pop_front();
}

std::optional<std::chrono::seconds> LoginThrottle::wait(const std::string& username,
                                                        const std::string& address, Clock::time_point now) {
  const auto by_name = wait_in(by_name_, folded(username), per_name_, now);
  const auto by_address = wait_in(by_address_, address, per_address_, now);
  if (by_name && by_address) return std::max(*by_name, *by_address);
  return by_name ? by_name : by_address;
}

void LoginThrottle::failed(const std::string& username, const std::string& address, Clock::time_point now) {
  note(by_name_, folded(username), per_name_, now);
  note(by_address_, address, per_address_, now);
}

void LoginThrottle::succeeded(const std::string& username) {
  by_name_.erase(folded(username));
}

}  // namespace hd::server

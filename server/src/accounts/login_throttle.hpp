// Throttling of failed log-ins (issue 12): a user name, or a client address, with too many failed
// log-ins within a window is refused LOGIN_THROTTLED, without hashing, until the oldest of them
// leaves the window. Names compare without case. Not synchronised: the hub uses it on its strand.
// Memory is bounded: at most kMaxKeys names and addresses are tracked (the least recently failed
// are forgotten first), each with at most its limit of failure times.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <optional>
#include <string>

namespace hd::server {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kMaxKeys = 100000;

  LoginThrottle(std::size_t per_name, std::size_t per_address, std::chrono::seconds window);

  // How long a log-in for `username` from `address` must wait at `now`; nullopt: it may go ahead.
  std::optional<std::chrono::seconds> wait(const std::string& username, const std::string& address,
                                           Clock::time_point now);
  // Notes a failed log-in at `now`.
  void failed(const std::string& username, const std::string& address, Clock::time_point now);
  // A successful log-in forgets the name's failures (not the address's).
  void succeeded(const std::string& username);

 private:
  using Failures = std::map<std::string, std::deque<Clock::time_point>>;
  std::optional<std::chrono::seconds> wait_in(Failures& failures, const std::string& key, std::size_t limit,
                                              Clock::time_point now);
  void note(Failures& failures, const std::string& key, std::size_t limit, Clock::time_point now);

  std::size_t per_name_;
  std::size_t per_address_;
  std::chrono::seconds window_;
  Failures by_name_;
  Failures by_address_;
};

}  // namespace hd::server

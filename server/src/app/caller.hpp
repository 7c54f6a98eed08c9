// Who sent a request: the connection and, once logged in, the account behind it.
#pragma once

#include "app/outbound.hpp"

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>

namespace hd::server {

using AccountId = std::int64_t;

struct Caller {
  ConnectionId connection = 0;
  std::string peer_address;          // the remote IP address
  std::optional<AccountId> account;  // set by Register, Login or ResumeSession
  std::string username;
  std::string session_token_digest;      // the logged-in session (for Logout)
  bool account_request_pending = false;  // a Register or Login is being hashed
  bool query_pending = false;  // issue 15: a query's answer is being worked out off the hub's strand
  std::deque<hundred_days::v1::ClientEnvelope> waiting;  // requests that arrived meanwhile, in order
  // Cleared when the connection closes: a hashing job still queued for it is then dropped.
  std::shared_ptr<std::atomic<bool>> open = std::make_shared<std::atomic<bool>>(true);

  // True while an earlier request of the connection is still to be answered off the strand: later
  // ones wait (in `waiting`), so a connection's requests are answered in the order sent.
  bool busy() const { return account_request_pending || query_pending; }
};

// An envelope answering `request_id` with a refusal.
hundred_days::v1::ServerEnvelope refusal_envelope(std::uint64_t request_id,
                                                  hundred_days::v1::RefusalCode code, std::string message,
                                                  std::string rule = {});
// Sends the caller a refusal of `request` (every refusal is logged once on its way, by the refusal
// accounting the hub's outbound is).
void send_refusal(Outbound& outbound, const Caller& caller, const hundred_days::v1::ClientEnvelope& request,
                  hundred_days::v1::RefusalCode code, std::string message, std::string rule = {});
// An envelope answering `request_id` with Ok.
hundred_days::v1::ServerEnvelope ok_envelope(std::uint64_t request_id);

}  // namespace hd::server

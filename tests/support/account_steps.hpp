// Account steps for end-to-end tests: say Hello, register, log in, resume, log out, each waiting
// for the server's answer. Header-only, over WsTestClient.
#pragma once

#include "ws_test_client.hpp"

#include <hd/wire/protocol_version.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace hd::test {

// A Ping under `request_id`, its nonce the same.
inline hundred_days::v1::ClientEnvelope ping(std::uint64_t request_id) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_ping()->set_nonce(request_id);
  return envelope;
}

// Server flags that make Argon2id cheap (8 MiB, one pass), for tests that are not about its cost.
inline std::vector<std::string> fast_hashing_args() {
  return {"--argon2-memory-kib", "8192", "--argon2-operations", "1"};
}

// Sends `envelope` and returns the next envelope that answers its request id (unasked messages,
// request id 0, are skipped); throws if none comes within `timeout`.
inline hundred_days::v1::ServerEnvelope request(
    WsTestClient& client, const hundred_days::v1::ClientEnvelope& envelope,
    std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
  client.send(envelope);
  while (true) {
    auto answer = client.receive(timeout);
    if (!answer) throw std::runtime_error("no answer to request " + std::to_string(envelope.request_id()));
    if (answer->request_id() == envelope.request_id()) return *answer;
  }
}

// A connection that has said Hello and been welcomed.
inline void say_hello(WsTestClient& client) {
  const auto welcome = client.hello(hd::wire::kProtocolVersion, 1);
  if (!welcome || !welcome->has_welcome()) throw std::runtime_error("no Welcome");
}

inline hundred_days::v1::ServerEnvelope register_account(WsTestClient& client, const std::string& username,
                                                         const std::string& password,
                                                         std::uint64_t request_id) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_register_account()->set_username(username);
  envelope.mutable_register_account()->set_password(password);
  return request(client, envelope);
}

inline hundred_days::v1::ServerEnvelope login(WsTestClient& client, const std::string& username,
                                              const std::string& password, std::uint64_t request_id) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_login()->set_username(username);
  envelope.mutable_login()->set_password(password);
  return request(client, envelope);
}

inline hundred_days::v1::ServerEnvelope resume_session(WsTestClient& client, const std::string& token,
                                                       std::uint64_t request_id) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_resume_session()->set_session_token(token);
  return request(client, envelope);
}

inline hundred_days::v1::ServerEnvelope logout(WsTestClient& client, std::uint64_t request_id) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_logout();
  return request(client, envelope);
}

}  // namespace hd::test

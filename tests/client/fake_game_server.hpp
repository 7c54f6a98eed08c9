// A loopback WebSocket server for client tests while the real server does not serve games yet
// (issue 5): it answers each ClientEnvelope with whatever the test's responder returns and records
// every envelope the client sent, so tests check exactly the requests a scripted session produced.
// Serves one connection at a time on 127.0.0.1 with a free port.
#pragma once

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hd::test {

class FakeGameServer {
 public:
  using Responder =
      std::function<std::vector<hundred_days::v1::ServerEnvelope>(const hundred_days::v1::ClientEnvelope&)>;

  // Starts listening at once; `responder` runs on the server's thread.
  explicit FakeGameServer(Responder responder);
  // Stops the thread (closing any connection).
  ~FakeGameServer();
  FakeGameServer(const FakeGameServer&) = delete;
  FakeGameServer& operator=(const FakeGameServer&) = delete;

  int port() const;
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(port()) + "/"; }
  // Every envelope received so far, in order.
  std::vector<hundred_days::v1::ClientEnvelope> received() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hd::test

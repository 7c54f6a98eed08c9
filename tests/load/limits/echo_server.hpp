// B0 of the limits bench (docs/performance.md, "Against the machine's limits"): the least a
// WebSocket server can do, a Boost.Beast server that echoes each message back, on its own I/O
// threads, so the real server's round trips can be set against it on the same machine.
#pragma once

#include <boost/asio/ssl/context.hpp>

#include <memory>
#include <utility>  // first: Boost 1.74's awaitable.hpp uses std::exchange without it

namespace hd::bench {

class EchoServer {
 public:
  // Listens on 127.0.0.1 (a free port) and echoes every message on `threads` I/O threads; over TLS
  // with `tls` (a server context, e.g. the real server's make_server_tls_context) if it is set.
  explicit EchoServer(int threads, std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  // Stops the threads; open connections are dropped.
  ~EchoServer();
  EchoServer(const EchoServer&) = delete;
  EchoServer& operator=(const EchoServer&) = delete;

  int port() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hd::bench

// Accepts TCP connections and gives each its own strand and HttpSession. An accept that fails (out of
// file descriptors: EMFILE, ENFILE; out of buffers ...) is retried after a pause that doubles from
// kFirstBackoff to kMaxBackoff while failures go on, with one log line per pause, so the loop
// neither spins nor floods the log (issue 12).
#pragma once

#include "ops/tls_context.hpp"
#include "server_context.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <memory>

namespace hd::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens at once; throws boost::system::system_error if the address is unusable.
  // With `tls` (which must outlive the listener), every connection starts with a TLS handshake
  // using the store's current context; without it, connections are clear text.
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           ServerContext& context, const TlsContextStore* tls = nullptr);

  void run();
  // Stops accepting. Safe from any thread.
  void stop();
  unsigned short port() const { return port_; }

 private:
  static constexpr std::chrono::milliseconds kFirstBackoff{10};
  static constexpr std::chrono::milliseconds kMaxBackoff{1000};

  void do_accept();
  void on_accept(boost::system::error_code error, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerContext& context_;
  const TlsContextStore* tls_;
  boost::asio::steady_timer retry_timer_;
  std::chrono::milliseconds backoff_{0};  // the current pause after a failure, 0: none
  unsigned short port_ = 0;
};

}  // namespace hd::server

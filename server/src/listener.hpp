// Accepts TCP connections and gives each its own strand and HttpSession.
#pragma once

#include "server_context.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <memory>

namespace hd::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens at once; throws boost::system::system_error if the address is unusable.
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           ServerContext& context);

  void run();
  // Stops accepting. Safe from any thread.
  void stop();
  unsigned short port() const { return port_; }

 private:
  void do_accept();
  void on_accept(boost::system::error_code error, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerContext& context_;
  unsigned short port_ = 0;
};

}  // namespace hd::server

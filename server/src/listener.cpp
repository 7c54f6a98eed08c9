#include "listener.hpp"

#include "http_session.hpp"
#include "log.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include <algorithm>

namespace hd::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& io, const tcp::endpoint& endpoint, ServerContext& context,
                   const TlsContextStore* tls)
    : io_(io),
      acceptor_(net::make_strand(io)),
      context_(context),
      tls_(tls),
      retry_timer_(acceptor_.get_executor()) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

void Listener::run() {
  do_accept();
}

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
    self->retry_timer_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(net::make_strand(io_),
                         boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code error, tcp::socket socket) {
  if (error == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (error) {
    backoff_ = backoff_.count() == 0 ? kFirstBackoff : std::min(backoff_ * 2, kMaxBackoff);
    log_event(LogLevel::Warning, "accept_failed",
              {{"error", error.message()}, {"retry_ms", std::to_string(backoff_.count())}});
    retry_timer_.expires_after(backoff_);
    retry_timer_.async_wait([self = shared_from_this()](boost::system::error_code waited) {
      if (waited || !self->acceptor_.is_open()) return;
      self->do_accept();
    });
    return;
  }
  backoff_ = std::chrono::milliseconds{0};
  {
    // No Nagle: an action's GameUpdate and ActionAccepted are two small writes, and with Nagle the
    // second waited for the client's delayed ACK of the first (about 40 ms, docs/load.md).
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), context_, tls_ ? tls_->current() : nullptr)->run();
  }
  do_accept();
}

}  // namespace hd::server

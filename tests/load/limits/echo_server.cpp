#include "echo_server.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <thread>
#include <type_traits>
#include <utility>  // first: Boost 1.74's awaitable.hpp uses std::exchange without it
#include <vector>

namespace hd::bench {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {

template <class Ws>
net::awaitable<void> echo(Ws ws) {
  try {
    if constexpr (!std::is_same_v<Ws, websocket::stream<beast::tcp_stream>>)
      co_await ws.next_layer().async_handshake(net::ssl::stream_base::server, net::use_awaitable);
    co_await ws.async_accept(net::use_awaitable);
    beast::flat_buffer buffer;
    while (true) {
      co_await ws.async_read(buffer, net::use_awaitable);
      ws.binary(ws.got_binary());
      co_await ws.async_write(buffer.data(), net::use_awaitable);
      buffer.consume(buffer.size());
    }
  } catch (const std::exception&) {
    // the peer went away
  }
}

net::awaitable<void> accept_loop(tcp::acceptor& acceptor, std::shared_ptr<net::ssl::context> tls) {
  using Plain = websocket::stream<beast::tcp_stream>;
  using Tls = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;
  while (true) {
    tcp::socket socket =
        co_await acceptor.async_accept(net::make_strand(acceptor.get_executor()), net::use_awaitable);
    const auto executor = socket.get_executor();
    if (tls)
      net::co_spawn(executor, echo(Tls(std::move(socket), *tls)), net::detached);
    else
      net::co_spawn(executor, echo(Plain(std::move(socket))), net::detached);
  }
}

}  // namespace

struct EchoServer::Impl {
  std::shared_ptr<net::ssl::context> tls;  // outlives every connection
  net::io_context io;
  tcp::acceptor acceptor{io, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)};
  std::vector<std::thread> threads;
};

EchoServer::EchoServer(int threads, std::shared_ptr<net::ssl::context> tls)
    : impl_(std::make_unique<Impl>()) {
  impl_->tls = std::move(tls);
  impl_->acceptor.listen(4096);
  net::co_spawn(impl_->io, accept_loop(impl_->acceptor, impl_->tls), net::detached);
  for (int i = 0; i < threads; ++i)
    impl_->threads.emplace_back([this] { impl_->io.run(); });
}

EchoServer::~EchoServer() {
  impl_->io.stop();
  for (auto& thread : impl_->threads)
    thread.join();
}

int EchoServer::port() const {
  return impl_->acceptor.local_endpoint().port();
}

}  // namespace hd::bench

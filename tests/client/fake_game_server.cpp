#include "fake_game_server.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include <atomic>
#include <mutex>
#include <optional>
#include <sys/socket.h>
#include <thread>

namespace hd::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
using Tcp = asio::ip::tcp;

struct FakeGameServer::Impl {
  Responder responder;
  asio::io_context io;
  Tcp::acceptor acceptor{io};
  std::thread thread;
  std::atomic<bool> stopping{false};
  mutable std::mutex mutex;
  std::vector<hundred_days::v1::ClientEnvelope> received;
  std::optional<Tcp::socket::native_handle_type> live_socket;

  void serve() {
    while (!stopping) {
      beast::error_code error;
      Tcp::socket socket(io);
      acceptor.accept(socket, error);
      if (error || stopping) return;
      {
        std::lock_guard lock(mutex);
        live_socket = socket.native_handle();
      }
      talk(std::move(socket));
      std::lock_guard lock(mutex);
      live_socket.reset();
    }
  }

  void talk(Tcp::socket socket) {
    beast::websocket::stream<Tcp::socket> ws(std::move(socket));
    beast::error_code error;
    ws.accept(error);
    if (error) return;
    ws.binary(true);
    for (;;) {
      beast::flat_buffer buffer;
      ws.read(buffer, error);
      if (error) return;
      hundred_days::v1::ClientEnvelope envelope;
      if (!envelope.ParseFromString(beast::buffers_to_string(buffer.data()))) return;
      {
        std::lock_guard lock(mutex);
        received.push_back(envelope);
      }
      for (const auto& answer : responder(envelope)) {
        const std::string bytes = answer.SerializeAsString();
        ws.write(asio::buffer(bytes), error);
        if (error) return;
      }
    }
  }
};

FakeGameServer::FakeGameServer(Responder responder) : impl_(std::make_unique<Impl>()) {
  impl_->responder = std::move(responder);
  const Tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), 0);
  impl_->acceptor.open(endpoint.protocol());
  impl_->acceptor.set_option(asio::socket_base::reuse_address(true));
  impl_->acceptor.bind(endpoint);
  impl_->acceptor.listen();
  impl_->thread = std::thread([impl = impl_.get()] { impl->serve(); });
}

FakeGameServer::~FakeGameServer() {
  impl_->stopping = true;
  // Blocking accept and read return once their sockets are shut down.
  ::shutdown(impl_->acceptor.native_handle(), SHUT_RDWR);
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->live_socket) ::shutdown(*impl_->live_socket, SHUT_RDWR);
  }
  impl_->thread.join();
}

int FakeGameServer::port() const {
  return impl_->acceptor.local_endpoint().port();
}

std::vector<hundred_days::v1::ClientEnvelope> FakeGameServer::received() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->received;
}

}  // namespace hd::test

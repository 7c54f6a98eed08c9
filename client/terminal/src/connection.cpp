#include <hd/term/connection.hpp>
#include <hd/wire/frame_codec.hpp>
#include <hd/wire/protocol_version.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <thread>

namespace hd::term {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
namespace v1 = hundred_days::v1;

std::optional<ServerAddress> parse_server_address(const std::string& url) {
  static const std::regex pattern(R"(^(?:ws://)?([A-Za-z0-9.\-]+|\[[0-9a-fA-F:]+\]):([0-9]{1,5})(/.*)?$)");
  std::smatch match;
  if (!std::regex_match(url, match, pattern)) return std::nullopt;
  ServerAddress address;
  address.host = match[1];
  address.port = match[2];
  address.path = match[3].matched && !match[3].str().empty() ? match[3].str() : "/";
  return address;
}

struct Connection::Impl : std::enable_shared_from_this<Impl> {
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  std::deque<std::string> outgoing;  // network thread only
  bool writing = false;              // network thread only

  mutable std::mutex mutex;
  std::condition_variable arrived;
  std::deque<v1::ServerEnvelope> incoming;
  bool is_closed = false;
  std::string reason;
  std::thread thread;

  void mark_closed(const std::string& why) {
    std::lock_guard lock(mutex);
    if (!is_closed) {
      is_closed = true;
      reason = why;
    }
    arrived.notify_all();
  }

  void read_next() {
    ws.async_read(buffer, [self = shared_from_this()](beast::error_code error, std::size_t) {
      if (error) {
        const auto close = self->ws.reason();
        self->mark_closed(error == websocket::error::closed
                              ? "closed by the server (code " + std::to_string(close.code) +
                                    (close.reason.empty() ? "" : ", " + std::string(close.reason)) + ")"
                              : error.message());
        return;
      }
      const std::string bytes = beast::buffers_to_string(self->buffer.data());
      self->buffer.consume(self->buffer.size());
      auto decoded = wire::decode_server_envelope(bytes, 16 * 1024 * 1024);
      if (!decoded) {
        self->mark_closed("the server sent a malformed envelope: " + decoded.error);
        return;
      }
      {
        std::lock_guard lock(self->mutex);
        self->incoming.push_back(std::move(*decoded.envelope));
      }
      self->arrived.notify_all();
      self->read_next();
    });
  }

  void write_next() {
    if (writing || outgoing.empty()) return;
    writing = true;
    ws.binary(true);
    ws.async_write(net::buffer(outgoing.front()),
                   [self = shared_from_this()](beast::error_code error, std::size_t) {
                     self->writing = false;
                     self->outgoing.pop_front();
                     if (error) {
                       self->mark_closed("write failed: " + error.message());
                       return;
                     }
                     self->write_next();
                   });
  }
};

Connection::Connection(const ServerAddress& address) : impl_(std::make_shared<Impl>()) {
  tcp::resolver resolver(impl_->io);
  beast::error_code error;
  const auto endpoints = resolver.resolve(address.host, address.port, error);
  if (error) throw std::runtime_error("cannot resolve " + address.host + ": " + error.message());
  beast::get_lowest_layer(impl_->ws).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(impl_->ws).connect(endpoints, error);
  if (error)
    throw std::runtime_error("cannot connect to " + address.host + ":" + address.port + ": " +
                             error.message());
  beast::get_lowest_layer(impl_->ws).expires_never();
  impl_->ws.read_message_max(16 * 1024 * 1024);
  impl_->ws.set_option(websocket::stream_base::decorator(
      [](websocket::request_type& request) { request.set(beast::http::field::user_agent, "hd_term"); }));
  impl_->ws.handshake(address.host + ":" + address.port, address.path, error);
  if (error) throw std::runtime_error("WebSocket handshake failed: " + error.message());
  impl_->read_next();
  impl_->thread = std::thread([impl = impl_] { impl->io.run(); });
}

Connection::~Connection() {
  net::post(impl_->io, [impl = impl_] {
    if (!impl->ws.is_open()) return;
    impl->ws.async_close(websocket::close_code::normal, [impl](beast::error_code) {});
  });
  // The close handshake ends the read loop; a peer that never answers is cut off after 2 s.
  {
    std::unique_lock lock(impl_->mutex);
    impl_->arrived.wait_for(lock, std::chrono::seconds(2), [&] { return impl_->is_closed; });
  }
  impl_->io.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

void Connection::send(const v1::ClientEnvelope& envelope) {
  std::string bytes = wire::encode(envelope);
  net::post(impl_->io, [impl = impl_, bytes = std::move(bytes)]() mutable {
    {
      std::lock_guard lock(impl->mutex);
      if (impl->is_closed) return;
    }
    impl->outgoing.push_back(std::move(bytes));
    impl->write_next();
  });
}

std::optional<v1::ServerEnvelope> Connection::receive(std::chrono::milliseconds timeout) {
  std::unique_lock lock(impl_->mutex);
  impl_->arrived.wait_for(lock, timeout, [&] { return !impl_->incoming.empty() || impl_->is_closed; });
  if (impl_->incoming.empty()) return std::nullopt;
  v1::ServerEnvelope envelope = std::move(impl_->incoming.front());
  impl_->incoming.pop_front();
  return envelope;
}

bool Connection::closed() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->is_closed && impl_->incoming.empty();
}

std::string Connection::close_reason() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->reason;
}

}  // namespace hd::term

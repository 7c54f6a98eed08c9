#include <hd/term/connection.hpp>
#include <hd/wire/frame_codec.hpp>
#include <hd/wire/protocol_version.hpp>
#include <hd/wire/tls_client.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <variant>

namespace hd::term {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace ssl = net::ssl;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
namespace v1 = hundred_days::v1;

namespace {

constexpr auto kConnectTimeout = std::chrono::seconds(10);
constexpr auto kHandshakeTimeout = std::chrono::seconds(10);

using PlainWs = websocket::stream<beast::tcp_stream>;
using TlsWs = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;
using AnyWs = std::variant<PlainWs, TlsWs>;

template <class Ws>
constexpr bool is_tls = std::is_same_v<std::decay_t<Ws>, TlsWs>;

}  // namespace

std::optional<ServerAddress> parse_server_address(const std::string& url) {
  static const std::regex pattern(
      R"(^(?:(wss?)://)?([A-Za-z0-9.\-]+|\[[0-9a-fA-F:]+\])(?::([0-9]{1,5}))?(/.*)?$)");
  std::smatch match;
  if (!std::regex_match(url, match, pattern)) return std::nullopt;
  const bool has_scheme = match[1].matched;
  if (!has_scheme && !match[3].matched) return std::nullopt;  // bare HOST:PORT needs its port
  ServerAddress address;
  address.tls = match[1] == "wss";
  address.host = match[2];
  address.port = match[3].matched ? match[3].str() : (address.tls ? "443" : "80");
  const int port = std::stoi(address.port);
  if (port < 1 || port > 65535) return std::nullopt;
  address.path = match[4].matched && !match[4].str().empty() ? match[4].str() : "/";
  return address;
}

struct Connection::Impl : std::enable_shared_from_this<Impl> {
  net::io_context io;
  std::shared_ptr<ssl::context> tls_context;  // wss:// only; outlives the stream
  AnyWs streams;
  beast::flat_buffer buffer;
  std::deque<std::string> outgoing;  // network thread only
  bool writing = false;              // network thread only

  mutable std::mutex mutex;
  std::condition_variable arrived;
  std::deque<v1::ServerEnvelope> incoming;
  bool is_closed = false;
  std::string reason;
  std::thread thread;

  explicit Impl(const ServerAddress& address)
      : tls_context(address.tls ? wire::make_client_tls_context(address.ca_file) : nullptr),
        streams(address.tls ? AnyWs(std::in_place_type<TlsWs>, io, *tls_context)
                            : AnyWs(std::in_place_type<PlainWs>, io)) {}

  // Calls `f` with the WebSocket stream, plain or TLS.
  template <class F>
  decltype(auto) with_ws(F&& f) {
    return std::visit(std::forward<F>(f), streams);
  }

  void mark_closed(const std::string& why) {
    std::lock_guard lock(mutex);
    if (!is_closed) {
      is_closed = true;
      reason = why;
    }
    arrived.notify_all();
  }

  // Resolves, connects, shakes hands (TLS for wss://, then WebSocket) on the calling thread, each
  // step with its time limit. Returns an error text, or an empty string once the WebSocket is open.
  std::string connect(const ServerAddress& address) {
    tcp::resolver resolver(io);
    beast::error_code error;
    const auto endpoints = resolver.resolve(address.host, address.port, error);
    if (error) return "cannot resolve " + address.host + ": " + error.message();
    const std::string where = address.host + ":" + address.port;
    std::string failure;
    with_ws([&](auto& ws) {
      auto& tcp_layer = beast::get_lowest_layer(ws);
      tcp_layer.expires_after(kConnectTimeout);
      tcp_layer.async_connect(endpoints, [&](beast::error_code connected, const tcp::endpoint&) {
        if (connected) {
          failure = "cannot connect to " + where + ": " + connected.message();
          return;
        }
        if constexpr (is_tls<decltype(ws)>) {
          if (auto problem = wire::prepare_client_tls(ws.next_layer().native_handle(), address.host);
              !problem.empty()) {
            failure = problem;
            return;
          }
          tcp_layer.expires_after(kHandshakeTimeout);
          ws.next_layer().async_handshake(ssl::stream_base::client, [&](beast::error_code shaken) {
            if (shaken) {
              failure = "TLS handshake with " + where +
                        " failed: " + wire::describe_tls_failure(ws.next_layer().native_handle(), shaken);
              return;
            }
            websocket_handshake(ws, address, where, failure);
          });
        } else {
          websocket_handshake(ws, address, where, failure);
        }
      });
    });
    io.run();
    io.restart();
    return failure;
  }

  template <class Ws>
  void websocket_handshake(Ws& ws, const ServerAddress& address, const std::string& where,
                           std::string& failure) {
    // From here the WebSocket's own handshake timeout applies; the TCP stream's must be off.
    beast::get_lowest_layer(ws).expires_never();
    auto timeout = websocket::stream_base::timeout::suggested(beast::role_type::client);
    timeout.handshake_timeout = kHandshakeTimeout;
    ws.set_option(timeout);
    ws.read_message_max(16 * 1024 * 1024);
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::request_type& request) { request.set(beast::http::field::user_agent, "hd_term"); }));
    ws.async_handshake(where, address.path, [this, &failure](beast::error_code shaken) {
      if (!shaken) return;
      failure = "WebSocket handshake failed: " + shaken.message();
      // Issue 28: Beast (1.74) leaves the stream in its handshake state after a declined upgrade
      // (nginx relaying the server's refusal keeps the TCP connection open), its handshake timer
      // still armed, so io.run() in connect() would wait kHandshakeTimeout for it. Nothing more is
      // wanted from this failed connection: stop the loop now.
      io.stop();
    });
  }

  void read_next() {
    with_ws([this](auto& ws) {
      ws.async_read(buffer, [self = shared_from_this(), &ws](beast::error_code error, std::size_t) {
        if (error) {
          const auto close = ws.reason();
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
    });
  }

  void write_next() {
    if (writing || outgoing.empty()) return;
    writing = true;
    with_ws([this](auto& ws) {
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
    });
  }

  void close() {
    with_ws([this](auto& ws) {
      if (!ws.is_open()) return;
      ws.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
    });
  }
};

Connection::Connection(const ServerAddress& address) : impl_(std::make_shared<Impl>(address)) {
  if (const std::string failure = impl_->connect(address); !failure.empty())
    throw std::runtime_error(failure);
  impl_->read_next();
  impl_->thread = std::thread([impl = impl_] { impl->io.run(); });
}

Connection::~Connection() {
  net::post(impl_->io, [impl = impl_] { impl->close(); });
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

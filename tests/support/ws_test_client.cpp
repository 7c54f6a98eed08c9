#include "ws_test_client.hpp"

#include <hd/wire/frame_codec.hpp>
#include <hd/wire/protocol_version.hpp>
#include <hd/wire/tls_client.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <optional>
#include <stdexcept>
#include <type_traits>

namespace hd::test {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

using PlainWs = websocket::stream<beast::tcp_stream>;
using TlsWs = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;

// One of the two streams is set: clear text, or TLS (issue 28) with the context it was made with.
struct WsTestClient::Impl {
  net::io_context io;
  std::shared_ptr<net::ssl::context> tls_context;
  std::optional<PlainWs> plain;
  std::optional<TlsWs> tls;
  beast::flat_buffer buffer;
  bool closed = false;
  int close_code = 0;

  // Runs `f` on whichever stream is open.
  template <typename F>
  decltype(auto) with_ws(F&& f) {
    return tls ? f(*tls) : f(*plain);
  }
};

namespace {

// Adds `headers` to every upgrade request the stream sends.
template <typename Ws>
void decorate_upgrade(Ws& ws, const HeaderFields& headers) {
  ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& request) {
    for (const auto& [name, value] : headers)
      request.set(name, value);
  }));
}

}  // namespace

WsTestClient::WsTestClient(const WsEndpoint& endpoint, const HeaderFields& headers)
    : impl_(std::make_unique<Impl>()) {
  const tcp::endpoint address(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(endpoint.port));
  if (endpoint.tls()) {
    impl_->tls_context = hd::wire::make_client_tls_context(endpoint.ca_file);
    impl_->tls.emplace(impl_->io, *impl_->tls_context);
  } else {
    impl_->plain.emplace(impl_->io);
  }
  impl_->with_ws([&](auto& ws) {
    auto& tcp_layer = beast::get_lowest_layer(ws);
    tcp_layer.expires_after(std::chrono::seconds(10));
    tcp_layer.connect(address);
    std::string host = "127.0.0.1";
    if constexpr (std::is_same_v<std::decay_t<decltype(ws)>, TlsWs>) {
      // The certificate must name localhost (tests/support/tls_server.hpp), as a client asking for
      // wss://localhost:PORT/ would check it.
      host = "localhost";
      const std::string problem = hd::wire::prepare_client_tls(ws.next_layer().native_handle(), host);
      if (!problem.empty()) throw std::runtime_error(problem);
      beast::error_code error;
      ws.next_layer().handshake(net::ssl::stream_base::client, error);
      if (error)
        throw std::runtime_error("TLS handshake: " +
                                 hd::wire::describe_tls_failure(ws.next_layer().native_handle(), error));
    }
    tcp_layer.expires_never();
    ws.read_message_max(16 * 1024 * 1024);
    decorate_upgrade(ws, headers);
    ws.handshake(host + ":" + std::to_string(endpoint.port), "/");
  });
}

WsTestClient::~WsTestClient() {
  if (!impl_->closed) {
    beast::error_code ignored;
    impl_->with_ws([&](auto& ws) { beast::get_lowest_layer(ws).socket().close(ignored); });
  }
}

void WsTestClient::send_binary(const std::string& bytes) {
  impl_->with_ws([&](auto& ws) {
    ws.binary(true);
    ws.write(net::buffer(bytes));
  });
}

void WsTestClient::send_text(const std::string& text) {
  impl_->with_ws([&](auto& ws) {
    ws.text(true);
    ws.write(net::buffer(text));
  });
}

void WsTestClient::send(const hundred_days::v1::ClientEnvelope& envelope) {
  send_binary(hd::wire::encode(envelope));
}

std::optional<hundred_days::v1::ServerEnvelope> WsTestClient::receive(std::chrono::milliseconds timeout) {
  if (impl_->closed) return std::nullopt;
  beast::error_code result = net::error::would_block;
  bool done = false;
  impl_->with_ws([&](auto& ws) {
    ws.async_read(impl_->buffer, [&](beast::error_code error, std::size_t) {
      result = error;
      done = true;
    });
  });
  impl_->io.restart();
  impl_->io.run_for(timeout);
  if (!done) {
    // Time is up: abandon the read (the socket is closed so the handler runs), report nothing.
    beast::error_code ignored;
    impl_->with_ws([&](auto& ws) { beast::get_lowest_layer(ws).socket().cancel(ignored); });
    impl_->io.restart();
    impl_->io.run();
    impl_->closed = true;  // a cancelled read leaves a Beast stream unusable
    return std::nullopt;
  }
  if (result) {
    impl_->closed = true;
    impl_->close_code = impl_->with_ws([](auto& ws) { return static_cast<int>(ws.reason().code); });
    return std::nullopt;
  }
  const std::string bytes = beast::buffers_to_string(impl_->buffer.data());
  impl_->buffer.consume(impl_->buffer.size());
  auto decoded = hd::wire::decode_server_envelope(bytes, 16 * 1024 * 1024);
  if (!decoded) throw std::runtime_error("server sent a malformed envelope: " + decoded.error);
  return std::move(decoded.envelope);
}

int WsTestClient::close_code() const {
  return impl_->close_code;
}
bool WsTestClient::closed() const {
  return impl_->closed;
}

std::optional<hundred_days::v1::ServerEnvelope> WsTestClient::hello(std::uint32_t version,
                                                                    std::uint64_t request_id) {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_hello()->set_protocol_version(version);
  envelope.mutable_hello()->set_client_name("ws-test-client");
  send(envelope);
  return receive();
}

std::pair<int, std::string> http_get(int port, const std::string& path, const HeaderFields& headers) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  beast::http::request<beast::http::empty_body> request(beast::http::verb::get, path, 11);
  request.set(beast::http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers)
    request.set(name, value);
  beast::http::write(stream, request);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> response;
  beast::http::read(stream, buffer, response);
  return {static_cast<int>(response.result_int()), response.body()};
}

int upgrade_status(int port, const HeaderFields& headers) {
  // A hand-made upgrade request: Beast's handshake does not hand back a refused upgrade's response.
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  beast::http::request<beast::http::empty_body> request(beast::http::verb::get, "/", 11);
  request.set(beast::http::field::host, "127.0.0.1:" + std::to_string(port));
  request.set(beast::http::field::connection, "Upgrade");
  request.set(beast::http::field::upgrade, "websocket");
  request.set(beast::http::field::sec_websocket_version, "13");
  request.set(beast::http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  for (const auto& [name, value] : headers)
    request.set(name, value);
  beast::http::write(stream, request);
  beast::flat_buffer buffer;
  beast::http::response_parser<beast::http::empty_body> parser;
  beast::http::read_header(stream, buffer, parser);
  beast::error_code ignored;
  stream.socket().close(ignored);
  return static_cast<int>(parser.get().result_int());
}

}  // namespace hd::test

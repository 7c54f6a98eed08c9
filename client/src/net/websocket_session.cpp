#include "net/websocket_session.hpp"

#include "net/envelope_events.hpp"

#include <hd/wire/frame_codec.hpp>
#include <hd/wire/protocol_version.hpp>
#include <hd/wire/tls_client.hpp>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/websocket/error.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <chrono>
#include <utility>

namespace hd::client {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

constexpr auto kConnectTimeout = std::chrono::seconds(10);
constexpr auto kHandshakeTimeout = std::chrono::seconds(10);
constexpr auto kCloseTimeout = std::chrono::seconds(2);
constexpr std::uint64_t kHelloRequestId = 1;
constexpr const char* kClientName = "hd_client";

}  // namespace

namespace {
// The stream for `url`: TLS over TCP for wss:// (with `tls`), plain TCP otherwise.
template <class Variant, class Plain, class Tls>
Variant make_ws(boost::asio::io_context& io, const std::shared_ptr<boost::asio::ssl::context>& tls) {
  if (tls) return Variant(std::in_place_type<Tls>, io, *tls);
  return Variant(std::in_place_type<Plain>, io);
}
}  // namespace

WebSocketSession::WebSocketSession(boost::asio::io_context& io, ServerUrl url, EventSink sink)
    : io_(io),
      url_(std::move(url)),
      sink_(std::move(sink)),
      resolver_(io),
      tls_(url_.tls ? wire::make_client_tls_context(url_.ca_file) : nullptr),
      ws_(make_ws<std::variant<PlainWs, TlsWs>, PlainWs, TlsWs>(io, tls_)),
      close_deadline_(io) {}

void WebSocketSession::start() {
  resolver_.async_resolve(url_.host, url_.port,
                          beast::bind_front_handler(&WebSocketSession::on_resolve, shared_from_this()));
}

void WebSocketSession::on_resolve(beast::error_code error, Tcp::resolver::results_type results) {
  if (error) return fail("cannot resolve " + url_.host, error);
  with_ws([&](auto& ws) {
    beast::get_lowest_layer(ws).expires_after(kConnectTimeout);
    beast::get_lowest_layer(ws).async_connect(
        results, beast::bind_front_handler(&WebSocketSession::on_connect, shared_from_this()));
  });
}

void WebSocketSession::on_connect(beast::error_code error, Tcp::resolver::results_type::endpoint_type) {
  if (error) return fail("cannot connect to " + address(), error);
  auto* tls = std::get_if<TlsWs>(&ws_);
  if (!tls) return start_websocket_handshake();
  if (const std::string problem = wire::prepare_client_tls(tls->next_layer().native_handle(), url_.host);
      !problem.empty())
    return fail(problem, {});
  beast::get_lowest_layer(*tls).expires_after(kHandshakeTimeout);
  tls->next_layer().async_handshake(
      boost::asio::ssl::stream_base::client,
      beast::bind_front_handler(&WebSocketSession::on_tls_handshake, shared_from_this()));
}

// A refused certificate ends here with what was wrong with it (hd/wire/tls_client.hpp).
void WebSocketSession::on_tls_handshake(beast::error_code error) {
  if (error) {
    const std::string why =
        wire::describe_tls_failure(std::get<TlsWs>(ws_).next_layer().native_handle(), error);
    return fail("TLS handshake with " + address() + " failed: " + why, {});
  }
  start_websocket_handshake();
}

void WebSocketSession::start_websocket_handshake() {
  with_ws([&](auto& ws) {
    // From here the WebSocket's own timeouts apply; the TCP stream's must be off.
    beast::get_lowest_layer(ws).expires_never();
    auto timeout = websocket::stream_base::timeout::suggested(beast::role_type::client);
    timeout.handshake_timeout = kHandshakeTimeout;
    ws.set_option(timeout);
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::request_type& request) { request.set(beast::http::field::user_agent, kClientName); }));
    ws.read_message_max(wire::kDefaultMaxMessageBytes);
    ws.binary(true);
    ws.async_handshake(address(), url_.target,
                       beast::bind_front_handler(&WebSocketSession::on_handshake, shared_from_this()));
  });
}

void WebSocketSession::on_handshake(beast::error_code error) {
  if (error) return fail("WebSocket handshake with " + address() + " failed", error);
  open_ = true;
  if (closing_) return begin_close();
  sink_(Connected{});
  send_hello();
  read_next();
}

// The first message of every connection (protocol.proto: Hello).
void WebSocketSession::send_hello() {
  hundred_days::v1::ClientEnvelope envelope;
  envelope.set_request_id(kHelloRequestId);
  auto* hello = envelope.mutable_hello();
  hello->set_protocol_version(wire::kProtocolVersion);
  hello->set_client_name(kClientName);
  queue_.push_front(wire::encode(envelope));
  write_next();
}

void WebSocketSession::send(const hundred_days::v1::ClientEnvelope& envelope) {
  if (closing_ || failed_) return;
  queue_.push_back(wire::encode(envelope));
  if (open_) write_next();
}

void WebSocketSession::write_next() {
  if (writing_ || queue_.empty() || closing_ || failed_) return;
  writing_ = true;
  with_ws([&](auto& ws) {
    ws.async_write(boost::asio::buffer(queue_.front()),
                   beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
  });
}

void WebSocketSession::on_write(beast::error_code error, std::size_t) {
  writing_ = false;
  queue_.pop_front();
  if (closing_) return begin_close();
  if (error) return fail("cannot send to " + address(), error);
  write_next();
}

void WebSocketSession::read_next() {
  with_ws([&](auto& ws) {
    ws.async_read(buffer_, beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
  });
}

void WebSocketSession::on_read(beast::error_code error, std::size_t) {
  if (error == websocket::error::closed) {
    const std::string reason = with_ws([](auto& ws) { return std::string(ws.reason().reason.c_str()); });
    return fail("the server closed the connection" + (reason.empty() ? "" : " (" + reason + ")"), {});
  }
  if (error) return fail("connection to " + address() + " lost", error);

  const std::string bytes = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  auto decoded = wire::decode_server_envelope(bytes, wire::kDefaultMaxMessageBytes);
  if (!decoded) {
    fail("the server sent an unreadable message: " + decoded.error, {});
    return close();
  }
  if (auto event = to_event(*decoded.envelope)) sink_(std::move(*event));
  read_next();
}

void WebSocketSession::fail(const std::string& what, beast::error_code error) {
  if (closing_ || failed_) return;
  failed_ = true;
  sink_(ConnectionFailed{error ? what + ": " + error.message() : what});
}

void WebSocketSession::close() {
  if (closing_) return;
  closing_ = true;
  close_deadline_.expires_after(kCloseTimeout);
  close_deadline_.async_wait([self = shared_from_this()](beast::error_code error) {
    if (!error) self->force_close();
  });
  if (!open_) return force_close();  // still resolving, connecting or shaking hands
  if (!writing_) begin_close();      // otherwise on_write closes once the write is done
}

void WebSocketSession::begin_close() {
  with_ws([&](auto& ws) {
    if (!ws.is_open()) return force_close();
    ws.async_close(websocket::close_code::normal,
                   [self = shared_from_this()](beast::error_code) { self->force_close(); });
  });
}

void WebSocketSession::force_close() {
  resolver_.cancel();
  with_ws([](auto& ws) {
    beast::error_code ignored;
    beast::get_lowest_layer(ws).socket().shutdown(Tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws).socket().close(ignored);
  });
  close_deadline_.cancel();
  // Beast's own timers (e.g. an aborted handshake's) could keep the io_context busy for seconds;
  // the context serves this session only, so stop it once the client's close is done.
  if (closing_) io_.stop();
}

}  // namespace hd::client

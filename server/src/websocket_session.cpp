#include "websocket_session.hpp"

#include "log.hpp"
#include "ops/refusal_accounting.hpp"

#include <hd/wire/frame_codec.hpp>

#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket/error.hpp>

namespace hd::server {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace websocket = beast::websocket;

WebSocketSession::WebSocketSession(std::unique_ptr<WebSocketTransport> ws, ServerContext& context,
                                   std::string client_address, ConnectionsPerAddress::Lease place)
    : ws_(std::move(ws)),
      context_(context),
      peer_address_(std::move(client_address)),
      place_(std::move(place)) {
  const auto endpoint = ws_->remote_endpoint();
  peer_ = endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

void WebSocketSession::run(beast::http::request<beast::http::string_body> request) {
  // The websocket stream has its own timeouts (handshake, idle with pings); the TCP one is off.
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = context_.config.handshake_timeout;
  timeouts.idle_timeout = context_.config.idle_timeout;
  timeouts.keep_alive_pings = true;
  ws_->configure(timeouts, context_.config.max_message_bytes);
  // The transport keeps the request only for the handshake's first step; it must outlive it here.
  auto held = std::make_shared<beast::http::request<beast::http::string_body>>(std::move(request));
  ws_->async_accept(*held,
                    [self = shared_from_this(), held](beast::error_code error) { self->on_accept(error); });
}

void WebSocketSession::on_accept(beast::error_code error) {
  if (error) {
    log_event(LogLevel::Warning, "websocket_handshake_failed", {{"peer", peer_}, {"error", error.message()}});
    return;
  }
  connection_id_ = context_.registry.add(weak_from_this());
  protocol_.emplace(context_.facts, connection_id_, context_.config.max_message_bytes,
                    context_.config.rate_limit, std::chrono::steady_clock::now(),
                    &context_.address_rate_limiter, peer_address_);
  context_.metrics.connection_opened();
  log_event(LogLevel::Info, "connection_opened",
            {{"connection", std::to_string(connection_id_)}, {"peer", peer_}, {"client", peer_address_}});
  context_.hub.connection_opened(connection_id_, peer_address_);
  do_read();
}

void WebSocketSession::close_for_shutdown() {
  net::post(ws_->get_executor(), [self = shared_from_this()] {
    self->request_close(CloseRequest{kCloseGoingAway, "server shutting down"});
  });
}

void WebSocketSession::deliver(std::string frame) {
  net::post(ws_->get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->enqueue(std::move(frame));
  });
}

void WebSocketSession::close_with(CloseRequest close) {
  net::post(ws_->get_executor(), [self = shared_from_this(), close = std::move(close)]() mutable {
    self->request_close(std::move(close));
  });
}

void WebSocketSession::when_drained(std::size_t low_water, std::function<void()> drained) {
  net::post(ws_->get_executor(),
            [self = shared_from_this(), low_water, drained = std::move(drained)]() mutable {
              if (self->finished_ || self->close_started_ || self->pending_close_) return;
              self->drain_wait_ = DrainWait{low_water, std::move(drained)};
              self->check_drained();
            });
}

void WebSocketSession::check_drained() {
  if (!drain_wait_ || outbox_.size() > drain_wait_->low_water) return;
  const std::function<void()> drained = std::move(drain_wait_->drained);
  drain_wait_.reset();
  drained();
}

void WebSocketSession::do_read() {
  ws_->async_read(buffer_, beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code error, std::size_t) {
  if (error == websocket::error::closed) return finish("closed by peer");
  if (error == websocket::error::message_too_big) {
    // Beast has already answered with close code 1009 (message too big).
    log_event(LogLevel::Warning, "frame_too_large",
              {{"connection", std::to_string(connection_id_)},
               {"limit_bytes", std::to_string(context_.config.max_message_bytes)}});
    return finish("frame too large");
  }
  if (error) return finish(error.message());
  if (close_started_ || pending_close_) return;  // ignore anything after we decided to close

  const std::string frame = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  ProtocolReply reply = protocol_->on_frame(frame, ws_->got_binary());
  if (!reply.request_type.empty()) context_.metrics.count_request(reply.request_type);
  for (const auto& message : reply.messages) {
    note_refusal(context_.metrics, context_.refusal_log, connection_id_, peer_address_, message);
    enqueue(hd::wire::encode(message));
  }
  if (reply.forward) context_.hub.request(connection_id_, std::move(*reply.forward));
  if (reply.close) {
    request_close(*reply.close);
    return;
  }
  do_read();
}

void WebSocketSession::enqueue(std::string frame) {
  if (finished_ || close_started_) return;
  if (outbox_.size() >= context_.config.write_queue_limit) {
    log_event(LogLevel::Warning, "slow_client_dropped",
              {{"connection", std::to_string(connection_id_)}, {"queued", std::to_string(outbox_.size())}});
    ws_->close_socket();
    return;
  }
  outbox_.push_back(std::move(frame));
  if (!writing_) do_write();
}

void WebSocketSession::do_write() {
  writing_ = true;
  ws_->async_write(net::buffer(outbox_.front()),
                   beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code error, std::size_t) {
  writing_ = false;
  if (error) return finish("write failed: " + error.message());
  outbox_.pop_front();
  check_drained();
  if (!outbox_.empty()) return do_write();
  start_close_if_idle();
}

void WebSocketSession::request_close(CloseRequest close) {
  if (finished_ || close_started_ || pending_close_) return;
  pending_close_ = std::move(close);
  start_close_if_idle();
}

void WebSocketSession::start_close_if_idle() {
  if (!pending_close_ || writing_ || close_started_ || finished_) return;
  close_started_ = true;
  websocket::close_reason reason(static_cast<websocket::close_code>(pending_close_->code),
                                 pending_close_->reason);
  ws_->async_close(reason, beast::bind_front_handler(&WebSocketSession::on_close, shared_from_this()));
}

void WebSocketSession::on_close(beast::error_code error) {
  finish(error ? "close failed: " + error.message() : "closed by server (" + pending_close_->reason + ")");
}

void WebSocketSession::finish(const std::string& why) {
  if (finished_) return;
  finished_ = true;
  drain_wait_.reset();  // never called for a closed connection
  if (connection_id_ != 0) {
    context_.metrics.connection_closed();
    context_.registry.remove(connection_id_);
    context_.hub.connection_closed(connection_id_);
  }
  log_event(LogLevel::Info, "connection_closed",
            {{"connection", std::to_string(connection_id_)}, {"why", why}});
}

}  // namespace hd::server

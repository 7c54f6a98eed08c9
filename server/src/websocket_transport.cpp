#include "websocket_transport.hpp"

#include <boost/beast/http/field.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace hd::server {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

template <class Next>
class TransportOver final : public WebSocketTransport {
 public:
  explicit TransportOver(Next&& next) : ws_(std::move(next)) {}

  boost::asio::any_io_executor get_executor() override { return ws_.get_executor(); }

  boost::asio::ip::tcp::endpoint remote_endpoint() override {
    beast::error_code ignored;
    return beast::get_lowest_layer(ws_).socket().remote_endpoint(ignored);
  }

  void configure(const websocket::stream_base::timeout& timeouts, std::size_t max_message_bytes) override {
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
      response.set(beast::http::field::server, "hundred-days");
    }));
    ws_.read_message_max(max_message_bytes);
    ws_.binary(true);
  }

  void async_accept(const beast::http::request<beast::http::string_body>& request, Done done) override {
    ws_.async_accept(request, std::move(done));
  }
  void async_read(beast::flat_buffer& buffer, Transferred done) override {
    ws_.async_read(buffer, std::move(done));
  }
  void async_write(boost::asio::const_buffer frame, Transferred done) override {
    ws_.async_write(frame, std::move(done));
  }
  void async_close(const websocket::close_reason& reason, Done done) override {
    ws_.async_close(reason, std::move(done));
  }
  bool got_binary() const override { return ws_.got_binary(); }
  void close_socket() override {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

 private:
  websocket::stream<Next> ws_;
};

}  // namespace

std::unique_ptr<WebSocketTransport> make_websocket_transport(PlainStream&& stream) {
  return std::make_unique<TransportOver<PlainStream>>(std::move(stream));
}

std::unique_ptr<WebSocketTransport> make_websocket_transport(TlsStream&& stream) {
  return std::make_unique<TransportOver<TlsStream>>(std::move(stream));
}

}  // namespace hd::server

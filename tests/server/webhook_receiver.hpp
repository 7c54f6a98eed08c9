// Test support (issue 16): a tiny HTTP(S) webhook receiver on 127.0.0.1 for the end-to-end tests
// of the server's webhooks (webhook_e2e_test.cpp, deadline_e2e_test.cpp).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hd::test {

struct Received {
  std::string target;
  std::string signature;
  std::string body;
};

// A tiny HTTP receiver on 127.0.0.1: keeps every POST and answers 200 (or 500 on /fail). With a
// certificate and key (PEM files), it speaks https.
class Receiver {

 public:
  explicit Receiver(const std::filesystem::path& certificate = {}, const std::filesystem::path& key = {})
      : acceptor_(io_, {boost::asio::ip::make_address("127.0.0.1"), 0}),
        tls_(boost::asio::ssl::context::tls_server) {
    if (!certificate.empty()) {
      tls_.use_certificate_chain_file(certificate.string());
      tls_.use_private_key_file(key.string(), boost::asio::ssl::context::pem);
      secure_ = true;
    }
    thread_ = std::thread([this] { run(); });
  }
  ~Receiver() {
    stopping_ = true;
    try {  // wakes the blocking accept
      boost::asio::io_context io;
      boost::asio::ip::tcp::socket poke(io);
      poke.connect({boost::asio::ip::make_address("127.0.0.1"), port()});
    } catch (...) {
    }
    thread_.join();
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  int handshakes_failed() const { return handshakes_failed_; }
  std::vector<Received> received() {
    std::lock_guard lock(mutex_);
    return received_;
  }
  // Waits up to `timeout` until `done` holds for what was received.
  bool wait(const std::function<bool(const std::vector<Received>&)>& done,
            std::chrono::milliseconds timeout = std::chrono::seconds(15)) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < until) {
      if (done(received())) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return done(received());
  }

 private:
  void run() {
    while (!stopping_) {
      boost::system::error_code error;
      boost::asio::ip::tcp::socket socket(io_);
      acceptor_.accept(socket, error);
      if (error || stopping_) continue;
      if (!secure_) {
        serve(socket);
        continue;
      }
      boost::asio::ssl::stream<boost::asio::ip::tcp::socket&> stream(socket, tls_);
      stream.handshake(boost::asio::ssl::stream_base::server, error);
      if (error) {
        ++handshakes_failed_;
        continue;
      }
      serve(stream);
    }
  }

  template <typename Stream>
  void serve(Stream& stream) {
    boost::system::error_code error;
    boost::beast::flat_buffer buffer;
    boost::beast::http::request<boost::beast::http::string_body> request;
    boost::beast::http::read(stream, buffer, request, error);
    if (error) return;
    {
      std::lock_guard lock(mutex_);
      received_.push_back(
          {std::string(request.target()), std::string(request["X-HD-Signature"]), request.body()});
    }
    boost::beast::http::response<boost::beast::http::string_body> response(
        request.target() == "/fail" ? boost::beast::http::status::internal_server_error
                                    : boost::beast::http::status::ok,
        11);
    response.body() = "thanks";
    response.prepare_payload();
    boost::beast::http::write(stream, response, error);
  }

  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::ssl::context tls_;
  bool secure_ = false;
  std::atomic<int> handshakes_failed_{0};
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::vector<Received> received_;
};

}  // namespace hd::test

#include "ws_clients.hpp"

#include <hd/wire/tls_client.hpp>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include <atomic>
#include <stdexcept>
#include <sys/resource.h>
#include <thread>
#include <type_traits>
#include <utility>  // first: Boost 1.74's awaitable.hpp uses std::exchange without it

namespace hd::bench {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using Stream = websocket::stream<beast::tcp_stream>;
using TlsStream = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;

namespace {

// Connects, shakes hands (TLS first, for a TlsStream) and says the set-up messages, each awaiting
// one answer. Throws on failure.
template <class Ws>
net::awaitable<void> set_up(Ws& ws, int port, const std::vector<std::string>& setup) {
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(30));
  co_await beast::get_lowest_layer(ws).async_connect(
      tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
      net::use_awaitable);
  if constexpr (std::is_same_v<Ws, TlsStream>) {
    const std::string problem = wire::prepare_client_tls(ws.next_layer().native_handle(), "localhost");
    if (!problem.empty()) throw std::runtime_error(problem);
    co_await ws.next_layer().async_handshake(net::ssl::stream_base::client, net::use_awaitable);
  }
  beast::get_lowest_layer(ws).expires_never();
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  co_await ws.async_handshake("127.0.0.1:" + std::to_string(port), "/", net::use_awaitable);
  ws.binary(true);
  beast::flat_buffer buffer;
  for (const std::string& message : setup) {
    co_await ws.async_write(net::buffer(message), net::use_awaitable);
    co_await ws.async_read(buffer, net::use_awaitable);
    buffer.consume(buffer.size());
  }
}

struct RoundTripRun {
  net::io_context io;
  Target target;
  const std::vector<std::string>* setup = nullptr;
  const std::string* request = nullptr;
  std::atomic<int> ready{0}, failed{0};
  std::atomic<bool> measuring{false}, stopping{false};
  std::vector<std::vector<std::int64_t>> latencies;  // per connection
};

// A new stream of the run's kind: over TLS with the run's context, or plain.
template <class Ws>
std::unique_ptr<Ws> make_stream(RoundTripRun& run) {
  if constexpr (std::is_same_v<Ws, TlsStream>)
    return std::make_unique<Ws>(run.io, *run.target.tls);
  else
    return std::make_unique<Ws>(run.io);
}

template <class Ws>
net::awaitable<void> round_trip_loop(RoundTripRun& run, std::size_t index) {
  const auto stream = make_stream<Ws>(run);
  Ws& ws = *stream;
  try {
    co_await set_up(ws, run.target.port, *run.setup);
    ++run.ready;
    beast::flat_buffer buffer;
    while (!run.stopping) {
      const auto sent = Clock::now();
      co_await ws.async_write(net::buffer(*run.request), net::use_awaitable);
      co_await ws.async_read(buffer, net::use_awaitable);
      buffer.consume(buffer.size());
      if (run.measuring && !run.stopping)
        run.latencies[index].push_back(
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent).count());
    }
  } catch (const std::exception&) {
    if (!run.stopping) ++run.failed;
  }
  beast::error_code ignored;
  beast::get_lowest_layer(ws).socket().close(ignored);
}

}  // namespace

RoundTrips measure_round_trips(const Target& target, int connections, const std::vector<std::string>& setup,
                               const std::string& request, std::chrono::milliseconds duration) {
  RoundTripRun run;
  run.target = target;
  run.setup = &setup;
  run.request = &request;
  run.latencies.resize(static_cast<std::size_t>(connections));
  for (int i = 0; i < connections; ++i)
    net::co_spawn(run.io,
                  target.tls ? round_trip_loop<TlsStream>(run, static_cast<std::size_t>(i))
                             : round_trip_loop<Stream>(run, static_cast<std::size_t>(i)),
                  net::detached);
  std::thread thread([&] { run.io.run(); });
  const auto give_up = Clock::now() + std::chrono::seconds(60);
  while (run.ready + run.failed < connections && Clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // warm up
  run.measuring = true;
  const auto started = Clock::now();
  std::this_thread::sleep_for(duration);
  run.stopping = true;
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  run.io.stop();
  thread.join();
  RoundTrips out;
  out.seconds = seconds;
  out.connections_failed = run.failed + (connections - run.ready - run.failed);
  for (auto& each : run.latencies)
    out.latencies_us.insert(out.latencies_us.end(), each.begin(), each.end());
  out.count = out.latencies_us.size();
  return out;
}

struct IdleConnections::Impl {
  net::io_context io;
  std::vector<std::string> setup;  // outlives every connection's coroutine
  std::vector<std::unique_ptr<Stream>> streams;
  std::atomic<int> open{0}, failed{0};
  std::thread thread;
};

namespace {

net::awaitable<void> stay_idle(Stream& ws, int port, const std::vector<std::string>& setup,
                               std::atomic<int>& open, std::atomic<int>& failed) {
  bool was_open = false;
  try {
    co_await set_up(ws, port, setup);
    ++open;
    was_open = true;
    beast::flat_buffer buffer;
    while (true) {  // answers pings; anything the server sends is dropped
      co_await ws.async_read(buffer, net::use_awaitable);
      buffer.consume(buffer.size());
    }
  } catch (const std::exception&) {
    if (was_open) --open;
    ++failed;
  }
}

}  // namespace

IdleConnections::IdleConnections(int port, int connections, const std::vector<std::string>& setup)
    : impl_(std::make_unique<Impl>()) {
  impl_->setup = setup;
  impl_->thread = std::thread([this] {
    auto guard = net::make_work_guard(impl_->io);
    impl_->io.run();
  });
  // Opened in batches so the listen backlog is never the limit measured.
  constexpr int kBatch = 200;
  for (int first = 0; first < connections; first += kBatch) {
    const int last = std::min(connections, first + kBatch);
    net::post(impl_->io, [this, port, first, last] {
      for (int i = first; i < last; ++i) {
        impl_->streams.push_back(std::make_unique<Stream>(impl_->io));
        net::co_spawn(impl_->io,
                      stay_idle(*impl_->streams.back(), port, impl_->setup, impl_->open, impl_->failed),
                      net::detached);
      }
    });
    const auto give_up = Clock::now() + std::chrono::seconds(60);
    while (impl_->open + impl_->failed < last && Clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

IdleConnections::~IdleConnections() {
  impl_->io.stop();
  impl_->thread.join();
}

int IdleConnections::open() const {
  return impl_->open;
}

int IdleConnections::failed() const {
  return impl_->failed;
}

long raise_file_limit() {
  rlimit limit{};
  getrlimit(RLIMIT_NOFILE, &limit);
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
  getrlimit(RLIMIT_NOFILE, &limit);
  return static_cast<long>(limit.rlim_cur);
}

}  // namespace hd::bench

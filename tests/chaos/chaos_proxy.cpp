#include "chaos_proxy.hpp"

#include <hd/engine/state/dice.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>

#include <array>
#include <mutex>
#include <set>
#include <thread>

namespace hd::test {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

struct ChaosProxy::Impl {
  Impl(int server_port, ChaosOptions chaos)
      : options(chaos), random(chaos.seed), upstream_port(server_port) {}

  // One client connection and its connection to the server; each direction pumps chunks in order.
  struct Link : std::enable_shared_from_this<Link> {
    Link(Impl& proxy, tcp::socket client)
        : proxy(proxy),
          client(std::move(client)),
          server(proxy.io),
          timer_up(proxy.io),
          timer_down(proxy.io) {}

    void start() {
      auto self = shared_from_this();
      server.async_connect(
          {asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(proxy.upstream_port)},
          [self](boost::system::error_code error) {
            if (error) return self->cut();
            self->pump(self->client, self->server, self->up, self->timer_up);
            self->pump(self->server, self->client, self->down, self->timer_down);
          });
    }

    // Reads a chunk from `from`, decides its fate, writes it to `to`, repeats.
    void pump(tcp::socket& from, tcp::socket& to, std::array<char, 4096>& buffer, asio::steady_timer& timer) {
      auto self = shared_from_this();
      from.async_read_some(asio::buffer(buffer), [self, &from, &to, &buffer, &timer](
                                                     boost::system::error_code error, std::size_t size) {
        if (error) return self->cut();
        const Fault fault = self->proxy.decide(size);
        if (fault.cut) {
          if (fault.forward == 0) return self->cut();
          return asio::async_write(to, asio::buffer(buffer.data(), fault.forward),
                                   [self](boost::system::error_code, std::size_t) { self->cut(); });
        }
        timer.expires_after(fault.wait);
        timer.async_wait([self, &from, &to, &buffer, &timer, size](boost::system::error_code) {
          if (self->closed) return;
          asio::async_write(
              to, asio::buffer(buffer.data(), size),
              [self, &from, &to, &buffer, &timer](boost::system::error_code error, std::size_t) {
                if (error) return self->cut();
                self->pump(from, to, buffer, timer);
              });
        });
      });
    }

    void cut() {
      if (closed) return;
      closed = true;
      boost::system::error_code ignored;
      client.close(ignored);
      server.close(ignored);
      timer_up.cancel();
      timer_down.cancel();
      proxy.links.erase(shared_from_this());
    }

    Impl& proxy;
    tcp::socket client, server;
    asio::steady_timer timer_up, timer_down;
    std::array<char, 4096> up{}, down{};
    bool closed = false;
  };

  struct Fault {
    bool cut = false;
    std::size_t forward = 0;  // bytes forwarded before a cut
    std::chrono::milliseconds wait{0};
  };

  // The fate of one chunk of `size` bytes (on the proxy's thread, so the generator needs no lock).
  Fault decide(std::size_t size) {
    std::lock_guard lock(mutex);
    ++counted.chunks;
    Fault fault;
    if (!faults) return fault;
    const auto chance = [&](double p) { return static_cast<double>(random.below(1000000)) < p * 1e6; };
    if (chance(options.cut_probability)) {
      fault.cut = true;
      ++counted.cuts;
      if (size > 1 && chance(options.cut_mid_chunk_share)) {
        fault.forward = 1 + random.below(size - 1);
        ++counted.mid_chunk_cuts;
      }
    } else if (chance(options.stall_probability)) {
      fault.wait = options.stall_time;
      ++counted.stalls;
    } else if (chance(options.delay_probability)) {
      fault.wait = std::chrono::milliseconds(1 + random.below(options.max_delay.count()));
      ++counted.delays;
    }
    return fault;
  }

  void accept() {
    acceptor.async_accept([this](boost::system::error_code error, tcp::socket socket) {
      if (error) return;  // closed on shutdown
      {
        std::lock_guard lock(mutex);
        ++counted.connections;
      }
      socket.set_option(tcp::no_delay(true));
      auto link = std::make_shared<Link>(*this, std::move(socket));
      links.insert(link);
      link->start();
      accept();
    });
  }

  ChaosOptions options;
  engine::SplitMix64 random;
  int upstream_port;
  asio::io_context io;
  tcp::acceptor acceptor{io, {asio::ip::make_address("127.0.0.1"), 0}};
  std::set<std::shared_ptr<Link>> links;  // used on the proxy's thread only
  mutable std::mutex mutex;               // guards faults, counted and random
  bool faults = false;
  ChaosCounts counted;
  std::thread thread;
};

ChaosProxy::ChaosProxy(int server_port, ChaosOptions options)
    : impl_(std::make_unique<Impl>(server_port, options)) {
  impl_->accept();
  impl_->thread = std::thread([this] { impl_->io.run(); });
}

ChaosProxy::~ChaosProxy() {
  asio::post(impl_->io, [this] {
    impl_->acceptor.close();
    auto links = impl_->links;
    for (const auto& link : links)
      link->cut();
  });
  impl_->thread.join();
}

int ChaosProxy::port() const {
  return impl_->acceptor.local_endpoint().port();
}

void ChaosProxy::set_faults(bool on) {
  std::lock_guard lock(impl_->mutex);
  impl_->faults = on;
}

ChaosCounts ChaosProxy::counts() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->counted;
}

}  // namespace hd::test

// Issue 16 (e-mail; docs/server.md, "E-mail"): the EmailSender's bounded queue and timeout, against
// a relay that takes the connection and never says a word: the message under way fails within the
// timeout, a full queue drops its oldest message (counted), and destruction joins the worker
// within about one more timeout.
#include "notify/email_sender.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <thread>

using namespace hd::server;
namespace net = boost::asio;

namespace {

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos;
}

}  // namespace

TEST_CASE("EmailSender: a silent relay times out, a full queue drops its oldest, a stop joins in time",
          "[email]") {
  net::io_context io;
  net::ip::tcp::acceptor silent(io, {net::ip::make_address("127.0.0.1"), 0});
  silent.non_blocking(true);
  Metrics metrics;
  SmtpSettings settings;
  settings.url = "smtp://127.0.0.1:" + std::to_string(silent.local_endpoint().port());
  settings.from = "turns@play.example.org";
  settings.timeout = std::chrono::seconds(1);
  settings.queue_limit = 1;
  auto sender = std::make_unique<EmailSender>(settings, metrics);
  sender->send({"a@example.org", "first", "body", "first"});

  // The worker has taken the first message once its connection arrives (no sleeping guess).
  std::vector<net::ip::tcp::socket> held;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (held.empty() && std::chrono::steady_clock::now() < until) {
    boost::system::error_code error;
    net::ip::tcp::socket socket(io);
    silent.accept(socket, error);
    if (!error) {
      held.push_back(std::move(socket));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  REQUIRE(held.size() == 1);
  sender->send({"b@example.org", "second", "body", "second"});
  sender->send({"c@example.org", "third", "body", "third"});  // the queue holds 1: "second" goes
  CHECK(has_line(metrics.render(), "hd_emails_total{outcome=\"dropped\"} 1"));

  const auto stopping = std::chrono::steady_clock::now();
  sender.reset();  // "first" times out; "third" gets what is left of one timeout, then the join
  const auto took = std::chrono::steady_clock::now() - stopping;
  CHECK(took < std::chrono::seconds(4));
  const std::string rendered = metrics.render();
  CHECK(has_line(rendered, "hd_emails_total{outcome=\"sent\"} 0"));
  // "first" failed; "third" failed (its connection is never greeted) or was dropped at the stop.
  CHECK((has_line(rendered, "hd_emails_total{outcome=\"failed\"} 2") ||
         (has_line(rendered, "hd_emails_total{outcome=\"failed\"} 1") &&
          has_line(rendered, "hd_emails_total{outcome=\"dropped\"} 2"))));
}

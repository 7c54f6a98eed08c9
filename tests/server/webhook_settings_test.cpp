// Issue 16 (webhooks; docs/server.md, "Webhooks"): which urls an account may set, the secret, the
// stored settings on a real SQLite file, the signature and body the receiver gets, and the settings.
#include "accounts/webhook_settings.hpp"

#include "accounts/password_hashing.hpp"
#include "database.hpp"
#include "migrations.hpp"
#include "notify/public_address.hpp"
#include "notify/turn_notices.hpp"
#include "notify/webhook_sender.hpp"
#include "notify/webhook_url.hpp"
#include "server_config.hpp"
#include "server_process.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>

using namespace hd::server;

TEST_CASE("Webhook urls: http or https with a host, an optional port and path, bounded", "[webhooks]") {
  for (const char* good : {"http://127.0.0.1:8080/hook", "https://hooks.example.org/a/b?c=d", "http://h",
                           "http://[::1]:9/x", "https://example.org:443"}) {
    INFO(good);
    CHECK_FALSE(webhook_url_problem(good));
  }
  for (const char* bad :
       {"", "ftp://h/", "http://", "https:///x", "http://:80/", "http://h:/", "http://h:0/",
        "http://h:65536/", "http://h:8x/", "http://user@h/", "http://h /", "http://h/\n", "http://[::1/",
        "http://[::1]x/", "http://[::1]:/", "http://[]/", "HTTP://h/", "//h/"}) {
    INFO(bad);
    const auto problem = webhook_url_problem(bad);
    REQUIRE(problem);
    CHECK(problem->find("http://") != std::string::npos);  // says what a url must be
  }
  CHECK_FALSE(webhook_url_problem("http://h/" + std::string(kMaxWebhookUrlBytes - 9, 'a')));
  CHECK(webhook_url_problem("http://h/" + std::string(kMaxWebhookUrlBytes - 8, 'a')));
}

TEST_CASE("Webhook urls are split for the request by the same parser that checks them", "[webhooks]") {
  const auto split = [](const char* url) {
    auto parsed = parse_webhook_url(url);
    REQUIRE(std::holds_alternative<WebhookUrl>(parsed));
    return std::get<WebhookUrl>(parsed);
  };
  const WebhookUrl ipv6 = split("https://[::1]:8443/a?b=c#d");
  CHECK(ipv6.tls);
  CHECK(ipv6.host == "::1");  // without the brackets: resolved, and named in the certificate check
  CHECK(ipv6.port == "8443");
  CHECK(ipv6.target == "/a?b=c");  // no fragment on the wire
  CHECK(ipv6.host_header == "[::1]:8443");
  const WebhookUrl bare = split("http://h");
  CHECK_FALSE(bare.tls);
  CHECK(bare.port == "80");
  CHECK(bare.target == "/");
  CHECK(split("https://h?x=1").target == "/?x=1");
  CHECK(split("https://h").port == "443");
}

TEST_CASE("Webhook settings: a new CSPRNG secret each time, replaced and cleared", "[webhooks]") {
  init_crypto();
  const auto path = hd::test::make_temp_directory("hd-webhooks") / "webhooks.sqlite";
  Database db = Database::open(path);
  apply_migrations(db, embedded_migrations());
  db.execute(
      "INSERT INTO accounts (id, username, password_hash, created_unix) VALUES (1, 'ann', 'x', 0), "
      "(2, 'ben', 'x', 0)");
  WebhookSettings settings(db);
  const std::string first = settings.set(1, "http://h/1", 10);
  CHECK(first.size() == 64);
  CHECK(first.find_first_not_of("0123456789abcdef") == std::string::npos);
  const std::string second = settings.set(1, "http://h/2", 11);
  CHECK(second != first);
  auto found = settings.find({1, 2, 1});
  REQUIRE(found.size() == 1);
  CHECK(found.at(1).url == "http://h/2");
  CHECK(found.at(1).secret == second);
  settings.clear(1);
  settings.clear(2);  // none: nothing happens
  CHECK(settings.find({1, 2}).empty());
}

TEST_CASE("Webhook signature and body", "[webhooks]") {
  init_crypto();
  // RFC 4231, test case 2: key "Jefe".
  CHECK(webhook_signature("Jefe", "what do ya want for nothing?") ==
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  CHECK(webhook_body(7, "your-turn", "16 June, 2 PM \"x\"", "hundreddays://h/game/7") ==
        "{\"game_id\":7,\"event\":\"your-turn\",\"turn\":\"16 June, 2 PM \\\"x\\\"\",\"link\":"
        "\"hundreddays://h/game/7\"}");
}

TEST_CASE("Webhook settings of the server", "[webhooks][config]") {
  const auto defaults = std::get<ServerConfig>(parse_server_config({}));
  CHECK(defaults.game_link_base.empty());
  CHECK(defaults.webhook_queue_limit == 256);
  CHECK(defaults.webhook_timeout == std::chrono::seconds(5));
  CHECK_FALSE(defaults.webhook_allow_private);
  const auto parsed = std::get<ServerConfig>(parse_server_config(
      {"--game-link-base", "hundreddays://play.example.org", "--webhook-queue-limit", "3",
       "--webhook-timeout-seconds", "2", "--webhook-ca-file", "ca.pem", "--webhook-allow-private", "true"}));
  CHECK(parsed.webhook_allow_private);
  CHECK(parsed.game_link_base == "hundreddays://play.example.org");
  CHECK(parsed.webhook_queue_limit == 3);
  CHECK(parsed.webhook_timeout == std::chrono::seconds(2));
  CHECK(parsed.webhook_ca_file == "ca.pem");
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--webhook-queue-limit", "0"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--webhook-timeout-seconds", "61"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--game-link-base", "x/"})));
  CHECK(std::holds_alternative<std::string>(parse_server_config({"--webhook-allow-private", "yes"})));
}

TEST_CASE("Webhooks go to public addresses only: loopback, private, link-local and reserved ones are not",
          "[webhooks]") {
  namespace ip = boost::asio::ip;
  for (const char* address : {"127.0.0.1",
                              "127.1.2.3",
                              "10.0.0.1",
                              "172.16.0.1",
                              "172.31.255.255",
                              "192.168.1.1",
                              "169.254.169.254",
                              "100.64.0.1",
                              "0.0.0.0",
                              "192.0.0.8",
                              "198.18.0.1",
                              "224.0.0.1",
                              "240.0.0.1",
                              "255.255.255.255",
                              "::1",
                              "::",
                              "fe80::1",
                              "fc00::1",
                              "fd12:3456::1",
                              "ff02::1",
                              "::ffff:127.0.0.1",
                              "::ffff:10.1.2.3"}) {
    INFO(address);
    CHECK_FALSE(public_address(ip::make_address(address)));
  }
  for (const char* address : {"8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "192.169.0.1",
                              "2001:4860:4860::8888", "::ffff:8.8.8.8"}) {
    INFO(address);
    CHECK(public_address(ip::make_address(address)));
  }
  // The host a webhook url names, for the check at set time.
  CHECK(webhook_host("http://[::1]:9/x") == "::1");
  CHECK(webhook_host("https://hooks.example.org/a") == "hooks.example.org");
  CHECK(webhook_host("http://10.0.0.1:8080") == "10.0.0.1");
}

TEST_CASE("WebhookSender: deliveries run side by side, so a silent receiver holds back no other",
          "[webhooks]") {
  namespace net = boost::asio;
  namespace http = boost::beast::http;
  using tcp = net::ip::tcp;
  net::io_context io;
  // A receiver that takes the connection and never says a word.
  tcp::acceptor silent(io, {net::ip::make_address("127.0.0.1"), 0});
  tcp::socket held(io);
  bool silent_connected = false;
  silent.async_accept(held, [&](boost::system::error_code error) { silent_connected = !error; });
  // A receiver that reads the POST and answers 200.
  tcp::acceptor ready(io, {net::ip::make_address("127.0.0.1"), 0});
  tcp::socket answering(io);
  boost::beast::flat_buffer buffer;
  http::request<http::string_body> request;
  http::response<http::empty_body> response{http::status::ok, 11};
  std::string received;
  bool silent_was_waiting = false;
  ready.async_accept(answering, [&](boost::system::error_code error) {
    REQUIRE_FALSE(error);
    http::async_read(answering, buffer, request, [&](boost::system::error_code read_error, std::size_t) {
      REQUIRE_FALSE(read_error);
      received = request.body();
      // The first message's delivery is still under way: connected, unanswered, not yet counted.
      silent_was_waiting = silent_connected;
      response.prepare_payload();
      http::async_write(answering, response, [&](boost::system::error_code, std::size_t) {});
    });
  });
  Metrics metrics;
  auto sender = std::make_shared<WebhookSender>(io.get_executor(), metrics, 8, std::chrono::seconds(60),
                                                std::filesystem::path{}, true);
  const auto url = [](const tcp::acceptor& acceptor) {
    return "http://127.0.0.1:" + std::to_string(acceptor.local_endpoint().port()) + "/hook";
  };
  sender->send({url(silent), std::string(64, 'a'), "{\"first\":1}", "first"});
  sender->send({url(ready), std::string(64, 'b'), "{\"second\":2}", "second"});
  // Run until the second message is answered (the first would wait out its 60 s timeout).
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (metrics.render().find("hd_webhooks_total{outcome=\"sent\"} 1") == std::string::npos &&
         std::chrono::steady_clock::now() < until)
    io.run_for(std::chrono::milliseconds(50));
  CHECK(received == "{\"second\":2}");
  CHECK(silent_was_waiting);
  CHECK(metrics.render().find("hd_webhooks_total{outcome=\"failed\"} 0") != std::string::npos);
  io.stop();
}

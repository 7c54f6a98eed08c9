// End-to-end limits through the real server: the request rate (refuse, then close 1008), the cap on
// connections per address (HTTP 429), the Origin check (HTTP 403), and X-Real-IP from a trusted proxy.
#include "account_steps.hpp"
#include "server_process.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

namespace v1 = hundred_days::v1;
using hd::test::ping;
using hd::test::ServerOptions;
using hd::test::ServerProcess;
using hd::test::upgrade_status;
using hd::test::WsTestClient;

namespace {

// True once an upgrade is accepted again (places free when the server has finished a closed
// connection, which it does soon after the client goes); false if 10 s pass first.
bool upgrade_accepted_within_10s(int port, const hd::test::HeaderFields& headers = {}) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (upgrade_status(port, headers) == 101) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

void expect_ping_answered(WsTestClient& client, std::uint64_t request_id) {
  client.send(ping(request_id));
  const auto pong = client.receive();
  REQUIRE(pong);
  CHECK(pong->request_id() == request_id);
  CHECK(pong->has_pong());
}

}  // namespace

TEST_CASE(
    "a flooding connection is refused RATE_LIMITED, its requests are not handled, then it is closed 1008",
    "[e2e][limits]") {
  std::vector<std::string> args{"--rate-limit-per-second",  "1",  "--rate-limit-burst",          "3",
                                "--rate-limit-close-after", "20", "--rate-limit-window-seconds", "60"};
  for (const auto& arg : hd::test::fast_hashing_args())
    args.push_back(arg);
  ServerProcess server(ServerOptions{args, {}});
  WsTestClient flooder(server.port());
  // Everything is sent at once: Hello, 10 pings, a Register (over the limit), 20 more pings.
  v1::ClientEnvelope hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
  flooder.send(hello);
  for (std::uint64_t id = 2; id <= 11; ++id)
    flooder.send(ping(id));
  v1::ClientEnvelope registration;
  registration.set_request_id(12);
  registration.mutable_register_account()->set_username("Flooder");
  registration.mutable_register_account()->set_password("flood-the-server");
  flooder.send(registration);
  for (std::uint64_t id = 13; id <= 32; ++id)
    flooder.send(ping(id));

  std::vector<v1::ServerEnvelope> answers;
  while (auto answer = flooder.receive(std::chrono::seconds(20)))
    answers.push_back(*answer);
  CHECK(flooder.close_code() == 1008);
  REQUIRE(answers.size() >= 2);
  CHECK(answers.front().has_welcome());
  std::size_t refusals = 0;
  bool registration_refused = false;
  for (const auto& answer : answers) {
    CHECK_FALSE(answer.has_logged_in());
    if (!answer.has_refusal()) continue;
    CHECK(answer.refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED);
    ++refusals;
    if (answer.request_id() == 12) registration_refused = true;
  }
  CHECK(refusals == 20);  // the 20th refusal closes the connection
  CHECK(registration_refused);
  CHECK(answers.back().has_refusal());

  // The refused Register created nothing; other connections are not limited by this one.
  WsTestClient other(server.port());
  hd::test::say_hello(other);
  CHECK(hd::test::login(other, "Flooder", "flood-the-server", 2).refusal().code() ==
        v1::REFUSAL_CODE_BAD_CREDENTIALS);
  CHECK(server.log().find("code=RATE_LIMITED") != std::string::npos);
  CHECK(server.log().find("rate limit exceeded") != std::string::npos);
}

TEST_CASE("connections over the per-address cap are refused with HTTP 429 until one closes",
          "[e2e][limits]") {
  ServerProcess server(ServerOptions{{"--max-connections-per-address", "2"}, {}});
  auto first = std::make_unique<WsTestClient>(server.port());
  WsTestClient second(server.port());
  hd::test::say_hello(*first);
  hd::test::say_hello(second);
  CHECK(upgrade_status(server.port()) == 429);
  CHECK_THROWS(WsTestClient(server.port()));
  CHECK(server.log().find("event=upgrade_refused client=127.0.0.1 reason=per_address_cap cap=2") !=
        std::string::npos);
  // Plain HTTP is not a connection under the cap.
  CHECK(hd::test::http_get(server.port(), "/healthz").first == 200);
  expect_ping_answered(second, 5);

  first.reset();
  CHECK(upgrade_accepted_within_10s(server.port()));
}

TEST_CASE("behind a trusted proxy the cap counts X-Real-IP addresses; from others the header is ignored",
          "[e2e][limits]") {
  SECTION("trusted") {
    ServerProcess server(
        ServerOptions{{"--max-connections-per-address", "1", "--trusted-proxies", "127.0.0.1"}, {}});
    WsTestClient alice(server.port(), {{"X-Real-IP", "203.0.113.1"}});
    hd::test::say_hello(alice);
    CHECK(upgrade_status(server.port(), {{"X-Real-IP", "203.0.113.1"}}) == 429);
    CHECK(upgrade_status(server.port(), {{"X-Real-IP", "203.0.113.2"}}) == 101);
    CHECK(server.log().find("client=203.0.113.1 reason=per_address_cap") != std::string::npos);
  }
  SECTION("not trusted") {
    ServerProcess server(ServerOptions{{"--max-connections-per-address", "1"}, {}});
    WsTestClient alice(server.port(), {{"X-Real-IP", "203.0.113.1"}});
    hd::test::say_hello(alice);
    CHECK(upgrade_status(server.port(), {{"X-Real-IP", "203.0.113.2"}}) == 429);
  }
}

TEST_CASE("Origin: none and listed origins may upgrade, others get HTTP 403", "[e2e][limits]") {
  SECTION("an allow-list") {
    ServerProcess server(ServerOptions{{"--allowed-origins", "https://play.example.org"}, {}});
    CHECK(upgrade_status(server.port()) == 101);
    CHECK(upgrade_status(server.port(), {{"Origin", "https://play.example.org"}}) == 101);
    CHECK(upgrade_status(server.port(), {{"Origin", "https://evil.example"}}) == 403);
    CHECK(upgrade_status(server.port(), {{"Origin", "null"}}) == 403);
    CHECK(server.log().find("reason=origin origin=https://evil.example") != std::string::npos);
    WsTestClient page(server.port(), {{"Origin", "https://play.example.org"}});
    hd::test::say_hello(page);
    expect_ping_answered(page, 2);
  }
  SECTION("the default: no web origin at all") {
    ServerProcess server;
    CHECK(upgrade_status(server.port()) == 101);
    CHECK(upgrade_status(server.port(), {{"Origin", "http://127.0.0.1"}}) == 403);
  }
}

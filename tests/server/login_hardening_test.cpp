// End-to-end, the log-in hardening of issue 12 (findings 3 and 4) through the real server: failed
// log-ins throttled per name and per address (LOGIN_THROTTLED, no hashing), lengths checked at the
// edge (Login, Hello), Register hashing even for a taken name, hashing jobs of closed connections
// dropped, requests waiting behind a log-in bounded (BUSY), and the request rate per address.
#include "account_steps.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"
#include "ws_test_client.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd::test;

namespace {

std::vector<std::string> args_with(std::vector<std::string> extra) {
  std::vector<std::string> args = fast_hashing_args();
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

v1::ClientEnvelope login_envelope(const std::string& username, const std::string& password,
                                  std::uint64_t id) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(id);
  envelope.mutable_login()->set_username(username);
  envelope.mutable_login()->set_password(password);
  return envelope;
}

}  // namespace

TEST_CASE("failed log-ins are throttled per name: the right password is refused LOGIN_THROTTLED",
          "[e2e][accounts][hardening]") {
  ServerProcess server(
      {args_with({"--login-failures-per-account", "5", "--login-failures-per-address", "100"}), {}});
  WsTestClient client(server.port());
  say_hello(client);
  REQUIRE(register_account(client, "alice", "correct horse", 2).has_logged_in());
  std::uint64_t id = 10;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const auto answer = login(client, "Alice", "wrong guess " + std::to_string(attempt), ++id);
    REQUIRE(answer.has_refusal());
    CHECK(answer.refusal().code() == v1::REFUSAL_CODE_BAD_CREDENTIALS);
  }
  const double hashes = metric(server.port(), "hd_password_hashes_total");
  const auto throttled = login(client, "alice", "correct horse", ++id);
  REQUIRE(throttled.has_refusal());
  CHECK(throttled.refusal().code() == v1::REFUSAL_CODE_LOGIN_THROTTLED);
  CHECK_THAT(throttled.refusal().message(), Catch::Contains("try again in"));
  CHECK(metric(server.port(), "hd_password_hashes_total") == hashes);  // refused without hashing
  // Another name from the same address is not held up by alice's failures.
  REQUIRE(register_account(client, "bob-the-user", "another password", ++id).has_logged_in());
  CHECK(login(client, "bob-the-user", "another password", ++id).has_logged_in());
}

TEST_CASE("failed log-ins are throttled per address over any names", "[e2e][accounts][hardening]") {
  ServerProcess server(
      {args_with({"--login-failures-per-account", "100", "--login-failures-per-address", "3"}), {}});
  WsTestClient client(server.port());
  say_hello(client);
  REQUIRE(register_account(client, "carol", "carol's password", 2).has_logged_in());
  std::uint64_t id = 10;
  for (const std::string name : {"nobody-1", "nobody-2", "nobody-3"})
    REQUIRE(login(client, name, "guessing", ++id).refusal().code() == v1::REFUSAL_CODE_BAD_CREDENTIALS);
  // Reconnecting does not help: the address is throttled.
  WsTestClient again(server.port());
  say_hello(again);
  const auto throttled = login(again, "carol", "carol's password", ++id);
  REQUIRE(throttled.has_refusal());
  CHECK(throttled.refusal().code() == v1::REFUSAL_CODE_LOGIN_THROTTLED);
}

TEST_CASE("lengths are checked at the edge: a long Login password, a long Hello client name",
          "[e2e][accounts][hardening]") {
  ServerProcess server({fast_hashing_args(), {}});
  WsTestClient client(server.port());
  say_hello(client);
  const auto long_password = login(client, "alice", std::string(60000, 'x'), 2);
  REQUIRE(long_password.has_refusal());
  CHECK(long_password.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(metric(server.port(), "hd_password_hashes_total") == 0);
  const auto long_name = login(client, std::string(33, 'n'), "password", 3);
  REQUIRE(long_name.has_refusal());
  CHECK(long_name.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);

  WsTestClient named(server.port());
  v1::ClientEnvelope hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
  hello.mutable_hello()->set_client_name(std::string(65, 'c'));
  named.send(hello);
  const auto answer = named.receive();
  REQUIRE(answer);
  REQUIRE(answer->has_refusal());
  CHECK(answer->refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK_FALSE(named.receive());
  CHECK(named.close_code() == 1008);
  WsTestClient fine(server.port());
  hello.mutable_hello()->set_client_name(std::string(64, 'c'));
  fine.send(hello);
  const auto welcome = fine.receive();
  REQUIRE(welcome);
  CHECK(welcome->has_welcome());
}

TEST_CASE("Register hashes the password even when the name is taken", "[e2e][accounts][hardening]") {
  ServerProcess server({fast_hashing_args(), {}});
  WsTestClient client(server.port());
  say_hello(client);
  REQUIRE(register_account(client, "dora", "dora's password", 2).has_logged_in());
  const double before = metric(server.port(), "hd_password_hashes_total");
  const auto taken = register_account(client, "DORA", "another password", 3);
  REQUIRE(taken.has_refusal());
  CHECK(taken.refusal().code() == v1::REFUSAL_CODE_NAME_TAKEN);
  CHECK(metric(server.port(), "hd_password_hashes_total") == before + 1);
}

TEST_CASE("hashing jobs of closed connections are dropped; requests behind a log-in are bounded",
          "[e2e][accounts][hardening]") {
  // A slow hash (the default cost), so that jobs queue behind the first. The failed log-ins are not
  // throttled here: how many of the six finish before their connections close depends on the
  // machine's speed, and five failures would throttle the last log-in (refused without a hash).
  ServerProcess server({{"--waiting-requests-limit", "8", "--login-failures-per-account", "100",
                         "--login-failures-per-address", "100"},
                        {}});
  {
    std::vector<std::unique_ptr<WsTestClient>> leaving;
    for (int i = 0; i < 6; ++i) {
      leaving.push_back(std::make_unique<WsTestClient>(server.port()));
      say_hello(*leaving.back());
      leaving.back()->send(login_envelope("ghost", "some password", 2));
    }
  }  // all six close without waiting for their answers
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (metric(server.port(), "hd_password_hashes_total") +
                 metric(server.port(), "hd_password_hashes_dropped_total") <
             6 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(metric(server.port(), "hd_password_hashes_dropped_total") >= 1);
  CHECK(metric(server.port(), "hd_password_hashes_total") +
            metric(server.port(), "hd_password_hashes_dropped_total") ==
        6);

  // One connection: a Login, then 12 requests at once; 8 wait, the other 4 are refused BUSY. Three
  // other connections' log-ins go first and stay open, so that its hash waits behind theirs while
  // the 12 arrive (alone, a hash can finish before the server reads them).
  std::vector<std::unique_ptr<WsTestClient>> ahead;
  for (int i = 0; i < 3; ++i) {
    ahead.push_back(std::make_unique<WsTestClient>(server.port()));
    say_hello(*ahead.back());
    ahead.back()->send(login_envelope("ghost", "some password", 2));
  }
  WsTestClient client(server.port());
  say_hello(client);
  client.send(login_envelope("ghost", "some password", 2));
  for (std::uint64_t id = 10; id < 22; ++id) {
    v1::ClientEnvelope list;
    list.set_request_id(id);
    list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_OPEN);
    client.send(list);
  }
  int busy = 0, login_required = 0;
  for (int i = 0; i < 13; ++i) {
    const auto answer = client.receive(std::chrono::seconds(30));
    REQUIRE(answer);
    REQUIRE(answer->has_refusal());
    if (answer->refusal().code() == v1::REFUSAL_CODE_BUSY) ++busy;
    if (answer->refusal().code() == v1::REFUSAL_CODE_LOGIN_REQUIRED) ++login_required;
  }
  CHECK(busy == 4);
  CHECK(login_required == 8);
}

TEST_CASE("the request rate is limited per address, not only per connection", "[e2e][limits][hardening]") {
  ServerProcess server(
      {{"--rate-limit-per-address-per-second", "1", "--rate-limit-per-address-burst", "10"}, {}});
  int refused = 0;
  int answered = 0;
  for (int connection = 0; connection < 4; ++connection) {
    WsTestClient client(server.port());  // a new connection: a full bucket of its own
    for (std::uint64_t id = 1; id <= 5; ++id) {
      v1::ClientEnvelope envelope;
      envelope.set_request_id(id);
      if (id == 1) {
        envelope.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
      } else {
        envelope.mutable_ping()->set_nonce(id);
      }
      client.send(envelope);
      const auto answer = client.receive();
      REQUIRE(answer);
      if (answer->has_refusal() && answer->refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED) {
        ++refused;
        CHECK_THAT(answer->refusal().message(), Catch::Contains("from your address"));
      } else {
        ++answered;
      }
    }
  }
  // 20 requests within a few seconds from one address: about the burst of 10 answered.
  CHECK(refused >= 8);
  CHECK(answered >= 10);
}

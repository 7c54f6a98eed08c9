// End-to-end, a flood of refusals in the log (issue 29, finding 6): one connection sends hundreds of
// requests over its rate limit; every one is refused on the wire, but the log holds one
// request_refused line for them, and once the 10 s interval is over one refusals_suppressed line
// with the count of the rest.
#include "account_steps.hpp"
#include "server_process.hpp"
#include "ws_test_client.hpp"

#include <hd/wire/protocol_version.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

namespace v1 = hundred_days::v1;
using hd::test::ping;
using hd::test::ServerOptions;
using hd::test::ServerProcess;
using hd::test::WsTestClient;

namespace {

// The log's lines holding `needle`.
std::size_t lines_with(const std::string& log, const std::string& needle) {
  std::istringstream lines(log);
  std::string line;
  std::size_t count = 0;
  while (std::getline(lines, line))
    if (line.find(needle) != std::string::npos) ++count;
  return count;
}

// Sends `count` pings from `first_id` on, in batches of 40 sent at once (under the server's
// write-queue-limit, 64, so it never drops the flooder as too slow), and returns how many were refused.
std::size_t flood(WsTestClient& client, std::uint64_t first_id, std::uint64_t count) {
  std::size_t refused = 0;
  for (std::uint64_t batch = first_id; batch < first_id + count; batch += 40) {
    const std::uint64_t end = std::min(batch + 40, first_id + count);
    for (std::uint64_t id = batch; id < end; ++id)
      client.send(ping(id));
    for (std::uint64_t id = batch; id < end; ++id) {
      const auto answer = client.receive(std::chrono::seconds(10));
      INFO("request " << id << ", close code " << client.close_code());
      REQUIRE(answer);
      if (answer->has_refusal()) {
        CHECK(answer->refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED);
        ++refused;
      }
    }
  }
  return refused;
}

}  // namespace

TEST_CASE("a flood of refusals is logged once per interval, then as a count", "[e2e][limits][log]") {
  // One request a second, bursts of 3, and never closed for flooding: every ping over it is refused.
  // Refusals are logged once per 5 s (10 by default), so the test waits out a short interval.
  ServerProcess server(
      ServerOptions{{"--rate-limit-per-second", "1", "--rate-limit-burst", "3", "--rate-limit-close-after",
                     "100000", "--rate-limit-window-seconds", "10", "--refusal-log-interval-seconds", "5"},
                    {}});
  WsTestClient flooder(server.port());
  v1::ClientEnvelope hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_protocol_version(hd::wire::kProtocolVersion);
  flooder.send(hello);
  const auto welcome = flooder.receive(std::chrono::seconds(10));
  REQUIRE(welcome);
  REQUIRE(welcome->has_welcome());

  const std::size_t refused = flood(flooder, 2, 500);
  CHECK(refused >= 490);
  // The server has logged each refusal before sending it.
  const std::size_t refusal_lines = lines_with(server.log(), "event=request_refused");
  INFO("refused " << refused << ", request_refused lines " << refusal_lines);
  CHECK(refusal_lines >= 1);
  CHECK(refusal_lines <= 2);  // one, or two if the flood straddled a 5 s interval

  // After the interval, the next refusal brings the count of those held back (time itself is what
  // the rule is about: nothing to wait for but the clock).
  std::this_thread::sleep_for(std::chrono::milliseconds(5500));
  CHECK(flood(flooder, 1000, 20) >= 5);
  const std::string count = "count=" + std::to_string(refused - 1);
  std::string log;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  do {
    log = server.log();
    if (lines_with(log, "event=refusals_suppressed") > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < deadline);
  INFO(log.substr(log.size() > 3000 ? log.size() - 3000 : 0));
  CHECK(lines_with(log, "event=refusals_suppressed") == 1);
  if (refusal_lines == 1) CHECK(lines_with(log, " code=RATE_LIMITED " + count) == 1);
  CHECK(lines_with(log, "event=request_refused") <= refusal_lines + 1);
}

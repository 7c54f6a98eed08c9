// End-to-end, the server's log under hostile text (issue 12, finding 3): a 60 KB scenario name full
// of CR, LF, escape codes and a forged "event=" is refused, logged once, escaped and cut; nothing in
// the log starts a line the server did not write.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <sstream>

namespace v1 = hundred_days::v1;
using namespace hd::test;

TEST_CASE("user text in the log is escaped and cut, and each refusal is logged once", "[e2e][hardening]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer mallory(server.port(), "mallory");
  std::string name = "x\r\ntime=2026-01-01T00:00:00.000Z level=error event=forged\x1b[2J\x1b]0;pwned\x07";
  while (name.size() < 60000)
    name += "\r\nlevel=error event=forged ";
  v1::ClientEnvelope create =
      create_game(name, {v1::SEAT_FRENCH}, test_entropy("mallory"), v1::SPECTATOR_VIEW_FRENCH);
  const std::uint64_t id = mallory.next_request_id();
  const auto refused = mallory.request_with_id(create, id);
  REQUIRE(refused.has_refusal());
  CHECK(refused.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
  CHECK(refused.refusal().message().size() < 300);  // the answer does not echo 60 KB back either

  const std::string log = server.log();
  CHECK(log.find('\r') == std::string::npos);
  CHECK(log.find('\x1b') == std::string::npos);
  CHECK(log.find('\x07') == std::string::npos);
  std::istringstream lines(log);
  std::string line;
  int refusal_lines = 0;
  while (std::getline(lines, line)) {
    INFO(line.substr(0, 200));
    CHECK(line.rfind("time=", 0) == 0);
    CHECK(line.size() < 2000);
    if (line.find("request=" + std::to_string(id)) != std::string::npos ||
        (line.find("refused") != std::string::npos && line.find("scenario") != std::string::npos))
      ++refusal_lines;
  }
  CHECK(refusal_lines == 1);
}

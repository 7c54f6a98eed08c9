// End-to-end, issue 29 (second hardening pass), finding 6, the wire half: the updates a resume
// sends (up to 64 each) come out of a per-address budget (catch-up-per-address-*). A flood of
// resumes from one address is refused RATE_LIMITED once its budget is spent, while another address
// is served its whole catch-up; a plain open (a snapshot, no updates) is still served.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

HeaderFields from(const std::string& address) {
  return {{"X-Real-IP", address}};
}

// A resume from sequence 1 as a spectator: the number of updates it sent before its Ok, or -1 if
// it was refused RATE_LIMITED (any other answer fails the test).
int resume_from_start(GamePlayer& player, std::uint64_t game) {
  v1::ClientEnvelope open = open_game(game, true, 1);
  open.set_request_id(player.next_request_id());
  player.socket().send(open);
  int updates = 0;
  while (true) {
    const auto message = player.socket().receive(std::chrono::seconds(20));
    REQUIRE(message);
    if (message->request_id() != open.request_id()) continue;
    if (message->has_refusal()) {
      INFO(message->DebugString());
      REQUIRE(message->refusal().code() == v1::REFUSAL_CODE_RATE_LIMITED);
      return -1;
    }
    if (message->has_game_update()) ++updates;
    if (message->has_ok()) return updates;
  }
}

}  // namespace

TEST_CASE("a flood of resumes from one address is limited by its catch-up budget; another is served",
          "[e2e][games][hardening]") {
  // Two whole catch-ups (64 updates each) at once per address, then one update a second.
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--trusted-proxies", "127.0.0.1"});
  if (!testing_another_server())
    args.insert(args.end(),
                {"--catch-up-per-address-burst", "128", "--catch-up-per-address-per-second", "1"});
  ServerProcess server({args, {}});
  GamePlayer robot(server.port(), "robot");
  const auto created = robot.request(create_unattended("campaign"));
  INFO(created.DebugString());
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();

  // A watcher from a third address follows the game live until it has more than 64 actions.
  GamePlayer watcher(server.port(), "watcher", from("198.51.100.9"));
  const auto shown = watcher.request(open_game(game, true));
  REQUIRE(shown.has_game_snapshot());
  std::uint64_t sequence = shown.game_snapshot().sequence();
  while (sequence < 80)
    sequence = watcher.next_of(v1::ServerEnvelope::kGameUpdate).game_update().sequence();

  // Ten resumes from one address, over two connections: the first two are served in full, the
  // rest refused (the budget refills at one update a second, 64 are needed).
  GamePlayer flood_a(server.port(), "flood-a", from("203.0.113.1"));
  GamePlayer flood_b(server.port(), "flood-b", from("203.0.113.1"));
  int served = 0;
  int refused = 0;
  for (int i = 0; i < 10; ++i) {
    const int updates = resume_from_start(i % 2 == 0 ? flood_a : flood_b, game);
    if (updates < 0) {
      ++refused;
    } else {
      ++served;
      CHECK(updates >= 64);  // the game plays on meanwhile: the catch-up runs to the present
    }
  }
  CHECK(served == 2);
  CHECK(refused == 8);
  // A plain open from that address sends no updates: still served.
  CHECK(flood_a.request(open_game(game, true)).has_game_snapshot());

  // Another address is served its whole catch-up.
  GamePlayer other(server.port(), "other", from("203.0.113.2"));
  CHECK(resume_from_start(other, game) >= 64);
}

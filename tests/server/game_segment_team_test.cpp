// A rule's segment in team play, on the real server: the Coalition's two seats (Prussian and
// Allied, two accounts) each end 12.0's reorganization segment, and the movement phase that follows
// then waits for both again; one seat's end of the movement phase does not end it for the other
// (the drill tests/terminal/data/reorganization-team-drill, in a data root beside the shipped data).
#include "drill_data_root.hpp"
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

namespace v1 = hundred_days::v1;
namespace fs = std::filesystem;

namespace {

std::vector<v1::Seat> pending_seats(const v1::GameView& view) {
  std::vector<v1::Seat> seats;
  for (int seat : view.pending().seats())
    seats.push_back(static_cast<v1::Seat>(seat));
  std::sort(seats.begin(), seats.end());
  return seats;
}

}  // namespace

TEST_CASE("both Coalition seats end a rule's segment, then both end the phase it opened",
          "[e2e][games][12.0]") {
  const fs::path dir = fs::temp_directory_path() / ("hd-segment-team-" + std::to_string(::getpid()));
  auto drill = hd::test::drill_server(dir, "reorganization-team-drill", hd::test::game_server_args());
  hd::test::ServerProcess& server = drill.server;
  hd::test::GamePlayer alice{server.port(), "alice"};
  hd::test::GamePlayer bob{server.port(), "bob"};
  hd::test::GamePlayer carol{server.port(), "carol"};
  const auto created =
      alice.request(hd::test::create_game("reorganization-team-drill", {v1::SEAT_FRENCH},
                                          hd::test::test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
  INFO(created.refusal().message());
  REQUIRE(created.has_game_created());
  const std::uint64_t id = created.game_created().game_id();
  REQUIRE(bob.request(hd::test::join_game(id, v1::SEAT_ALLIED, hd::test::test_entropy("bob")))
              .has_game_changed());
  REQUIRE(carol.request(hd::test::join_game(id, v1::SEAT_PRUSSIAN, hd::test::test_entropy("carol")))
              .has_game_changed());

  // Returns the answer's accepted sequence, 0 if it waits for the other Coalition seat.
  const auto send = [&](hd::test::GamePlayer& who, const std::string& line, bool may_be_refused = false) {
    const auto answer = who.request(hd::test::submit_notation(id, line));
    if (!answer.has_action_accepted()) {
      INFO(line << ": " << answer.refusal().message());
      REQUIRE(may_be_refused);
      return std::uint64_t{0};
    }
    return answer.action_accepted().sequence();
  };
  const auto coalition_end = [&] {
    CHECK(send(carol, "coalition end") == 0);  // waits for the Allied seat
    CHECK(send(bob, "coalition end") > 0);
  };
  const auto view = [&] {
    const auto answer = bob.request(hd::test::open_game(id, false));
    REQUIRE(answer.has_game_snapshot());
    return answer.game_snapshot().view();
  };

  // 16/1400: the French eliminate Trip (see the drill); then to the Allied segment at 16/1600.
  send(alice, "french end");
  send(alice, "french attack Baud/6 Soye/6 on Trip");
  send(alice, "french exchange Soye/6", true);
  send(alice, "french advance none", true);
  send(alice, "french end");
  coalition_end();  // movement
  coalition_end();  // combat
  send(alice, "french end");
  send(alice, "french end");
  coalition_end();
  coalition_end();
  send(alice, "french end");
  send(alice, "french end");
  v1::GameView segment = view();
  REQUIRE(segment.pending().kind() == v1::DECISION_KIND_RULE);
  CHECK(pending_seats(segment) == std::vector<v1::Seat>{v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED});

  // Both seats end the segment: the movement phase begins and waits for both of them again.
  coalition_end();
  const v1::GameView movement = view();
  CHECK(movement.pending().kind() == v1::DECISION_KIND_MOVE);
  CHECK(pending_seats(movement) == std::vector<v1::Seat>{v1::SEAT_PRUSSIAN, v1::SEAT_ALLIED});
  // The Allied seat's end of movement waits for the Prussian seat's.
  CHECK(send(bob, "coalition end") == 0);
  const v1::GameView waiting = view();
  CHECK(waiting.phase() == v1::PHASE_MOVEMENT);
  CHECK(pending_seats(waiting) == std::vector<v1::Seat>{v1::SEAT_PRUSSIAN});
  CHECK(send(carol, "coalition end") > 0);
  CHECK(view().phase() == v1::PHASE_COMBAT);
  fs::remove_all(dir);
}

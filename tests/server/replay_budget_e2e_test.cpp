// End-to-end, issue 16's replay budget (docs/games.md, "Replays"; kReplayBudget) through the real
// server and its SQLite file: a QueryReplay deep into a long finished game is refused BUSY after
// replaying at most 128 actions towards it, each request going on from where the one before stopped,
// until the frame is answered; then every frame of the game is reached without a refusal and equals
// what a spectator was sent live.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "replay_frames.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <string>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// The server's replay budget (game_replays.hpp, kReplayBudget), as documented.
constexpr std::uint64_t kBudget = 128;

}  // namespace

TEST_CASE("a replay deep into a long game replays at most its budget per request and reaches every frame",
          "[e2e][games][replay]") {
  std::vector<std::string> args = game_server_args();
  // Uniform built-in players: a Campaign of about 1,000 actions, played quickly.
  if (!testing_another_server()) args.insert(args.end(), {"--builtin-style", "uniform"});
  ServerProcess server({args, {}});
  GamePlayer robot(server.port(), "robot");
  const auto created = robot.request(create_unattended("campaign"));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();

  // A spectator follows it live (create_unattended's French view) to its end, and keeps it open:
  // the room, and the states its replays keep, stay in memory.
  GamePlayer watcher(server.port(), "watcher");
  const auto opened = watcher.request(open_game(game, true));
  REQUIRE(opened.has_game_snapshot());
  const std::uint64_t first_seen = opened.game_snapshot().sequence();
  std::map<std::uint64_t, v1::GameUpdate> live;
  v1::GameView now = opened.game_snapshot().view();
  while (now.phase() != v1::PHASE_GAME_OVER) {
    const v1::GameUpdate update = watcher.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    now = update.view();
    live[update.sequence()] = update;
  }
  wait_until_finished(server.port(), std::chrono::minutes(4));
  REQUIRE_FALSE(live.empty());
  const std::uint64_t count = live.rbegin()->first;
  INFO("a game of " << count << " actions, followed live from " << first_seen);
  REQUIRE(count > 4 * kBudget + 100);

  // Action 513, from the first state (the room keeps nothing else that early: its checkpoints and
  // player-turn start are near the end): each request replays 128 actions and is refused BUSY,
  // saying how far it got; the fifth starts from action 512 and answers.
  const std::uint64_t deep = 4 * kBudget + 1;
  std::vector<std::uint64_t> reached;
  v1::ServerEnvelope answer = robot.request(query_replay(game, deep));
  while (answer.has_refusal() && answer.refusal().code() == v1::REFUSAL_CODE_BUSY) {
    INFO(answer.refusal().message());
    std::smatch got;
    REQUIRE(std::regex_search(answer.refusal().message(), got, std::regex("has reached action ([0-9]+);")));
    CHECK_THAT(answer.refusal().message(), Catch::Contains("at most 128 actions"));
    reached.push_back(std::stoull(got[1].str()));
    REQUIRE(reached.size() < 10);
    answer = robot.request(query_replay(game, deep));
  }
  INFO(answer.DebugString());
  REQUIRE(answer.has_replay_frame());
  CHECK(reached == std::vector<std::uint64_t>{128, 256, 384, 512});
  CHECK(answer.replay_frame().action_index() == deep);
  CHECK(answer.replay_frame().update().sequence() == deep);

  // Then every frame, first to last, is answered at once (at most 64 actions from a kept state) and
  // is what the spectator was shown live.
  for (std::uint64_t i = 0; i <= count; ++i) {
    INFO("frame " << i);
    const auto frame = watcher.request(query_replay(game, i));
    REQUIRE(frame.has_replay_frame());
    CHECK(frame.replay_frame().action_index() == i);
    CHECK(frame.replay_frame().action_count() == count);
    CHECK(frame.replay_frame().status() == v1::GAME_STATUS_FINISHED);
    if (i == first_seen)
      CHECK(without_live(frame.replay_frame().view()) == without_live(opened.game_snapshot().view()));
    const auto shown = live.find(i);
    if (i > first_seen && shown != live.end()) {
      CHECK(without_live(frame.replay_frame().update()) == without_live(shown->second));
      CHECK(without_live(frame.replay_frame().view()) == without_live(shown->second.view()));
    }
    if (i > 0) CHECK(frame.replay_frame().update().sequence() == i);
  }
  CHECK(live.size() == count - first_seen);  // every action after the open was shown live
}

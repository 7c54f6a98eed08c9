// Issue 15, on the real server: a query's answer is worked out off the hub's strand (on the I/O
// threads, from a copy of the game's state) and sent from the strand. A connection's requests are
// still answered in the order it sent them, each question on the state it was asked on; the
// request is timed at its answer; a connection that goes with a question under way costs nothing.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "quatre_bras_match.hpp"
#include "server_process.hpp"

#include <hd/engine/rules/movement/movement.hpp>

#include <catch2/catch.hpp>

#include <set>
#include <vector>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope query_reachable(std::uint64_t game, engine::UnitIndex unit, std::uint64_t request_id) {
  v1::ClientEnvelope envelope;
  envelope.set_request_id(request_id);
  envelope.mutable_query_reachable()->set_game_id(game);
  envelope.mutable_query_reachable()->set_unit(unit);
  return envelope;
}

// The hexes (column, row) an answer or the engine says the unit reaches, in order.
std::vector<std::pair<int, int>> hexes_of(const v1::Reachable& answer) {
  std::vector<std::pair<int, int>> hexes;
  for (const auto& hex : answer.hexes())
    hexes.emplace_back(hex.hex().column(), hex.hex().row());
  return hexes;
}
std::vector<std::pair<int, int>> hexes_of(const std::vector<engine::ReachableHex>& reachable) {
  std::vector<std::pair<int, int>> hexes;
  for (const auto& hex : reachable)
    hexes.emplace_back(hex.hex.column, hex.hex.row);
  return hexes;
}

}  // namespace

TEST_CASE("a connection's questions and action sent at once are answered in order, each on its state",
          "[e2e][games][queries]") {
  ServerProcess server(ServerOptions{game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  const std::uint64_t game = start_quatre_bras_match(alice, bob);
  const double timed_before =
      metric(server.port(), "hd_request_duration_seconds_count{type=\"query_reachable\"}");

  Replica replica("quatre-bras", french_seat());
  const engine::MoveAction move = french_move(replica.state());
  const engine::UnitIndex unit = move.move.unit;
  const auto before = hexes_of(engine::reachable_hexes(replica.state(), unit));
  REQUIRE_FALSE(before.empty());

  // Sent at once, without waiting: twelve questions (of the French units that can move, in turn),
  // the move, the first question again. Each takes the movement search, off the strand.
  std::vector<engine::UnitIndex> movers;
  for (std::size_t i = 0; i < replica.state().units.size(); ++i)
    if (replica.state().units[i].army == engine::Army::French &&
        !engine::reachable_hexes(replica.state(), static_cast<engine::UnitIndex>(i)).empty())
      movers.push_back(static_cast<engine::UnitIndex>(i));
  REQUIRE(movers.size() >= 2);
  constexpr std::uint64_t kFirst = 901;
  constexpr std::uint64_t kQuestions = 12;
  for (std::uint64_t k = 0; k < kQuestions; ++k)
    alice.socket().send(query_reachable(game, k == 0 ? unit : movers[k % movers.size()], kFirst + k));
  const std::uint64_t action_id = kFirst + kQuestions;
  v1::ClientEnvelope action = submit(game, move);
  action.set_request_id(action_id);
  alice.socket().send(action);
  alice.socket().send(query_reachable(game, unit, action_id + 1));

  std::vector<v1::ServerEnvelope> answers;
  std::optional<v1::ServerEnvelope> update;
  while (answers.size() < kQuestions + 2) {
    auto next = alice.next();
    REQUIRE(next);
    if (next->request_id() >= kFirst && next->request_id() <= action_id + 1) answers.push_back(*next);
    if (next->has_game_update()) update = *next;
  }
  // In the order sent: every question before the move is answered before it, the last after it.
  for (std::size_t k = 0; k < answers.size(); ++k) {
    INFO(k);
    REQUIRE(answers[k].request_id() == kFirst + k);
  }
  for (std::uint64_t k = 0; k < kQuestions; ++k)
    REQUIRE(answers[k].has_reachable());
  REQUIRE(answers[kQuestions].has_action_accepted());
  REQUIRE(answers[kQuestions + 1].has_reachable());
  // The first on the state before the move, the second on the state after it.
  CHECK(hexes_of(answers[0].reachable()) == before);
  if (!update) update = alice.next_of(v1::ServerEnvelope::kGameUpdate);
  std::string why;
  REQUIRE(replica.apply(update->game_update(), why));
  const auto after = hexes_of(engine::reachable_hexes(replica.state(), unit));
  CHECK(hexes_of(answers[kQuestions + 1].reachable()) == after);
  CHECK(after != before);

  // Each question is timed when its answer goes, once.
  CHECK(metric_becomes(server.port(), "hd_request_duration_seconds_count{type=\"query_reachable\"}",
                       timed_before + kQuestions + 1));
}

TEST_CASE("a connection that goes with its question under way costs the server nothing",
          "[e2e][games][queries]") {
  ServerProcess server(ServerOptions{game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  const std::uint64_t game = start_quatre_bras_match(alice, bob);
  const engine::UnitIndex unit = french_move(Replica("quatre-bras", french_seat()).state()).move.unit;
  {
    // Carol's connection, logged in as alice, asks and goes at once, several times.
    for (int i = 0; i < 5; ++i) {
      GamePlayer carol(server.port(), "alice", alice.session_token());
      REQUIRE(carol.request(open_game(game, false)).has_game_snapshot());
      for (std::uint64_t id = 1; id <= 8; ++id)
        carol.socket().send(query_reachable(game, unit, 800 + id));
    }
  }
  // The server goes on answering alice's questions, on the same game.
  const auto answer = alice.request(query_reachable(game, unit, 0));
  REQUIRE(answer.has_reachable());
  CHECK(answer.reachable().hexes_size() > 0);
  CHECK(server.log().find("request_failed") == std::string::npos);
  CHECK(server.stop() == 0);
}

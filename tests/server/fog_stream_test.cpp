// End-to-end, issue 14: non-interference for what a side cannot see (16.3), through the real server.
// Two Quatre Bras games with 16.3 are played alike but
// for the Allies' moves the French do not observe: in one an unseen Allied unit moves to one hex, in
// the other it moves elsewhere and a second unseen unit moves too. The French seat, and a spectator
// shown the French side, must be sent byte-identical updates in both games (game ids aside): the
// same number, the same sequence numbers (counted per side), the same lines, events and views.
#include "game_test_player.hpp"
#include "server_process.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// Plays a line on the local copy of the game (no dice are rolled by these lines).
void play_line(engine::GameState& state, const std::string& line) {
  const auto parsed = engine::parse_action_line(state, line);
  INFO(line);
  REQUIRE(std::holds_alternative<engine::NotatedAction>(parsed));
  const auto& notated = std::get<engine::NotatedAction>(parsed);
  REQUIRE_FALSE(engine::validate(state, notated.side, notated.action));
  engine::apply(state, notated.side, notated.action, [] {
    FAIL("no die is rolled");
    return 1;
  });
}

// Moves of Allied units the French observe nothing of: from a hex out of their sight, through and to
// empty hexes out of their sight. Up to `wanted` of them, of `unit` only if given, else of any unit
// but `besides`.
std::vector<engine::MoveRequest> unseen_moves(const engine::GameState& state,
                                              std::optional<engine::UnitIndex> unit,
                                              std::optional<engine::UnitIndex> besides, std::size_t wanted) {
  std::vector<engine::MoveRequest> moves;
  for (std::size_t i = 0; i < state.units.size() && moves.size() < wanted; ++i) {
    const auto index = static_cast<engine::UnitIndex>(i);
    const engine::UnitState& piece = state.units[i];
    if ((unit && index != *unit) || (besides && index == *besides)) continue;
    if (!piece.on_map() || piece.army != engine::Army::Allied || piece.is_leader()) continue;
    if (engine::observes_now(state, engine::Side::French, index)) continue;
    if (engine::side_observes_hex(state, engine::Side::French, piece.hex)) continue;
    for (const engine::ReachableHex& r : engine::reachable_hexes(state, index)) {
      if (moves.size() >= wanted) break;
      if (!r.can_stop || r.path.empty()) continue;
      bool hidden = true;
      for (engine::Hex hex : r.path)
        hidden = hidden && !engine::side_observes_hex(state, engine::Side::French, hex) &&
                 state.units_at(hex).empty();
      if (hidden) moves.push_back(engine::MoveRequest{index, r.path, false});
    }
    if (unit) break;
  }
  return moves;
}

struct Streams {
  std::vector<std::string> french;     // the French seat's updates, game id cleared, serialized
  std::vector<std::string> spectator;  // the French-side spectator's
};

std::string normalized(v1::GameUpdate update) {
  update.clear_game_id();
  // The bytes, with what a reader of a failure needs first (the messages are lite: no text form).
  return "sequence " + std::to_string(update.sequence()) + " \"" + update.action_text() + "\" events " +
         std::to_string(update.events_size()) + ": " + update.SerializeAsString();
}

// Reads a player's updates until the one whose line is `last`.
void read_until(GamePlayer& player, const std::string& last, std::vector<std::string>& out) {
  for (;;) {
    const auto message = player.next(std::chrono::seconds(20));
    REQUIRE(message);
    if (!message->has_game_update()) continue;
    out.push_back(normalized(message->game_update()));
    if (message->game_update().action_text() == last) return;
  }
}

// One game: the French end their movement and combat phases, the Allies play `allied_lines` and end
// their movement. What the French seat and the French-side spectator were sent.
Streams play_game(const WsEndpoint& port, const std::string& alice_token, const std::string& bob_token,
                  const std::string& carol_token, const std::vector<std::string>& allied_lines) {
  GamePlayer alice(port, "alice", alice_token);
  GamePlayer bob(port, "bob", bob_token);
  GamePlayer carol(port, "carol", carol_token);
  const std::uint64_t game = start_observed_quatre_bras(alice, bob, v1::SPECTATOR_VIEW_FRENCH);
  Streams streams;
  const auto french_opened = alice.request(open_game(game, false));
  REQUIRE(french_opened.has_game_snapshot());
  const auto spectator_opened = carol.request(open_game(game, true));
  REQUIRE(spectator_opened.has_game_snapshot());
  streams.french.push_back(french_opened.game_snapshot().view().SerializeAsString() + "@" +
                           std::to_string(french_opened.game_snapshot().sequence()));
  streams.spectator.push_back(spectator_opened.game_snapshot().view().SerializeAsString() + "@" +
                              std::to_string(spectator_opened.game_snapshot().sequence()));
  for (const char* line : {"french end", "french end"}) {
    const auto answer = alice.request(submit_notation(game, line));
    INFO(answer.refusal().message());
    REQUIRE(answer.has_action_accepted());
    // The answer's sequence is counted by the French side too.
    streams.french.push_back("accepted " + std::to_string(answer.action_accepted().sequence()));
  }
  for (const std::string& line : allied_lines) {
    const auto answer = bob.request(submit_notation(game, line));
    INFO(line << ": " << answer.refusal().message());
    REQUIRE(answer.has_action_accepted());
  }
  read_until(alice, "coalition end", streams.french);
  read_until(carol, "coalition end", streams.spectator);
  return streams;
}

}  // namespace

TEST_CASE("16.3: the French are sent the same stream whatever the Allies did out of their sight",
          "[e2e][games][16.3][fog][non-interference]") {
  // The Allied moves, worked out on a local copy after the French end both phases.
  engine::GameState state = observed_quatre_bras_state();
  play_line(state, "french end");
  play_line(state, "french end");
  REQUIRE(state.phasing == engine::Side::Coalition);
  const std::vector<engine::MoveRequest> first = unseen_moves(state, std::nullopt, std::nullopt, 1);
  REQUIRE(first.size() == 1);
  const engine::UnitIndex mover = first.front().unit;
  const std::vector<engine::MoveRequest> mover_moves = unseen_moves(state, mover, std::nullopt, 64);
  std::optional<engine::MoveRequest> elsewhere;
  for (const engine::MoveRequest& move : mover_moves)
    if (move.path.back() != first.front().path.back()) elsewhere = move;
  REQUIRE(elsewhere);
  const auto line_of = [&](const engine::GameState& at, const engine::MoveRequest& move) {
    return engine::format_action(at, engine::Side::Coalition, engine::MoveAction{move});
  };
  const std::vector<std::string> game_a{line_of(state, first.front()), "coalition end"};
  engine::GameState b_state = state;
  const std::string b_first = line_of(b_state, *elsewhere);
  play_line(b_state, b_first);
  std::vector<engine::MoveRequest> second;
  for (const engine::MoveRequest& move : unseen_moves(b_state, std::nullopt, mover, 64))
    if (move.path.back() != elsewhere->path.back()) {
      second.push_back(move);
      break;
    }
  REQUIRE(second.size() == 1);
  const std::vector<std::string> game_b{b_first, line_of(b_state, second.front()), "coalition end"};
  INFO("game A: " << game_a[0] << "; game B: " << game_b[0] << ", " << game_b[1]);

  ServerProcess server({game_server_args(), {}});
  const std::string alice = GamePlayer(server.port(), "alice").session_token();
  const std::string bob = GamePlayer(server.port(), "bob").session_token();
  const std::string carol = GamePlayer(server.port(), "carol").session_token();
  const Streams a = play_game(server.port(), alice, bob, carol, game_a);
  const Streams b = play_game(server.port(), alice, bob, carol, game_b);
  if (const char* dump = std::getenv("HD_FOG_DUMP")) {  // for a reader of a failure: both streams
    std::ofstream out(dump);
    for (const auto* streams : {&a, &b}) {
      out << "== game\n";
      for (const std::string& message : streams->french)
        out << message.substr(0, message.find(':')) << "\n";
    }
  }
  // The snapshot, two answers, and the updates of the French ends of both phases and of the Allied
  // end, numbered 1-3 for the French.
  CHECK(a.french.size() == 6);
  CHECK(a.french.size() == b.french.size());
  for (std::size_t i = 0; i < std::min(a.french.size(), b.french.size()); ++i) {
    INFO("French message " << i);
    CHECK(a.french[i] == b.french[i]);
  }
  CHECK(a.spectator.size() == b.spectator.size());
  for (std::size_t i = 0; i < std::min(a.spectator.size(), b.spectator.size()); ++i) {
    INFO("spectator message " << i);
    CHECK(a.spectator[i] == b.spectator[i]);
  }
}

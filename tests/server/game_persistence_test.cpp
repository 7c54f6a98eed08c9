// End-to-end: kill -9 the server at random moments while a human plays the built-in player,
// restart it on the same SQLite file, and check that no acknowledged action is lost or doubled; a
// dropped connection resumes from the last sequence it saw: a snapshot there, then what it missed.
#include "game_test_player.hpp"
#include "logged_action.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <hd/engine/play/random_player.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/wire/game_convert.hpp>

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <csignal>
#include <map>
#include <memory>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

// Applies every update until the French decide again (the built-in Allied player's moves).
void follow_builtin(GamePlayer& player, Replica& replica, std::map<std::uint64_t, std::string>& seen) {
  std::string why;
  while (replica.state().phase != engine::Phase::GameOver && !french_to_decide(replica)) {
    const auto update = player.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    INFO(why);
    REQUIRE(replica.apply(update, why));
    seen[update.sequence()] = update.action_text();
  }
}

// Applies updates up to the player's own acknowledged action.
void follow_own(GamePlayer& player, Replica& replica, std::map<std::uint64_t, std::string>& seen,
                std::uint64_t sequence) {
  std::string why;
  while (replica.sequence() < sequence) {
    const auto update = player.next_of(v1::ServerEnvelope::kGameUpdate).game_update();
    INFO(why);
    REQUIRE(replica.apply(update, why));
    seen[update.sequence()] = update.action_text();
  }
}

// Opens the game with the last sequence seen and follows the catch-up: a snapshot behind, then the
// missed updates. A room rebuilt from a stored snapshot keeps no state before it, so the catch-up
// may start past what the client saw: the replica reads the actions between from the database.
void resume(GamePlayer& player, std::uint64_t game, Replica& replica,
            std::map<std::uint64_t, std::string>& seen, const std::filesystem::path& database) {
  std::string why;
  Resumed resumed;
  if (replica.sequence() == 0) {  // nothing seen yet: a plain open
    const auto opened = player.request(open_game(game, false));
    REQUIRE(opened.has_game_snapshot());
    resumed.snapshot = opened.game_snapshot();
  } else {
    resumed = resume_game(player, game, false, replica.sequence());
  }
  CHECK(resumed.snapshot.sequence() + resumed.tail.size() >= replica.sequence());
  INFO(why);
  REQUIRE(replica.follow(
      resumed, why, [&](std::uint64_t sequence) { return logged_action_line(database, game, sequence); }));
  for (const v1::GameUpdate& update : resumed.tail)
    seen[update.sequence()] = update.action_text();
}

// Alice creates a Quatre Bras game as the French against the built-in Allied player; its id.
std::uint64_t create_quatre_bras_against_builtin(GamePlayer& alice) {
  auto create =
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED);
  v1::SeatSetup& builtin = *create.mutable_create_game()->add_seats();
  builtin.set_seat(v1::SEAT_ALLIED);
  builtin.set_built_in(true);
  const auto created = alice.request(create);
  REQUIRE(created.has_game_created());
  return created.game_created().game_id();
}

}  // namespace

TEST_CASE("kill -9 during play against the built-in player loses no acknowledged action and doubles none",
          "[e2e][games]") {
  const auto directory = make_temp_directory("hd-games-kill");
  ServerOptions options{game_server_args(), directory};
  auto server = std::make_unique<ServerProcess>(options);
  const auto database = server->database_path();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();

  const std::uint64_t game = create_quatre_bras_against_builtin(*alice);

  Replica replica("quatre-bras", french_seat());
  std::map<std::uint64_t, std::string> acknowledged;  // sequence -> action, as the client heard it
  REQUIRE(alice->request(open_game(game, false)).has_game_snapshot());
  follow_builtin(*alice, replica, acknowledged);

  engine::SplitMix64 random(4242);
  engine::SplitMix64 chaos(777);
  for (int round = 0; round < 4 && replica.state().phase != engine::Phase::GameOver; ++round) {
    const int steps = 2 + static_cast<int>(chaos.below(12));
    for (int step = 0; step < steps && french_to_decide(replica); ++step) {
      const auto answer = alice->request(submit(game, engine::choose_random_action(replica.state(), random)));
      REQUIRE(answer.has_action_accepted());
      follow_own(*alice, replica, acknowledged, answer.action_accepted().sequence());
      follow_builtin(*alice, replica, acknowledged);
    }
    // One more action in flight, then kill -9 at a random moment.
    std::optional<std::pair<std::uint64_t, v1::ClientEnvelope>> in_flight;
    if (french_to_decide(replica)) {
      in_flight.emplace(alice->next_request_id(),
                        submit(game, engine::choose_random_action(replica.state(), random)));
      in_flight->second.set_request_id(in_flight->first);
      alice->socket().send(in_flight->second);
      std::this_thread::sleep_for(std::chrono::microseconds(chaos.below(4000)));
    }
    server->stop(SIGKILL);
    alice.reset();

    // Every acknowledged action is in the database, at its sequence, once; the file is sound.
    const auto rows =
        query(database, "SELECT sequence, action FROM game_actions WHERE game_id = " + std::to_string(game) +
                            " ORDER BY sequence");
    for (std::size_t i = 0; i < rows.size(); ++i)
      CHECK(rows[i].substr(0, rows[i].find('|')) == std::to_string(i + 1));
    REQUIRE(rows.size() >= acknowledged.size());
    // The client heard each action's line with its dice (GameUpdate.action_text); the log keeps the
    // dice in their own column.
    for (const auto& [sequence, action] : acknowledged)
      CHECK(logged_action_line(database, game, sequence) == action);
    CHECK(query(database, "PRAGMA integrity_check") == std::vector<std::string>{"ok"});

    server = std::make_unique<ServerProcess>(options);
    alice = std::make_unique<GamePlayer>(server->port(), "alice", token);
    resume(*alice, game, replica, acknowledged, database);
    if (in_flight) {
      // The request in flight: its id answers with the first answer, or it is applied now.
      const auto answer = alice->request_with_id(in_flight->second, in_flight->first);
      if (answer.has_refusal()) {
        // Applied before the kill and answered now with the first answer is the other branch; a
        // refusal is possible only if the state moved on, which resume would have shown.
        FAIL("in-flight request refused: " << answer.refusal().message());
      }
      REQUIRE(answer.has_action_accepted());
      follow_own(*alice, replica, acknowledged, answer.action_accepted().sequence());
      follow_builtin(*alice, replica, acknowledged);
    }
  }
  CHECK(
      query(
          database,
          "SELECT request_id, COUNT(*) FROM game_actions WHERE request_id != 0 GROUP BY game_id, account_id, "
          "request_id HAVING COUNT(*) > 1")
          .empty());
  const auto count =
      query(database, "SELECT COUNT(*) FROM game_actions WHERE game_id = " + std::to_string(game));
  CHECK(count == std::vector<std::string>{std::to_string(replica.sequence())});
}

TEST_CASE("A dropped connection resumes from the last sequence it saw, without a snapshot", "[e2e][games]") {
  ServerProcess server({game_server_args(), {}});
  GamePlayer alice(server.port(), "alice");
  auto bob = std::make_unique<GamePlayer>(server.port(), "bob");
  const std::string bob_token = bob->session_token();
  const auto created = alice.request(
      create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob->request(join_game(game, v1::SEAT_ALLIED, test_entropy("bob"))).has_game_changed());
  REQUIRE(alice.request(open_game(game, false)).has_game_snapshot());
  REQUIRE(bob->request(open_game(game, false)).has_game_snapshot());

  engine::Viewer allied;
  allied.kind = engine::Viewer::Kind::Seat;
  allied.army = engine::Army::Allied;
  Replica alice_replica("quatre-bras", french_seat());
  Replica bob_replica("quatre-bras", allied);
  engine::SplitMix64 random(99);
  std::string why;
  // Two French moves seen by both; then Bob's connection drops; then more French moves.
  int played = 0;
  while (played < 8 && french_to_decide(alice_replica)) {
    REQUIRE(alice.request(submit(game, engine::choose_random_action(alice_replica.state(), random)))
                .has_action_accepted());
    REQUIRE(alice_replica.apply(alice.next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
    if (played < 2)
      REQUIRE(bob_replica.apply(bob->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
    if (played == 1) bob.reset();  // the connection drops
    ++played;
  }
  REQUIRE(played > 3);
  REQUIRE(bob_replica.sequence() == 2);

  bob = std::make_unique<GamePlayer>(server.port(), "bob", bob_token);
  // A snapshot where Bob left off, then the updates he missed, then Ok.
  const Resumed resumed = resume_game(*bob, game, false, bob_replica.sequence());
  CHECK(resumed.snapshot.sequence() == 2);
  INFO(why);
  REQUIRE(bob_replica.follow(resumed, why));
  CHECK(resumed.tail.size() == static_cast<std::size_t>(played - 2));
  CHECK(bob_replica.sequence() == alice_replica.sequence());
  CHECK(engine::state_hash(bob_replica.state()) == engine::state_hash(alice_replica.state()));

  // A sequence the server never had gets a snapshot of the present, and Ok.
  const Resumed future = resume_game(*bob, game, false, 9999);
  CHECK(future.snapshot.sequence() == alice_replica.sequence());
  CHECK(future.tail.empty());
}

TEST_CASE("A Coalition seat's phase end survives a restart; a mark of an earlier phase does not",
          "[e2e][games]") {
  const auto directory = make_temp_directory("hd-games-phase-ends");
  ServerOptions options{game_server_args(), directory};
  auto server = std::make_unique<ServerProcess>(options);
  const auto database = server->database_path();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");  // French
  auto bob = std::make_unique<GamePlayer>(server->port(), "bob");      // Prussian
  auto carol = std::make_unique<GamePlayer>(server->port(), "carol");  // Allied
  const std::string alice_token = alice->session_token(), bob_token = bob->session_token(),
                    carol_token = carol->session_token();
  const auto created = alice->request(create_game("la-belle-alliance", {v1::SEAT_FRENCH},
                                                  test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  REQUIRE(bob->request(join_game(game, v1::SEAT_PRUSSIAN, test_entropy("bob"))).has_game_changed());
  REQUIRE(carol->request(join_game(game, v1::SEAT_ALLIED, test_entropy("carol"))).has_game_changed());
  REQUIRE(alice->request(open_game(game, false)).has_game_snapshot());
  Replica replica("la-belle-alliance", engine::Viewer{});
  std::string why;

  // The French end their movement and combat phases (4.1): the Coalition's movement phase follows.
  const engine::Action end{engine::EndPhaseAction{}};
  while (replica.state().phasing == engine::Side::French) {
    REQUIRE(!engine::validate(replica.state(), engine::Side::French, end));  // no French unit in contact
    REQUIRE(alice->request(submit(game, end)).has_action_accepted());
    INFO(why);
    REQUIRE(replica.apply(alice->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
  }
  REQUIRE(replica.state().phase == engine::Phase::Movement);
  const std::uint64_t movement_start = replica.sequence();

  // Bob (Prussian) ends the Coalition movement phase; it waits for Carol. The mark is on disk before
  // Bob hears the answer, so even kill -9 keeps it.
  const auto first = bob->request(submit(game, end));
  REQUIRE(first.has_action_accepted());
  CHECK(first.action_accepted().awaiting_confirmation());
  CHECK(query(database, "SELECT seat, phase_start_sequence FROM game_phase_ends WHERE game_id = " +
                            std::to_string(game)) ==
        std::vector<std::string>{"2|" + std::to_string(movement_start)});
  alice.reset();
  bob.reset();
  carol.reset();
  server->stop(SIGKILL);

  server = std::make_unique<ServerProcess>(options);
  alice = std::make_unique<GamePlayer>(server->port(), "alice", alice_token);
  carol = std::make_unique<GamePlayer>(server->port(), "carol", carol_token);
  REQUIRE(resume_game(*alice, game, false, replica.sequence()).snapshot.sequence() == replica.sequence());
  // Carol's end is the last one missing: the phase ends at once.
  const auto second = carol->request(submit(game, end));
  INFO(second.DebugString());
  REQUIRE(second.has_action_accepted());
  CHECK_FALSE(second.action_accepted().awaiting_confirmation());
  CHECK(second.action_accepted().sequence() == movement_start + 1);
  REQUIRE(replica.apply(alice->next_of(v1::ServerEnvelope::kGameUpdate).game_update(), why));
  REQUIRE(replica.state().phasing == engine::Side::Coalition);
  REQUIRE(replica.state().phase == engine::Phase::Combat);

  // Restarted again in the combat phase: Bob's mark was for the movement phase and counts no more.
  alice.reset();
  carol.reset();
  server->stop(SIGTERM);
  server = std::make_unique<ServerProcess>(options);
  carol = std::make_unique<GamePlayer>(server->port(), "carol", carol_token);
  bob = std::make_unique<GamePlayer>(server->port(), "bob", bob_token);
  REQUIRE(!engine::validate(replica.state(), engine::Side::Coalition, end));  // no Coalition unit in contact
  // Request ids beyond those of Carol's earlier connection (an id reused is taken for a repeat).
  const auto combat_end = carol->request_with_id(submit(game, end), 2000001);
  REQUIRE(combat_end.has_action_accepted());
  CHECK(combat_end.action_accepted().awaiting_confirmation());
  CHECK(combat_end.action_accepted().sequence() == 0);
  const auto combat_second = bob->request_with_id(submit(game, end), 2000001);
  REQUIRE(combat_second.has_action_accepted());
  CHECK(combat_second.action_accepted().sequence() == movement_start + 2);
}

TEST_CASE(
    "A game is rebuilt from its latest snapshot; a snapshot that cannot be trusted is replaced by a full "
    "replay and a warning",
    "[e2e][games]") {
  const auto directory = make_temp_directory("hd-games-snapshots");
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--snapshot-every", "5"});
  const ServerOptions options{args, directory};
  auto server = std::make_unique<ServerProcess>(options);
  const auto database = server->database_path();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();
  const std::uint64_t game = create_quatre_bras_against_builtin(*alice);
  const std::string of_the_game = " WHERE game_id = " + std::to_string(game);
  const std::string game_rows = " FROM game_snapshots" + of_the_game;

  Replica replica("quatre-bras", french_seat());
  std::map<std::uint64_t, std::string> seen;
  REQUIRE(alice->request(open_game(game, false)).has_game_snapshot());
  follow_builtin(*alice, replica, seen);
  engine::SplitMix64 random(5150);
  // One French action, checked against the replica (its view must match the server's byte for byte).
  // Request ids run on across connections (an id reused is taken for a repeat).
  std::uint64_t request_id = 5000000;
  const auto play_one = [&] {
    REQUIRE(french_to_decide(replica));
    const auto answer = alice->request_with_id(
        submit(game, engine::choose_random_action(replica.state(), random)), ++request_id);
    INFO(answer.DebugString());
    REQUIRE(answer.has_action_accepted());
    CHECK(answer.action_accepted().sequence() == replica.sequence() + 1);
    follow_own(*alice, replica, seen, answer.action_accepted().sequence());
    follow_builtin(*alice, replica, seen);
  };
  while (replica.sequence() < 23)
    play_one();

  // Only the latest snapshot is kept, at the last multiple of 5. It is written once that action's
  // updates are out, so a built-in's action may be seen before its snapshot is on disk.
  const std::uint64_t snapshot_at = replica.sequence() / 5 * 5;
  const std::vector<std::string> latest_only{std::to_string(snapshot_at)};
  CHECK(query_settled(database, "SELECT sequence" + game_rows, latest_only) == latest_only);

  const auto restart = [&] {
    alice.reset();
    server->stop(SIGTERM);
    server = std::make_unique<ServerProcess>(options);
    alice = std::make_unique<GamePlayer>(server->port(), "alice", token);
    REQUIRE(resume_game(*alice, game, false, replica.sequence()).snapshot.sequence() == replica.sequence());
  };
  restart();
  CHECK(server->log().find("event=game_rebuilt_from_snapshot game=" + std::to_string(game) +
                           " snapshot=" + std::to_string(snapshot_at)) != std::string::npos);
  CHECK(server->log().find("snapshot_not_used") == std::string::npos);
  play_one();  // the rebuilt game plays on exactly as the replica does

  // A snapshot whose state does not read back.
  query(database, "UPDATE game_snapshots SET state = 'hd-state-1 0 0 garbage'" + of_the_game);
  restart();
  CHECK(server->log().find("level=warning event=snapshot_not_used game=" + std::to_string(game)) !=
        std::string::npos);
  CHECK(server->log().find("does not read back") != std::string::npos);
  play_one();

  // A snapshot of another state than the log's at its sequence (e.g. written before an undo).
  const std::uint64_t latest = std::stoull(query(database, "SELECT MAX(sequence)" + game_rows).front());
  query(database, "UPDATE game_snapshots SET state_hash = '0123456789abcdef'" + of_the_game);
  restart();
  CHECK(server->log().find("event=snapshot_not_used game=" + std::to_string(game) +
                           " snapshot=" + std::to_string(latest)) != std::string::npos);
  CHECK(server->log().find("is not the log's") != std::string::npos);
  play_one();
}

TEST_CASE("An accepted undo drops the snapshot of the action it takes back", "[e2e][games]") {
  const auto directory = make_temp_directory("hd-games-snapshot-undo");
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--snapshot-every", "1"});
  const ServerOptions options{args, directory};
  auto server = std::make_unique<ServerProcess>(options);
  const auto database = server->database_path();
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();
  const std::uint64_t game = create_quatre_bras_against_builtin(*alice);
  const std::string snapshots = "SELECT sequence FROM game_snapshots WHERE game_id = " + std::to_string(game);
  Replica replica("quatre-bras", french_seat());
  REQUIRE(alice->request(open_game(game, false)).has_game_snapshot());
  REQUIRE(french_to_decide(replica));  // the French move first

  // A French move (the random player's first move choice), snapshotted at once.
  const auto a_move = [&](std::uint64_t seed) {
    engine::SplitMix64 random(seed);
    for (;;) {
      const engine::Action action = engine::choose_random_action(replica.state(), random);
      if (std::holds_alternative<engine::MoveAction>(action)) return action;
    }
  };
  std::uint64_t request_id = 7000000;
  REQUIRE(alice->request_with_id(submit(game, a_move(1)), ++request_id).action_accepted().sequence() == 1);
  CHECK(query(database, snapshots) == std::vector<std::string>{"1"});

  // 5.1C: taken back (the built-in opponent accepts at once): its snapshot goes with it.
  v1::ClientEnvelope undo;
  undo.mutable_request_undo()->set_game_id(game);
  REQUIRE(alice->request_with_id(undo, ++request_id).has_ok());
  CHECK(alice->next_of(v1::ServerEnvelope::kUndoAnswered).undo_answered().accepted());
  CHECK(query(database, snapshots).empty());

  // The view a player gets when opening the game, before and after a restart.
  const auto view_now = [&] {
    const auto opened = alice->request_with_id(open_game(game, false), ++request_id);
    REQUIRE(opened.has_game_snapshot());
    return opened.game_snapshot().view().SerializeAsString();
  };
  const auto restart = [&] {
    alice.reset();
    server->stop(SIGTERM);
    server = std::make_unique<ServerProcess>(options);
    alice = std::make_unique<GamePlayer>(server->port(), "alice", token);
  };
  std::string before = view_now();
  restart();
  CHECK(view_now() == before);
  CHECK(server->log().find("snapshot_not_used") == std::string::npos);

  // Another move takes the freed sequence and its own snapshot, which the next start uses.
  REQUIRE(alice->request_with_id(submit(game, a_move(2)), ++request_id).action_accepted().sequence() == 1);
  CHECK(query(database, snapshots) == std::vector<std::string>{"1"});
  before = view_now();
  restart();
  CHECK(view_now() == before);
  CHECK(server->log().find("event=game_rebuilt_from_snapshot game=" + std::to_string(game) + " snapshot=1") !=
        std::string::npos);
  CHECK(server->log().find("snapshot_not_used") == std::string::npos);
}

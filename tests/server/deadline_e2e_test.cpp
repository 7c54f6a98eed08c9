// End-to-end (issue 16, deadlines): the real server with a real SQLite file and a deadline's hour
// shortened to a second (deadline-hour-seconds, a testing knob). A seat that stays idle loses the
// game under the forfeit policy, after its vacation day; under the built-in policy the built-in
// player plays its player turn and the game moves on; a kill -9 and a restart keep the deadline;
// the player's webhook gets one reminder in the player turn, when three quarters of it have passed.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"
#include "webhook_receiver.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <ctime>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

std::vector<std::string> deadline_server_args(int hour_seconds) {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(),
              {"--deadline-hour-seconds", std::to_string(hour_seconds), "--deadline-check-seconds", "1"});
  return args;
}

// Quatre Bras with both seats held by the creator (so the game runs at once), and a deadline.
v1::ClientEnvelope create_with_deadline(std::uint32_t hours, std::uint32_t vacation,
                                        v1::DeadlinePolicy policy) {
  v1::ClientEnvelope create = create_game("quatre-bras", {v1::SEAT_FRENCH, v1::SEAT_ALLIED},
                                          test_entropy("deadline"), v1::SPECTATOR_VIEW_FRENCH);
  v1::TurnDeadline& deadline = *create.mutable_create_game()->mutable_deadline();
  deadline.set_hours(hours);
  deadline.set_vacation_days(vacation);
  deadline.set_policy(policy);
  return create;
}

// The game's summary as ListGames MINE shows it.
v1::GameSummary summary_of(GamePlayer& player, std::uint64_t game) {
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_MINE);
  const auto answer = player.request(list);
  REQUIRE(answer.has_game_list());
  for (const v1::GameSummary& summary : answer.game_list().games())
    if (summary.game_id() == game) return summary;
  FAIL("game " << game << " is not listed");
  return {};
}

// Polls the summary (every 200 ms, at most `limit`) until `done` holds; returns the last one.
template <typename Done>
v1::GameSummary summary_when(GamePlayer& player, std::uint64_t game, std::chrono::seconds limit, Done done) {
  const auto until = std::chrono::steady_clock::now() + limit;
  v1::GameSummary summary = summary_of(player, game);
  while (!done(summary) && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    summary = summary_of(player, game);
  }
  return summary;
}

bool finished(const v1::GameSummary& summary) {
  return summary.status() == v1::GAME_STATUS_FINISHED;
}

v1::Side side_of(v1::Seat seat) {
  return seat == v1::SEAT_FRENCH ? v1::SIDE_FRENCH : v1::SIDE_COALITION;
}

std::uint32_t vacation_left(const v1::GameSummary& summary, v1::Seat seat) {
  for (const v1::SeatVacation& vacation : summary.vacation())
    if (vacation.seat() == seat) return vacation.days_left();
  FAIL("no vacation shown for seat " << seat);
  return 0;
}

}  // namespace

TEST_CASE("a bad deadline is refused INVALID_REQUEST and nothing is created", "[e2e][games][deadline]") {
  ServerProcess server({deadline_server_args(1), {}});
  GamePlayer alice(server.port(), "alice");
  for (const auto& bad : {create_with_deadline(721, 0, v1::DEADLINE_POLICY_FORFEIT),
                          create_with_deadline(48, 31, v1::DEADLINE_POLICY_FORFEIT),
                          create_with_deadline(48, 0, v1::DEADLINE_POLICY_UNSPECIFIED)}) {
    const auto answer = alice.request(bad);
    REQUIRE(answer.has_refusal());
    CHECK(answer.refusal().code() == v1::REFUSAL_CODE_INVALID_REQUEST);
    CHECK(answer.refusal().message().find("deadline") != std::string::npos);
  }
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(v1::GAME_LIST_FILTER_MINE);
  CHECK(alice.request(list).game_list().games_size() == 0);
}

TEST_CASE("forfeit: the idle seat spends its vacation day, then its side loses the game",
          "[e2e][games][deadline]") {
  // An hour is a second: 2 hours, then one vacation day of 24 "hours" more.
  ServerProcess server({deadline_server_args(1), {}});
  GamePlayer alice(server.port(), "alice");
  const auto created = alice.request(create_with_deadline(2, 1, v1::DEADLINE_POLICY_FORFEIT));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const auto started = static_cast<std::int64_t>(std::time(nullptr));

  const v1::GameSummary first =
      summary_when(alice, game, std::chrono::seconds(5),
                   [](const v1::GameSummary& s) { return s.deadline_unix_seconds() > 0; });
  REQUIRE(first.status() == v1::GAME_STATUS_RUNNING);
  CHECK(first.deadline().hours() == 2);
  CHECK(first.deadline().vacation_days() == 1);
  CHECK(first.deadline().policy() == v1::DEADLINE_POLICY_FORFEIT);
  const v1::Seat idle = first.waiting_for();
  REQUIRE(idle != v1::SEAT_UNSPECIFIED);
  CHECK(vacation_left(first, idle) == 1);
  CHECK(static_cast<std::int64_t>(first.deadline_unix_seconds()) >= started + 1);
  CHECK(static_cast<std::int64_t>(first.deadline_unix_seconds()) <= started + 3);

  // Past the 2 seconds: a vacation day is spent (the deadline moves 24 seconds on), not the game.
  const v1::GameSummary on_vacation =
      summary_when(alice, game, std::chrono::seconds(10),
                   [&](const v1::GameSummary& s) { return vacation_left(s, idle) == 0; });
  REQUIRE(vacation_left(on_vacation, idle) == 0);
  CHECK(on_vacation.status() == v1::GAME_STATUS_RUNNING);
  CHECK(on_vacation.deadline_unix_seconds() == first.deadline_unix_seconds() + 24);
  CHECK(on_vacation.deadline_event().find("vacation day") != std::string::npos);

  // Then the game ends: the idle seat's side lost, by the deadline, in words that say so.
  const v1::GameSummary over = summary_when(alice, game, std::chrono::seconds(40), finished);
  REQUIRE(finished(over));
  CHECK(static_cast<std::int64_t>(std::time(nullptr)) >=
        static_cast<std::int64_t>(on_vacation.deadline_unix_seconds()));
  CHECK(over.end() == v1::GAME_END_DEADLINE);
  CHECK(over.winner() != v1::SIDE_UNSPECIFIED);
  CHECK(over.winner() != side_of(idle));
  CHECK(over.result().find("missed its turn deadline") != std::string::npos);
  CHECK(over.deadline_event() == over.result());
  const std::string log = server.log();
  CHECK(log.find("deadline_vacation") != std::string::npos);
  CHECK(log.find("deadline_forfeit") != std::string::npos);
}

TEST_CASE("built-in: the idle seat's player turn is played for it and the game moves on",
          "[e2e][games][deadline]") {
  ServerProcess server({deadline_server_args(1), {}});
  GamePlayer alice(server.port(), "alice");
  const auto created = alice.request(create_with_deadline(1, 0, v1::DEADLINE_POLICY_BUILTIN));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const v1::GameSummary first = summary_of(alice, game);
  REQUIRE(first.status() == v1::GAME_STATUS_RUNNING);

  // Nobody acts; within a minute the game has gone past its first player turn.
  const v1::GameSummary later = summary_when(
      alice, game, std::chrono::seconds(60),
      [&](const v1::GameSummary& s) { return finished(s) || s.turn_label() != first.turn_label(); });
  CHECK((finished(later) || later.turn_label() != first.turn_label()));
  CHECK(later.end() != v1::GAME_END_DEADLINE);  // never forfeited
  CHECK(later.deadline_event().find("built-in player") != std::string::npos);
  CHECK(server.log().find("deadline_builtin") != std::string::npos);
  // The actions were the built-in player's (the game's snapshot says who acted last).
  const auto opened = alice.request(open_game(game, false));
  REQUIRE(opened.has_game_snapshot());
  CHECK(opened.game_snapshot().sequence() > 0);
}

TEST_CASE("a kill -9 and a restart keep the deadline: it is computed from stored times",
          "[e2e][games][deadline]") {
  // An hour of 2 seconds and 5 hours: 10 seconds to act.
  const auto directory = make_temp_directory("hd-deadline-restart");
  ServerOptions options{deadline_server_args(2), directory};
  auto server = std::make_unique<ServerProcess>(options);
  auto alice = std::make_unique<GamePlayer>(server->port(), "alice");
  const std::string token = alice->session_token();
  const auto created = alice->request(create_with_deadline(5, 0, v1::DEADLINE_POLICY_FORFEIT));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const v1::GameSummary before =
      summary_when(*alice, game, std::chrono::seconds(5),
                   [](const v1::GameSummary& s) { return s.deadline_unix_seconds() > 0; });
  REQUIRE(before.deadline_unix_seconds() > 0);

  server->stop(SIGKILL);
  alice.reset();
  std::this_thread::sleep_for(std::chrono::seconds(3));  // a wait started anew would end 3 s later
  server = std::make_unique<ServerProcess>(options);
  alice = std::make_unique<GamePlayer>(server->port(), "alice", token);

  const v1::GameSummary after = summary_of(*alice, game);
  CHECK(after.status() == v1::GAME_STATUS_RUNNING);
  CHECK(after.deadline_unix_seconds() == before.deadline_unix_seconds());
  const v1::GameSummary over = summary_when(*alice, game, std::chrono::seconds(30), finished);
  REQUIRE(finished(over));
  CHECK(over.end() == v1::GAME_END_DEADLINE);
  CHECK(static_cast<std::int64_t>(std::time(nullptr)) >=
        static_cast<std::int64_t>(before.deadline_unix_seconds()));
}

TEST_CASE("one reminder per player turn, by webhook, when three quarters of the deadline have passed",
          "[e2e][games][deadline]") {
  Receiver receiver;
  // An hour of 4 seconds and 2 hours: the reminder at 6 s, the deadline at 8 s; the watcher looks
  // every second, so it sees the reminder due at least twice and must send it once.
  std::vector<std::string> args = deadline_server_args(4);
  args.insert(args.end(), {"--webhook-allow-private", "true"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  v1::ClientEnvelope hook;
  hook.mutable_set_webhook()->set_url("http://127.0.0.1:" + std::to_string(receiver.port()) + "/alice");
  REQUIRE(alice.request(hook).has_webhook_set());
  const auto created = alice.request(create_with_deadline(2, 0, v1::DEADLINE_POLICY_FORFEIT));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const auto started = std::chrono::steady_clock::now();

  const auto reminders = [](const std::vector<Received>& all) {
    std::size_t n = 0;
    for (const Received& message : all)
      if (message.body.find("\"event\":\"deadline-reminder\"") != std::string::npos) ++n;
    return n;
  };
  REQUIRE(receiver.wait([&](const auto& all) { return reminders(all) >= 1; }, std::chrono::seconds(20)));
  // Not before three quarters of the 8 seconds (6 s, less the second the start may be rounded by).
  CHECK(std::chrono::steady_clock::now() - started >= std::chrono::seconds(5));
  const v1::GameSummary over = summary_when(alice, game, std::chrono::seconds(20), finished);
  REQUIRE(finished(over));
  CHECK(over.end() == v1::GAME_END_DEADLINE);
  // The game-over message came after the deadline; still just the one reminder.
  REQUIRE(receiver.wait([](const auto& all) {
    for (const Received& message : all)
      if (message.body.find("\"event\":\"game-over\"") != std::string::npos) return true;
    return false;
  }));
  CHECK(reminders(receiver.received()) == 1);
  CHECK(server.log().find("deadline_reminder") != std::string::npos);
}

TEST_CASE("a game listed from the database, not in memory, shows its deadline all the same",
          "[e2e][games][deadline]") {
  std::vector<std::string> args = deadline_server_args(3600);
  args.insert(args.end(), {"--room-idle-seconds", "1"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  const auto created = alice.request(create_with_deadline(48, 3, v1::DEADLINE_POLICY_BUILTIN));
  REQUIRE(created.has_game_created());
  const std::uint64_t game = created.game_created().game_id();
  const v1::GameSummary live = summary_of(alice, game);
  REQUIRE(live.deadline_unix_seconds() > 0);
  REQUIRE(metric_becomes(server.port(), "hd_games_in_memory", 0));  // idle: it left memory

  const v1::GameSummary stored = summary_of(alice, game);
  CHECK(stored.deadline().hours() == 48);
  CHECK(stored.deadline().vacation_days() == 3);
  CHECK(stored.deadline().policy() == v1::DEADLINE_POLICY_BUILTIN);
  CHECK(stored.deadline_unix_seconds() == live.deadline_unix_seconds());
  CHECK(vacation_left(stored, v1::SEAT_FRENCH) == 3);
  CHECK(vacation_left(stored, v1::SEAT_ALLIED) == 3);
  CHECK(metric(server.port(), "hd_games_in_memory") == 0);  // listed without loading it
}

// Issue 16 (deadlines): the deadline arithmetic (deadline_clock.hpp), the check of
// CreateGame.deadline, the stored wait (DeadlineStore over migrations/0015) and the reminder's words.
#include "database.hpp"
#include "games/deadline_clock.hpp"
#include "games/deadline_store.hpp"
#include "games/turn_deadline_check.hpp"
#include "migrations.hpp"
#include "notify/turn_notices.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

using namespace hd::server;
namespace v1 = hundred_days::v1;

namespace {

constexpr std::int64_t kHour = 3600;
constexpr std::int64_t kDay = 24 * kHour;

std::filesystem::path fresh_database_path() {
  static std::mt19937_64 random{std::random_device{}()};
  const auto dir = std::filesystem::temp_directory_path() / ("hd-deadlines-" + std::to_string(random()));
  std::filesystem::create_directories(dir);
  return dir / "test.sqlite";
}

v1::TurnDeadline deadline(std::uint32_t hours, std::uint32_t vacation, v1::DeadlinePolicy policy) {
  v1::TurnDeadline out;
  out.set_hours(hours);
  out.set_vacation_days(vacation);
  out.set_policy(policy);
  return out;
}

}  // namespace

TEST_CASE("a deadline is the wait's start plus its hours plus 24 hours per vacation day", "[deadline]") {
  const DeadlineRule rule{48, 5, kHour};
  CHECK(deadline_unix(rule, {1000, 0}) == 1000 + 48 * kHour);
  CHECK(deadline_unix(rule, {1000, 2}) == 1000 + 48 * kHour + 2 * kDay);
  // A test server's shortened hour shortens the day alike.
  CHECK(deadline_unix(DeadlineRule{2, 0, 1}, {100, 1}) == 100 + 2 + 24);
}

TEST_CASE("the reminder comes when the fraction of the hours has passed, vacation aside", "[deadline]") {
  const DeadlineRule rule{48, 5, kHour};
  CHECK(reminder_unix(rule, {1000, 0}, {3, 4}) == 1000 + 36 * kHour);
  CHECK(reminder_unix(rule, {1000, 3}, {3, 4}) == 1000 + 36 * kHour);
  CHECK(reminder_unix(rule, {0, 0}, {75, 100}) == 36 * kHour);
  CHECK(reminder_unix(DeadlineRule{1, 0, 3}, {0, 0}, {1, 2}) == 1);  // rounded down
}

TEST_CASE("vacation days are spent only once the deadline passed, as many as cover now", "[deadline]") {
  const DeadlineRule rule{48, 5, kHour};
  const DeadlineWait wait{0, 0};
  const std::int64_t due = 48 * kHour;
  CHECK(vacation_days_needed(rule, wait, 5, due - 1) == 0);
  CHECK(vacation_days_needed(rule, wait, 5, due) == 1);
  CHECK(vacation_days_needed(rule, wait, 5, due + kDay - 1) == 1);
  CHECK(vacation_days_needed(rule, wait, 5, due + kDay) == 2);
  CHECK(vacation_days_needed(rule, wait, 5, due + 10 * kDay) == 5);  // all, and still late
  CHECK(vacation_days_needed(rule, wait, 0, due + kDay) == 0);
  // Days already spent in this player turn moved the deadline.
  CHECK(vacation_days_needed(rule, {0, 1}, 4, due + kDay - 1) == 0);
  CHECK(vacation_days_needed(rule, {0, 1}, 4, due + kDay) == 1);
}

TEST_CASE("CreateGame.deadline: hours 1-720 with a policy, vacation 0-30; 0 hours is none", "[deadline]") {
  CHECK_FALSE(turn_deadline_problem(v1::TurnDeadline{}));
  CHECK_FALSE(turn_deadline_problem(deadline(48, 5, v1::DEADLINE_POLICY_FORFEIT)));
  CHECK_FALSE(turn_deadline_problem(deadline(1, 0, v1::DEADLINE_POLICY_BUILTIN)));
  CHECK_FALSE(turn_deadline_problem(deadline(720, 30, v1::DEADLINE_POLICY_BUILTIN)));
  CHECK(turn_deadline_problem(deadline(721, 0, v1::DEADLINE_POLICY_BUILTIN)));
  CHECK(turn_deadline_problem(deadline(48, 31, v1::DEADLINE_POLICY_BUILTIN)));
  CHECK(turn_deadline_problem(deadline(48, 0, v1::DEADLINE_POLICY_UNSPECIFIED)));
  CHECK(turn_deadline_problem(deadline(48, 0, static_cast<v1::DeadlinePolicy>(7))));
  CHECK(turn_deadline_problem(deadline(0, 3, v1::DEADLINE_POLICY_UNSPECIFIED)));
  CHECK(turn_deadline_problem(deadline(0, 0, v1::DEADLINE_POLICY_FORFEIT)));
}

TEST_CASE("0015 keeps a game's deadline, its wait and the vacation spent per seat", "[deadline]") {
  Database db = Database::open(fresh_database_path());
  apply_migrations(db, embedded_migrations());
  db.execute("INSERT INTO accounts (id, username, password_hash, created_unix) VALUES (1, 'a', 'x', 0)");
  db.execute(
      "INSERT INTO games (id, scenario, title, force_options, optional_rules, status, public_listing, "
      "invite_code, spectator_view, spectator_delay, dice_seed, seed_commitment, creator_account, "
      "created_unix) VALUES (7, 's', 't', '', '', 2, 1, 'i7', 0, 0, '', '', 1, 0)");
  DeadlineStore store(db);
  store.insert(7, deadline(48, 3, v1::DEADLINE_POLICY_FORFEIT));
  auto loaded = store.load_state(7, 3600);
  REQUIRE(loaded);
  auto row = std::optional<DeadlineRow>(loaded->row);
  CHECK(row->hours == 48);
  CHECK(row->vacation_days == 3);
  CHECK(row->policy == v1::DEADLINE_POLICY_FORFEIT);
  CHECK(row->turn_start_sequence == -1);
  CHECK_FALSE(row->reminder_sent);
  CHECK(store.running_games() == std::vector<std::int64_t>{7});

  row->turn_start_sequence = 12;
  row->began_unix = 5000;
  row->turn_vacation_days = 1;
  row->reminder_sent = true;
  row->lapsed_seat = v1::SEAT_FRENCH;
  row->last_event = "the French seat took 1 vacation day";
  store.save_wait(*row);
  store.add_vacation(7, v1::SEAT_FRENCH, 1);
  store.add_vacation(7, v1::SEAT_FRENCH, 2);
  const auto state = store.load_state(7, 10);
  REQUIRE(state);
  CHECK(state->row.turn_start_sequence == 12);
  CHECK(state->row.began_unix == 5000);
  CHECK(state->row.turn_vacation_days == 1);
  CHECK(state->row.reminder_sent);
  CHECK(state->row.lapsed_seat == v1::SEAT_FRENCH);
  CHECK(state->row.last_event == "the French seat took 1 vacation day");
  CHECK(state->vacation_used.at(v1::SEAT_FRENCH) == 3);
  CHECK(state->vacation_used.count(v1::SEAT_ALLIED) == 0);
  CHECK(state->hour_seconds == 10);

  // The schema refuses what CreateGame refuses.
  CHECK_THROWS(
      db.execute("INSERT INTO game_deadlines (game_id, hours, vacation_days, policy) VALUES (7, 0, 0, 1)"));
  db.execute("UPDATE games SET status = 3 WHERE id = 7");
  CHECK(store.running_games().empty());
}

TEST_CASE("the reminder's mail and webhook say the deadline is near and link to the game", "[deadline]") {
  const std::string subject = email_subject(9, "Quatre Bras", "deadline-reminder", "16/1400");
  CHECK(subject == "Hundred Days: your turn's deadline is near in game 9 (Quatre Bras, 16/1400)");
  const std::string body = email_body(9, "Quatre Bras", "deadline-reminder", "16/1400", "hd://x/game/9");
  CHECK(body.find("deadline (16/1400) in Game 9 (Quatre Bras) is near") != std::string::npos);
  CHECK(body.find("hd://x/game/9") != std::string::npos);
  CHECK(webhook_body(9, "deadline-reminder", "16/1400", "hd://x/game/9") ==
        "{\"game_id\":9,\"event\":\"deadline-reminder\",\"turn\":\"16/1400\",\"link\":\"hd://x/game/9\"}");
}

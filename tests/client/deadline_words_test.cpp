// A game's turn deadline in words (model/deadline_words, issue 16): the terms, the time left from a
// fixed now, each seat's vacation days left, the latest event, and the lobby row that carries them.
#include "model/deadline_words.hpp"

#include "model/lobby_model.hpp"

#include <catch2/catch.hpp>

namespace pb = hundred_days::v1;

namespace {

constexpr std::uint64_t kNow = 1'800'000'000;

// A running game #12 of Ligny with a 48-hour deadline (forfeit, 3 vacation days) whose wait lapses
// `left` seconds after kNow; alice (French) has 3 days left, bob (Prussian) 1.
pb::GameSummary running_with_deadline(std::uint64_t left) {
  pb::GameSummary game;
  game.set_game_id(12);
  game.set_title("Ligny");
  game.set_status(pb::GAME_STATUS_RUNNING);
  game.set_waiting_for(pb::SEAT_PRUSSIAN);
  for (const auto& [seat, name] :
       {std::pair{pb::SEAT_FRENCH, "alice"}, std::pair{pb::SEAT_PRUSSIAN, "bob"}}) {
    pb::SeatHolder& holder = *game.add_seats();
    holder.set_seat(seat);
    holder.set_human(true);
    holder.set_username(name);
  }
  game.mutable_deadline()->set_hours(48);
  game.mutable_deadline()->set_vacation_days(3);
  game.mutable_deadline()->set_policy(pb::DEADLINE_POLICY_FORFEIT);
  game.set_deadline_unix_seconds(kNow + left);
  pb::SeatVacation& french = *game.add_vacation();
  french.set_seat(pb::SEAT_FRENCH);
  french.set_days_left(3);
  pb::SeatVacation& prussian = *game.add_vacation();
  prussian.set_seat(pb::SEAT_PRUSSIAN);
  prussian.set_days_left(1);
  return game;
}

}  // namespace

TEST_CASE("deadline terms: none, hours, whole days from 72 hours, and the policy") {
  pb::TurnDeadline deadline;
  CHECK(hd::client::deadline_terms(deadline) == "no deadline");
  deadline.set_hours(24);
  deadline.set_vacation_days(0);
  deadline.set_policy(pb::DEADLINE_POLICY_BUILTIN);
  CHECK(hd::client::deadline_terms(deadline) == "24 h a turn, 0 vacation days, then the built-in player");
  deadline.set_hours(168);
  deadline.set_vacation_days(1);
  deadline.set_policy(pb::DEADLINE_POLICY_FORFEIT);
  CHECK(hd::client::deadline_terms(deadline) == "7 days a turn, 1 vacation day, then forfeit");
}

TEST_CASE("the countdown counts whole hours from a fixed now, minutes under an hour, and passes") {
  CHECK(hd::client::deadline_countdown(running_with_deadline(31 * 3600 + 1800), kNow) == "deadline in 31 h");
  CHECK(hd::client::deadline_countdown(running_with_deadline(2399), kNow) == "deadline in 40 min");
  CHECK(hd::client::deadline_countdown(running_with_deadline(0), kNow) == "deadline passed");
  pb::GameSummary open = running_with_deadline(3600);
  open.set_status(pb::GAME_STATUS_OPEN);
  CHECK(hd::client::deadline_countdown(open, kNow).empty());
  CHECK(hd::client::deadline_status(open, kNow) == "48 h a turn, 3 vacation days, then forfeit");
  pb::GameSummary unknown = running_with_deadline(3600);
  unknown.set_deadline_unix_seconds(0);
  CHECK(hd::client::deadline_countdown(unknown, kNow).empty());
}

TEST_CASE("vacation days left by seat; none shown for a game without a deadline") {
  const pb::GameSummary game = running_with_deadline(3600);
  CHECK(hd::client::vacation_left(game, pb::SEAT_FRENCH) == "3 vacation days left");
  CHECK(hd::client::vacation_left(game, pb::SEAT_PRUSSIAN) == "1 vacation day left");
  CHECK(hd::client::vacation_left(game, pb::SEAT_ALLIED).empty());
  pb::GameSummary none = game;
  none.clear_deadline();
  CHECK(hd::client::vacation_left(none, pb::SEAT_FRENCH).empty());
  CHECK(hd::client::deadline_status(none, kNow) == "no deadline");
}

TEST_CASE("the lobby row shows the countdown, each seat's vacation and the latest deadline event") {
  pb::GameSummary game = running_with_deadline(31 * 3600);
  game.set_deadline_event("the Prussian seat (bob) took a vacation day");
  CHECK(hd::client::describe_game(game, kNow) ==
        "#12 Ligny, Prussian to play, deadline in 31 h (French: alice [3 vacation days left], Prussian: bob "
        "[1 vacation day left]); the Prussian seat (bob) took a vacation day");
  CHECK(hd::client::describe_game(game, 0) ==
        "#12 Ligny, Prussian to play, 48 h a turn, 3 vacation days, then forfeit (French: alice [3 vacation "
        "days left], Prussian: bob [1 vacation day left]); the Prussian seat (bob) took a vacation day");
  game.clear_deadline();
  game.clear_vacation();
  game.clear_deadline_event();
  CHECK(hd::client::describe_game(game, kNow) ==
        "#12 Ligny, Prussian to play, no deadline (French: alice, Prussian: bob)");
}

TEST_CASE("the game panel's deadline lines: the countdown and terms, my seats' vacation, the event") {
  pb::GameSummary game = running_with_deadline(31 * 3600);
  game.set_deadline_event("the French seat (alice) took a vacation day");
  CHECK(hd::client::deadline_panel_lines(game, {pb::SEAT_FRENCH}, kNow) ==
        std::vector<std::string>{"deadline in 31 h: 48 h a turn, 3 vacation days, then forfeit",
                                 "French: 3 vacation days left",
                                 "the French seat (alice) took a vacation day"});
  game.clear_deadline();
  CHECK(hd::client::deadline_panel_lines(game, {pb::SEAT_FRENCH}, kNow) ==
        std::vector<std::string>{"no deadline"});
}

// End-to-end, issue 29 (second hardening pass), finding 3 and the rest of finding 4: ListGames reads
// one page of summaries from the database (newest first, at most 100, a page token for the next)
// and loads no game to list it; an open game nobody started expires (open-game-expiry-*), leaves
// the lobby and frees its creator's open-games cap; the creator may withdraw an open game.
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "refusal_checks.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

namespace v1 = hundred_days::v1;
using namespace hd;
using namespace hd::test;

namespace {

v1::ClientEnvelope list_request(v1::GameListFilter filter, std::uint32_t page_size,
                                const std::string& token) {
  v1::ClientEnvelope list;
  list.mutable_list_games()->set_filter(filter);
  list.mutable_list_games()->set_page_size(page_size);
  list.mutable_list_games()->set_page_token(token);
  return list;
}

// Every game of a list, page by page (each at most `page_size`), in the order listed.
std::vector<v1::GameSummary> all_pages(GamePlayer& player, v1::GameListFilter filter, std::uint32_t page_size,
                                       int& pages) {
  std::vector<v1::GameSummary> games;
  std::string token;
  pages = 0;
  do {
    const auto answer = player.request(list_request(filter, page_size, token));
    INFO(answer.DebugString().substr(0, 500));
    REQUIRE(answer.has_game_list());
    REQUIRE(answer.game_list().games_size() <= static_cast<int>(page_size));
    games.insert(games.end(), answer.game_list().games().begin(), answer.game_list().games().end());
    token = answer.game_list().next_page_token();
    REQUIRE(++pages < 100);
  } while (!token.empty());
  return games;
}

// A quatre-bras game with the French seat taken: open until someone takes the Allied seat.
v1::ClientEnvelope open_quatre_bras(const std::string& who) {
  return create_game("quatre-bras", {v1::SEAT_FRENCH}, test_entropy(who), v1::SPECTATOR_VIEW_UNSPECIFIED);
}

std::size_t occurrences(const std::string& text, const std::string& word) {
  std::size_t count = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    ++count;
  return count;
}

std::vector<std::uint64_t> ids_of(const std::vector<v1::GameSummary>& games) {
  std::vector<std::uint64_t> ids;
  for (const auto& game : games)
    ids.push_back(game.game_id());
  return ids;
}

}  // namespace

TEST_CASE("ListGames MINE: newest first, paged, from the database, no game loaded",
          "[e2e][games][hardening]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--max-games-created-per-day", "1000", "--max-open-games-per-account", "100",
                           "--finished-games-in-memory", "0", "--rate-limit-per-address-per-second", "10000",
                           "--rate-limit-per-address-burst", "10000"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  // 70 finished games (both seats alice's, then resigned) and 60 open ones, interleaved.
  std::vector<std::uint64_t> created;
  std::set<std::uint64_t> finished;
  for (int i = 0; i < 130; ++i) {
    if (i % 13 < 7) {
      const auto made = alice.request(create_game("quatre-bras", {v1::SEAT_FRENCH, v1::SEAT_ALLIED},
                                                  test_entropy("alice"), v1::SPECTATOR_VIEW_UNSPECIFIED));
      INFO(made.refusal().message() << " (case " << made.body_case() << ")");
      REQUIRE(made.has_game_created());
      v1::ClientEnvelope resign;
      resign.mutable_resign()->set_game_id(made.game_created().game_id());
      const auto resigned = alice.request(resign);
      INFO(resigned.refusal().message() << " (case " << resigned.body_case() << ")");
      REQUIRE(resigned.has_ok());
      finished.insert(made.game_created().game_id());
      created.push_back(made.game_created().game_id());
    } else {
      const auto made = alice.request(open_quatre_bras("alice"));
      REQUIRE(made.has_game_created());
      created.push_back(made.game_created().game_id());
    }
  }
  REQUIRE(bob.request(open_quatre_bras("bob")).has_game_created());  // not alice's
  std::vector<std::uint64_t> newest_first = created;
  std::sort(newest_first.rbegin(), newest_first.rend());

  const double rooms_before = metric(server.port(), "hd_games_in_memory");
  const std::size_t loads_before = occurrences(server.log(), "game_loaded");
  int pages = 0;
  const auto listed = all_pages(alice, v1::GAME_LIST_FILTER_MINE, 40, pages);
  CHECK(pages == 4);                      // 40, 40, 40, 10
  CHECK(ids_of(listed) == newest_first);  // newest first, no duplicate, no gap
  // Listing loaded no game (finding 3): no room was replayed, and none is held.
  CHECK(occurrences(server.log(), "game_loaded") == loads_before);
  CHECK(metric(server.port(), "hd_games_in_memory") == rooms_before);

  // The summaries carry what the clients show, for games in memory and games not.
  for (const auto& game : listed) {
    INFO(game.DebugString());
    CHECK(game.scenario() == "quatre-bras");
    CHECK(!game.title().empty());
    CHECK(!game.turn_label().empty());
    CHECK(game.created_unix_seconds() > 0);
    REQUIRE(game.seats_size() == 2);
    CHECK(game.seats(0).username() == "alice");
    if (finished.count(game.game_id())) {
      CHECK(game.status() == v1::GAME_STATUS_FINISHED);
      CHECK(game.result().find("resigned") != std::string::npos);
      CHECK(game.end() == v1::GAME_END_RESIGNATION);  // typed, from the row (migrations/0012)
      CHECK(game.winner() != v1::SIDE_UNSPECIFIED);
      CHECK(game.seats(1).username() == "alice");
    } else {
      CHECK(game.status() == v1::GAME_STATUS_OPEN);
      CHECK(game.seats(1).username().empty());
    }
  }

  // The default page is 50; more than 100 is refused; a token the server did not give is refused.
  const auto first = alice.request(list_request(v1::GAME_LIST_FILTER_MINE, 0, ""));
  REQUIRE(first.has_game_list());
  CHECK(first.game_list().games_size() == 50);
  CHECK(first.game_list().next_page_token() == std::to_string(newest_first[49]));
  expect_refusal(alice.request(list_request(v1::GAME_LIST_FILTER_MINE, 101, "")),
                 v1::REFUSAL_CODE_INVALID_REQUEST);
  for (const std::string& bad : std::vector<std::string>{"x", "-1", "0", "12a", std::string(40, '9')})
    expect_refusal(alice.request(list_request(v1::GAME_LIST_FILTER_MINE, 10, bad)),
                   v1::REFUSAL_CODE_INVALID_REQUEST);

  // The lobby is paged too: alice's 60 open games and bob's one, newest first.
  const auto lobby = all_pages(bob, v1::GAME_LIST_FILTER_OPEN, 25, pages);
  CHECK(pages == 3);
  CHECK(lobby.size() == 61);
  const auto lobby_ids = ids_of(lobby);
  CHECK(std::is_sorted(lobby_ids.rbegin(), lobby_ids.rend()));
  CHECK(std::set<std::uint64_t>(lobby_ids.begin(), lobby_ids.end()).size() == 61);
}

TEST_CASE("an open game nobody starts expires: it leaves the lobby and frees the cap",
          "[e2e][games][hardening]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--max-open-games-per-account", "2", "--open-game-expiry-seconds", "3"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  const auto first = alice.request(open_quatre_bras("alice"));
  const auto second = alice.request(open_quatre_bras("alice"));
  REQUIRE(first.has_game_created());
  REQUIRE(second.has_game_created());
  expect_refusal(alice.request(open_quatre_bras("alice")), v1::REFUSAL_CODE_LIMIT_REACHED);
  REQUIRE(bob.request(list_request(v1::GAME_LIST_FILTER_OPEN, 0, "")).game_list().games_size() == 2);

  // Expiry is checked every second: wait (at most 15 s) until the lobby is empty.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (bob.request(list_request(v1::GAME_LIST_FILTER_OPEN, 0, "")).game_list().games_size() > 0) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  // Marked, not deleted: finished, with the reason, in alice's list and in the database.
  const auto mine = alice.request(list_request(v1::GAME_LIST_FILTER_MINE, 0, ""));
  REQUIRE(mine.game_list().games_size() == 2);
  for (const auto& game : mine.game_list().games()) {
    CHECK(game.status() == v1::GAME_STATUS_FINISHED);
    CHECK(game.result() == "expired: not started within 3 seconds");
    CHECK(game.end() == v1::GAME_END_EXPIRED);
    CHECK(game.winner() == v1::SIDE_UNSPECIFIED);
  }
  CHECK(query_one(server.database_path(), "SELECT COUNT(*) FROM games WHERE closed_before_start = 1") == "2");
  // The cap is free again, and nobody may join an expired game.
  // (a finished game is named only to those in it: bob is told there is no such game)
  expect_refusal(bob.request(join_game(first.game_created().game_id(), v1::SEAT_ALLIED, test_entropy("bob"))),
                 v1::REFUSAL_CODE_NOT_FOUND);
  REQUIRE(alice.request(open_quatre_bras("alice")).has_game_created());
}

TEST_CASE("the creator withdraws an open game of his", "[e2e][games][hardening]") {
  std::vector<std::string> args = game_server_args();
  args.insert(args.end(), {"--max-open-games-per-account", "1"});
  ServerProcess server({args, {}});
  GamePlayer alice(server.port(), "alice");
  GamePlayer bob(server.port(), "bob");
  const auto made = alice.request(open_quatre_bras("alice"));
  REQUIRE(made.has_game_created());
  const std::uint64_t game = made.game_created().game_id();
  v1::ClientEnvelope withdraw;
  withdraw.mutable_withdraw_game()->set_game_id(game);
  // Nobody else may, and no game that does not exist.
  expect_refusal(bob.request(withdraw), v1::REFUSAL_CODE_NOT_ALLOWED);
  v1::ClientEnvelope unknown;
  unknown.mutable_withdraw_game()->set_game_id(game + 1000);
  expect_refusal(alice.request(unknown), v1::REFUSAL_CODE_NOT_FOUND);
  CHECK(bob.request(list_request(v1::GAME_LIST_FILTER_OPEN, 0, "")).game_list().games_size() == 1);

  REQUIRE(alice.request(withdraw).has_ok());
  CHECK(bob.request(list_request(v1::GAME_LIST_FILTER_OPEN, 0, "")).game_list().games_size() == 0);
  const auto mine = alice.request(list_request(v1::GAME_LIST_FILTER_MINE, 0, ""));
  REQUIRE(mine.game_list().games_size() == 1);
  CHECK(mine.game_list().games(0).status() == v1::GAME_STATUS_FINISHED);
  CHECK(mine.game_list().games(0).result() == "withdrawn by its creator");
  CHECK(mine.game_list().games(0).end() == v1::GAME_END_WITHDRAWN);
  // Once only; the cap is free again; a started game cannot be withdrawn.
  expect_refusal(alice.request(withdraw), v1::REFUSAL_CODE_NOT_ALLOWED);
  const auto next = alice.request(open_quatre_bras("alice"));
  REQUIRE(next.has_game_created());
  REQUIRE(bob.request(join_game(next.game_created().game_id(), v1::SEAT_ALLIED, test_entropy("bob")))
              .has_game_changed());
  withdraw.mutable_withdraw_game()->set_game_id(next.game_created().game_id());
  expect_refusal(alice.request(withdraw), v1::REFUSAL_CODE_NOT_ALLOWED);
}

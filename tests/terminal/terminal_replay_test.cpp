// The hd_term program's `replay` mode against the real server (loopback, a real SQLite file; issue
// 16, docs/terminal-client.md): a finished Campaign of built-in players replayed as a spectator with
// first, next, goto (deep into the game: the server's replay budget answers BUSY on the way and
// hd_term asks again, docs/games.md "Replays"), prev, last and quit, each frame printed with its
// action and the state.
#include "build_paths.hpp"
#include "metrics_scrape.hpp"
#include "server_process.hpp"
#include "term_run.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>

using hd::test::contains;
using hd::test::run_term;
using hd::test::ServerOptions;
using hd::test::ServerProcess;

namespace {

// How many times `part` occurs in `text`.
std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
    ++count;
  return count;
}

}  // namespace

TEST_CASE("hd_term replays a finished game: first, next, goto deep into it, prev, last, quit",
          "[terminal][e2e][replay]") {
  ServerOptions options;
  options.extra_args = hd::test::cheap_hashing_args(hd::test::data_root());
  // Uniform built-in players: a Campaign of about 1,000 actions, played quickly.
  options.extra_args.insert(options.extra_args.end(), {"--builtin-style", "uniform"});
  ServerProcess server(options);
  // Every seat built-in, spectators shown the French view at once (not delayed, so the room keeps
  // only the latest player turn's start and a deep frame takes several requests).
  const hd::test::TermRun created =
      run_term(server.directory(), "replay-create", server.url(),
               {"register alice alice-password",
                "create campaign french=builtin prussian=builtin allied=builtin spectators=french"});
  INFO(created.output);
  REQUIRE(created.status == 0);
  REQUIRE(contains(created.output, "created game 1 "));
  hd::test::wait_until_finished(server.port(), std::chrono::minutes(4));

  // The game's length, from its last frame.
  const hd::test::TermRun ends = run_term(server.directory(), "replay-last", server.url(),
                                          {"login alice alice-password", "replay 1", "last", "quit"});
  INFO(ends.output);
  REQUIRE(ends.status == 0);
  std::smatch last;
  REQUIRE(std::regex_search(ends.output, last, std::regex("action ([0-9]+) of \\1 \\(spectators' view\\)")));
  const std::uint64_t count = std::stoull(last[1].str());
  REQUIRE(count > 600);

  // Deep into the game: 600 actions from the first state, five of the server's 128-action steps.
  const std::string of = " of " + std::to_string(count) + " (spectators' view)\n";
  const hd::test::TermRun replayed = run_term(server.directory(), "replay-walk", server.url(),
                                              {"login alice alice-password", "replay 1", "next", "next",
                                               "goto 600", "prev", "last", "first", "quit"});
  INFO(replayed.output);
  CHECK(replayed.status == 0);
  CHECK(contains(replayed.output,
                 "replay of game 1: first | prev | next | last | goto N | turn T | state | quit"));
  CHECK(occurrences(replayed.output, "replay of game 1: action 0" + of) == 2);  // replay 1, first
  CHECK(contains(replayed.output, "the start\n"));
  CHECK(contains(replayed.output, "replay of game 1: action 1" + of + "[1] "));
  CHECK(contains(replayed.output, "replay of game 1: action 2" + of + "[2] "));
  CHECK(contains(replayed.output, "replay of game 1: action 600" + of + "[600] "));
  CHECK(contains(replayed.output, "replay of game 1: action 599" + of + "[599] "));
  CHECK(contains(replayed.output, "replay of game 1: action " + std::to_string(count) + of));
  CHECK(contains(replayed.output, "left the replay of game 1\n"));
  // The server's BUSY answers on the way to action 600 were asked again, never shown.
  CHECK_FALSE(contains(replayed.output, "ask again"));
  CHECK_FALSE(contains(replayed.output, "error:"));
}

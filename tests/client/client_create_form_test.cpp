// The create-game form against the real server: the client under xvfb-run registers, opens the
// form, chooses Quatre Bras's force option 19.5A, the optional rule 15.1 and the built-in player for
// the Allied seat, and creates the game; the server's SQLite file then holds exactly those choices.
// The form offers the server's ScenarioList, not the client's data folder: a server serving one
// drill gets a game of that drill from the form, though the client's --data has no such scenario.
// The turn deadline chosen under Create (48 h, 7 vacation days, forfeit) is the one the server keeps.
#include "build_paths.hpp"
#include "drill_data_root.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"
#include "virtual_display.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <fstream>

namespace {

// A server on the shipped scenarios with cheap password hashing (the create form's games).
hd::test::ServerOptions shipped_data_server() {
  hd::test::ServerOptions options;
  options.extra_args = {"--data-root",         hd::loader::default_data_root().string(),
                        "--argon2-memory-kib", "8192",
                        "--argon2-operations", "1"};
  return options;
}

}  // namespace

TEST_CASE("a game made with the create form carries its force option, optional rule and built-in seat",
          "[e2e]") {
  hd::test::ServerProcess server(shipped_data_server());
  const auto directory = server.directory();
  // lobby_screen.cpp's layout in a 1280x800 window: the scenario field opens the form; then
  // 19.5A (the first force option), 15.1 (the first optional rule), the Allied seat's Human button
  // and "Create, playing French".
  const std::filesystem::path script = directory / "create.txt";
  std::ofstream(script) << "wait-for lobby\nwait-for scenarios\nframes 3\nclick 290 66\nframes 3\nclick 610 "
                           "227\nclick 480 401\n"
                           "click 1040 256\nframes 3\nclick 1010 383\nframes 30\nscreenshot "
                        << (directory / "created.png").string() << "\nquit\n";
  const auto display = hd::test::in_virtual_display(
      1280, 800,
      {hd::test::built_program("hd_client"), "--server", server.url(), "--user", "creator_1", "--password",
       "correct-horse", "--register", "--width", "1280", "--height", "800", "--script", script.string()});
  REQUIRE(hd::test::run_process(display.argv, std::chrono::seconds(120)) == 0);
  const auto games =
      hd::test::query(server.database_path(), "SELECT scenario, force_options, optional_rules FROM games");
  REQUIRE(games == std::vector<std::string>{"quatre-bras|19.5A|15.1"});
  // French: the creator; Allied: the built-in player (no account). Seat numbers as in the protocol.
  const auto seats = hd::test::query(
      server.database_path(), "SELECT seat, built_in, account_id IS NOT NULL FROM game_seats ORDER BY seat");
  CHECK(seats == std::vector<std::string>{"1|0|1", "3|1|0"});
}

TEST_CASE("the create form offers the scenarios the server lists, not the client's data folder", "[e2e]") {
  const auto dir = hd::test::make_temp_directory("hd-create-form-drill");
  hd::test::DrillServer drill = hd::test::drill_server(
      dir / "server", "reorganization-drill", {"--argon2-memory-kib", "8192", "--argon2-operations", "1"});
  // The client's own --data (the shipped scenarios) has no drill. The scenario field opens the
  // form; its first (here only) scenario button at (100, 228), then "Create, playing French".
  const std::filesystem::path script = dir / "create.txt";
  std::ofstream(script) << "wait-for lobby\nwait-for scenarios\nframes 3\nclick 290 66\nframes 3\n"
                           "click 100 228\nframes 3\nclick 1010 383\nframes 3\nwait-for idle\nquit\n";
  const auto display = hd::test::in_virtual_display(
      1280, 800,
      {hd::test::built_program("hd_client"), "--server", drill.server.url(), "--data",
       hd::loader::default_data_root().string(), "--user", "creator_2", "--password", "correct-horse",
       "--register", "--width", "1280", "--height", "800", "--script", script.string()});
  REQUIRE(hd::test::run_process(display.argv, std::chrono::seconds(120)) == 0);
  const auto games = hd::test::query(drill.server.database_path(), "SELECT scenario FROM games");
  CHECK(games == std::vector<std::string>{"reorganization-drill"});
}

TEST_CASE("a game made with the create form carries the turn deadline chosen", "[e2e][deadline]") {
  hd::test::ServerProcess server(shipped_data_server());
  const auto directory = server.directory();
  // lobby_screen.cpp's layout in a 1280x800 window, Quatre Bras chosen: the deadline button under
  // "Create, playing French" twice (24 h, 48 h), then the vacation (3 to 7 days) and the policy
  // (forfeit) that appear under it, then Create.
  const std::filesystem::path script = directory / "create.txt";
  std::ofstream(script) << "wait-for lobby\nwait-for scenarios\nframes 3\nclick 290 66\nframes 3\n"
                           "click 1010 452\nframes 3\nclick 1010 452\nframes 3\nclick 1010 480\nframes 3\n"
                           "click 1010 508\nframes 3\nclick 1010 383\nframes 30\nquit\n";
  const auto display = hd::test::in_virtual_display(
      1280, 800,
      {hd::test::built_program("hd_client"), "--server", server.url(), "--user", "creator_1", "--password",
       "correct-horse", "--register", "--width", "1280", "--height", "800", "--script", script.string()});
  REQUIRE(hd::test::run_process(display.argv, std::chrono::seconds(120)) == 0);
  const auto deadlines =
      hd::test::query(server.database_path(), "SELECT hours, vacation_days, policy FROM game_deadlines");
  CHECK(deadlines == std::vector<std::string>{"48|7|2"});
}

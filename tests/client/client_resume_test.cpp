// Issue 16, "a game you can follow after days away", end to end: the real client binary under
// xvfb-run, driven line by line (--script -, tests/client/scripted_client.hpp) against the real
// server on loopback with a real SQLite file. Alice's window client opens a Quatre Bras game, ends
// the French phase (action 1) and exits; its state folder (--state-dir) now holds her session token
// (mode 0600), the game open and action 1. The game goes on without her client (three more actions
// over the protocol, mostly Bob's). A client started anew with the same state folder and no
// password resumes her session, reopens the game, and its log says "While you were away: 3 actions
// (since action 1)" before the replayed actions and "Caught up" after them (screenshot kept as an
// artifact). Once her session is logged out on the server, the next client started anew lands on
// the login screen with a plain error.
#include "game_test_player.hpp"
#include "scripted_client.hpp"
#include "server_process.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>

namespace v1 = hundred_days::v1;
namespace fs = std::filesystem;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;

std::string read_file(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The value of the first line of the state file starting with `key `, or "".
std::string state_line(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
  return {};
}

}  // namespace

TEST_CASE("a client started anew resumes its session and shows what happened while it was away", "[e2e]") {
  hd::test::ServerProcess server{hd::test::ServerOptions{hd::test::game_server_args(), {}}};
  hd::test::GamePlayer alice{server.port(), "alice"};
  hd::test::GamePlayer bob{server.port(), "bob"};
  INFO("server log:\n" << server.log());
  const auto created = alice.request(hd::test::create_game(
      "quatre-bras", {v1::SEAT_FRENCH}, hd::test::test_entropy("alice"), v1::SPECTATOR_VIEW_FRENCH));
  REQUIRE(created.has_game_created());
  const std::uint64_t id = created.game_created().game_id();
  REQUIRE(bob.request(hd::test::join_game(id, v1::SEAT_ALLIED, hd::test::test_entropy("bob")))
              .has_game_changed());

  const fs::path directory = server.directory();
  const fs::path state_dir = directory / "client-state";
  const fs::path state_file = state_dir / "sessions";
  const std::vector<std::string> size_args{
      "--width", std::to_string(kWidth), "--height", std::to_string(kHeight), "--screenshot-timeout-seconds",
      "60"};
  const auto with_size = [&](std::vector<std::string> args) {
    args.insert(args.end(), size_args.begin(), size_args.end());
    return args;
  };

  // 1. Alice's client plays action 1 and exits.
  {
    hd::test::ScriptedClient client(
        HD_CLIENT_BINARY,
        with_size({"--server", server.url(), "--user", "alice", "--password", "password-alice", "--open-game",
                   std::to_string(id), "--state-dir", state_dir.string()}),
        directory / "first-client.log", kWidth, kHeight);
    INFO("client log:\n" << client.log());
    const auto reports = hd::test::end_phase_by_ctrl_e(client);
    REQUIRE(reports.after["seq"] == "1");
    client.send("quit");
    REQUIRE(client.finish() == 0);
  }
  const std::string saved = read_file(state_file);
  INFO("state file:\n" << saved);
  CHECK(state_line(saved, "server") == server.url());
  CHECK(state_line(saved, "user") == "alice");
  const std::string token = state_line(saved, "token");
  CHECK(token.size() == 64);
  CHECK(state_line(saved, "open") == std::to_string(id) + " 0");
  CHECK(state_line(saved, "seen") == std::to_string(id) + " 1");
  struct stat info {};
  REQUIRE(::stat(state_file.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);

  // 2. Meanwhile the game goes on: actions 2 to 4 (phase ends, by whichever seat must act).
  std::uint64_t present = 1;
  for (int tries = 0; tries < 8 && present < 4; ++tries) {
    auto answer = bob.request(hd::test::submit_notation(id, "coalition end"));
    if (!answer.has_action_accepted()) answer = alice.request(hd::test::submit_notation(id, "french end"));
    INFO(answer.DebugString());
    REQUIRE(answer.has_action_accepted());
    present = answer.action_accepted().sequence();
  }
  REQUIRE(present == 4);

  // 3. Started anew with the same state folder, no user, no password, no game named.
  {
    hd::test::ScriptedClient client(HD_CLIENT_BINARY,
                                    with_size({"--server", server.url(), "--state-dir", state_dir.string()}),
                                    directory / "second-client.log", kWidth, kHeight);
    INFO("client log:\n" << client.log());
    client.send("wait-for game");
    client.send("wait-for sequence 4");
    // The catch-up's Ok follows its last update: wait for the "Caught up" line.
    std::optional<hd::test::ClientReport> shown;
    for (int tries = 0; tries < 100; ++tries) {
      client.send("frames 2");
      shown = client.report();
      REQUIRE(shown);
      if ((*shown)["log_last"].rfind("Caught_up:", 0) == 0) break;
    }
    REQUIRE(shown);
    INFO("report: " << shown->line);
    CHECK((*shown)["user"] == "alice");
    CHECK((*shown)["game"] == std::to_string(id));
    CHECK((*shown)["seq"] == "4");
    CHECK((*shown)["away"] == "While_you_were_away:_3_actions_(since_action_1)");
    CHECK((*shown)["log_last"].rfind("Caught_up:_3_actions_replayed,_now_at_action_4", 0) == 0);
    client.send("frames 3");
    client.send("screenshot " + (directory / "resume-away.png").string());
    client.send("quit");
    REQUIRE(client.finish() == 0);
    hd::test::keep_screenshot(directory / "resume-away.png", HD_ARTIFACTS_DIR, kWidth, kHeight);
  }
  const std::string after = read_file(state_file);
  CHECK(state_line(after, "token") == token);  // the same session, resumed
  CHECK(state_line(after, "seen") == std::to_string(id) + " 4");

  // 4. The session logged out on the server (as after an expiry): back to the login screen.
  {
    hd::test::GamePlayer same_session{server.port(), "alice", token};
    v1::ClientEnvelope logout;
    logout.mutable_logout();
    REQUIRE(same_session.request(logout).has_logged_out());
  }
  {
    hd::test::ScriptedClient client(HD_CLIENT_BINARY,
                                    with_size({"--server", server.url(), "--state-dir", state_dir.string()}),
                                    directory / "third-client.log", kWidth, kHeight);
    INFO("client log:\n" << client.log());
    client.send("wait-for welcome");
    client.send("wait-for idle");
    const auto refused = hd::test::settled_report(client);
    INFO("report: " << refused.line);
    CHECK(refused["user"] == "-");
    CHECK(refused["game"] == "0");
    CHECK(refused["login_error"] == "Saved_session_expired_or_ended:_log_in_again");
    client.send("frames 3");
    client.send("screenshot " + (directory / "resume-refused.png").string());
    client.send("quit");
    REQUIRE(client.finish() == 0);
    hd::test::keep_screenshot(directory / "resume-refused.png", HD_ARTIFACTS_DIR, kWidth, kHeight);
  }
  CHECK(state_line(read_file(state_file), "token").empty());
}

// Issue 16, "a game you can follow after days away", end to end: the real client binary under
// xvfb-run, driven line by line (--script -, tests/client/scripted_client.hpp) against the real
// server on loopback with a real SQLite file. Alice's window client opens a Quatre Bras game, ends
// the French phase (action 1) and exits; its state folder (--state-dir) now holds her session token
// (mode 0600), the game open and action 1. The game goes on without her client (three more actions
// over the protocol, mostly Bob's). A client started anew with the same state folder and no
// password resumes her session, reopens the game, and its log says "While you were away: 3 actions
// (since action 1)" before the replayed actions and "Caught up" after them (screenshot kept as an
// artifact). Once her session is logged out on the server, the next client started anew lands on
// the login screen with a plain error. A second case stays in one client process (no state file):
// alice goes back to the lobby, Bob moves a unit over the protocol, she reopens the game from the
// lobby, and the log says "While you were away" with the count and the Allied counter stands at
// its new hex on screen.
#include "build_paths.hpp"
#include "camera/opening_camera.hpp"
#include "model/game_model.hpp"
#include "quatre_bras_game.hpp"
#include "scripted_client.hpp"
#include "view/game_screen.hpp"
#include "view/lobby_screen.hpp"
#include "view/map_palette.hpp"

#include <hd/engine/board/hex.hpp>
#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/loader/data_files.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <cmath>
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

using hd::test::QuatreBrasGame;

// Applies one action in notation to the test's own copy of the game (phase ends and moves: no dice).
void apply_locally(hd::engine::GameState& state, const std::string& line) {
  auto parsed = hd::engine::parse_action_line(state, line);
  REQUIRE(std::holds_alternative<hd::engine::NotatedAction>(parsed));
  const auto& notated = std::get<hd::engine::NotatedAction>(parsed);
  hd::engine::apply(state, notated.side, notated.action, [] { return 1; });
}

namespace palette = hd::client::palette;

palette::Rgb pixel(const sf::Image& image, double x, double y) {
  const sf::Color c =
      image.getPixel(static_cast<unsigned>(std::floor(x)), static_cast<unsigned>(std::floor(y)));
  return {c.r, c.g, c.b};
}

// An Allied unit alone in its hex and an empty hex it reaches, both well inside the map area of
// `layout` (the window's map left of the panel, above the status bar).
struct AlliedMove {
  hd::engine::UnitIndex unit = 0;
  hd::engine::Hex from;
  hd::engine::ReachableHex to;
};

std::optional<AlliedMove> plan_allied_move(const hd::engine::GameState& state,
                                           const hd::engine::HexLayout& layout) {
  const auto visible = [&](hd::engine::Hex hex) {
    const auto c = layout.centre(hex);
    const double w = layout.hex_width();
    return c.x > w && c.x < kWidth - hd::client::kSidePanelWidth - w && c.y > w && c.y < kHeight - 28 - w;
  };
  const auto empty = [&](hd::engine::Hex hex) { return state.units_at(hex).empty(); };
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const auto& unit = state.units[i];
    if (unit.army != hd::engine::Army::Allied || !unit.on_map() || !visible(unit.hex)) continue;
    if (state.units_at(unit.hex).size() != 1) continue;
    for (const auto& entry : hd::engine::reachable_hexes(state, static_cast<hd::engine::UnitIndex>(i)))
      if (visible(entry.hex) && entry.path.size() >= 3 && empty(entry.hex))
        return AlliedMove{static_cast<hd::engine::UnitIndex>(i), unit.hex, entry};
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("a client started anew resumes its session and shows what happened while it was away", "[e2e]") {
  QuatreBrasGame game;
  auto& server = game.server;
  auto& alice = game.alice;
  auto& bob = game.bob;
  const std::uint64_t id = game.id;
  INFO("server log:\n" << server.log());

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
        hd::test::built_program("hd_client"),
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
    hd::test::ScriptedClient client(hd::test::built_program("hd_client"),
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
    hd::test::keep_screenshot(directory / "resume-away.png", hd::test::artifacts_dir(), kWidth, kHeight);
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
    hd::test::ScriptedClient client(hd::test::built_program("hd_client"),
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
    hd::test::keep_screenshot(directory / "resume-refused.png", hd::test::artifacts_dir(), kWidth, kHeight);
  }
  CHECK(state_line(read_file(state_file), "token").empty());
}

// Issue 16: the last action seen is kept per server and account, and a client started anew that logs
// in afresh (--user and --password, so no saved token is used) still catches up from its account's
// last action: alice's client plays action 1 and exits, bob's client (same state folder) sees action
// 3 and exits, the game goes on to action 5, and alice's next client says "While you were away: 4
// actions (since action 1)" (bob's 3 is not hers), the missed actions in its log.
TEST_CASE("a client started anew with --user catches up from its own account's last action", "[e2e]") {
  QuatreBrasGame game;
  auto& server = game.server;
  const std::uint64_t id = game.id;
  INFO("server log:\n" << server.log());
  const fs::path directory = server.directory();
  const fs::path state_dir = directory / "client-state-user";
  const fs::path state_file = state_dir / "sessions";
  const auto client_args = [&](const std::string& user) {
    return std::vector<std::string>{"--server",
                                    server.url(),
                                    "--user",
                                    user,
                                    "--password",
                                    "password-" + user,
                                    "--open-game",
                                    std::to_string(id),
                                    "--state-dir",
                                    state_dir.string(),
                                    "--width",
                                    std::to_string(kWidth),
                                    "--height",
                                    std::to_string(kHeight),
                                    "--screenshot-timeout-seconds",
                                    "60"};
  };
  // Phase ends over the protocol, by whichever seat must act, up to action `target`.
  const auto go_on_to = [&](std::uint64_t present, std::uint64_t target) {
    for (int tries = 0; tries < 8 && present < target; ++tries) {
      auto answer = game.bob.request(hd::test::submit_notation(id, "coalition end"));
      if (!answer.has_action_accepted())
        answer = game.alice.request(hd::test::submit_notation(id, "french end"));
      INFO(answer.DebugString());
      REQUIRE(answer.has_action_accepted());
      present = answer.action_accepted().sequence();
    }
    REQUIRE(present == target);
  };

  // 1. Alice's client plays action 1 and exits.
  {
    hd::test::ScriptedClient client(hd::test::built_program("hd_client"), client_args("alice"),
                                    directory / "user-first.log", kWidth, kHeight);
    INFO("client log:\n" << client.log());
    REQUIRE(hd::test::end_phase_by_ctrl_e(client).after["seq"] == "1");
    client.send("quit");
    REQUIRE(client.finish() == 0);
  }
  go_on_to(1, 3);

  // 2. Bob's client, the same state folder, opens the game at action 3 and exits.
  {
    hd::test::ScriptedClient client(hd::test::built_program("hd_client"), client_args("bob"),
                                    directory / "user-bob.log", kWidth, kHeight);
    INFO("client log:\n" << client.log());
    client.send("wait-for game");
    client.send("wait-for sequence 3");
    const auto shown = hd::test::settled_report(client);
    CHECK(shown["user"] == "bob");
    client.send("quit");
    REQUIRE(client.finish() == 0);
  }
  const std::string both = read_file(state_file);
  INFO("state file:\n" << both);
  CHECK(state_line(both, "user") == "bob");
  CHECK(state_line(both, "seen") == std::to_string(id) + " 3");  // bob's
  CHECK(both.find("\naccount alice\nseen " + std::to_string(id) + " 1\n") != std::string::npos);
  go_on_to(3, 5);

  // 3. Alice's client started anew, logging in afresh: a catch-up from her action 1.
  {
    hd::test::ScriptedClient client(hd::test::built_program("hd_client"), client_args("alice"),
                                    directory / "user-second.log", kWidth, kHeight);
    INFO("client log:\n" << client.log());
    client.send("wait-for game");
    client.send("wait-for sequence 5");
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
    CHECK((*shown)["seq"] == "5");
    CHECK((*shown)["away"] == "While_you_were_away:_4_actions_(since_action_1)");
    CHECK((*shown)["log_last"].rfind("Caught_up:_4_actions_replayed,_now_at_action_5", 0) == 0);
    client.send("quit");
    REQUIRE(client.finish() == 0);
  }
  const std::string after = read_file(state_file);
  INFO("state file:\n" << after);
  CHECK(state_line(after, "user") == "alice");
  CHECK(state_line(after, "seen") == std::to_string(id) + " 5");
  CHECK(after.find("\naccount bob\nseen " + std::to_string(id) + " 3\n") != std::string::npos);
}

TEST_CASE("a game left for the lobby and reopened in the same client says what happened while you were away",
          "[e2e]") {
  QuatreBrasGame game;
  INFO("server log:\n" << game.server.log());
  hd::loader::GameChoice choice;
  choice.scenario = "quatre-bras";
  auto loaded = hd::loader::start_scenario_game(hd::test::game_data_root(), choice);
  REQUIRE(loaded.value);
  hd::engine::GameState state = std::move(*loaded.value);  // the test's copy, kept in step
  // Where the client draws each hex: the opening camera on alice's forces (the game screen's, also
  // when a game is reopened).
  const auto opening = game.alice.request(hd::test::open_game(game.id, false));
  REQUIRE(opening.has_game_snapshot());
  hd::client::GameModel shown;
  shown.apply_snapshot(opening.game_snapshot());
  const auto layout = hd::client::opening_camera(state.rules->scenario.area, shown.my_forces_centre(),
                                                 kWidth - hd::client::kSidePanelWidth, kHeight - 28.0)
                          .layout();

  // No state file: what the client remembers of the game is in this process only.
  const fs::path directory = game.server.directory();
  hd::test::ScriptedClient client(
      hd::test::built_program("hd_client"),
      {"--server", game.server.url(), "--user", "alice", "--password", "password-alice", "--open-game",
       std::to_string(game.id), "--no-state", "--width", std::to_string(kWidth), "--height",
       std::to_string(kHeight), "--screenshot-timeout-seconds", "60"},
      directory / "reopen-client.log", kWidth, kHeight);
  INFO("client log:\n" << client.log());
  const auto report = [&client] {
    auto answer = client.report();
    REQUIRE(answer);
    return *answer;
  };

  // 1. Action 1 in the client (Ctrl+E), then back to the lobby (Ctrl+L).
  const auto first = hd::test::end_phase_by_ctrl_e(client);
  REQUIRE(first.after["seq"] == "1");
  apply_locally(state, "french end");
  client.send("ctrl-key L");
  client.send("wait-for lobby");
  client.send("wait-for idle");
  REQUIRE(report()["game"] == "0");

  // 2. Meanwhile, over the protocol: the French phases end, then Bob moves an Allied unit.
  std::uint64_t present = 1;
  for (int tries = 0; tries < 4; ++tries) {
    const auto answer = game.alice.request(hd::test::submit_notation(game.id, "french end"));
    if (!answer.has_action_accepted()) break;  // the Allies' turn
    apply_locally(state, "french end");
    present = answer.action_accepted().sequence();
  }
  const auto move = plan_allied_move(state, layout);
  REQUIRE(move);
  std::string notation = "coalition move ";
  const std::string name = state.units[move->unit].id;
  notation += name.find(' ') == std::string::npos ? name : "\"" + name + "\"";
  for (const auto step : move->to.path)
    notation += " " + hd::engine::format_hex(step);
  const auto moved = game.bob.request(hd::test::submit_notation(game.id, notation));
  INFO(notation << ": " << moved.refusal().message());
  REQUIRE(moved.has_action_accepted());
  present = moved.action_accepted().sequence();
  REQUIRE(present >= 2);

  // 3. Reopened from "My games" (its only row): a catch-up from action 1.
  namespace lobby = hd::client::lobby_layout;
  const int open_x = static_cast<int>(kWidth - lobby::kButtonMargin - lobby::kButtonWidth / 2);
  const int open_y = static_cast<int>(lobby::kListTop + lobby::kRowHeight + lobby::kButtonHeight / 2);
  client.send("click " + std::to_string(open_x) + " " + std::to_string(open_y));
  client.send("wait-for game");
  client.send("wait-for sequence " + std::to_string(present));
  hd::test::ClientReport caught = report();
  for (int tries = 0; tries < 50 && caught["log_last"].rfind("Caught_up:", 0) != 0; ++tries) {
    client.send("frames 5");
    caught = report();
  }
  INFO("report: " << caught.line);
  const std::uint64_t missed = present - 1;
  const std::string actions = std::to_string(missed) + (missed == 1 ? "_action" : "_actions");
  CHECK(caught["game"] == std::to_string(game.id));
  CHECK(caught.number("seq") == static_cast<long>(present));
  CHECK(caught["away"] == "While_you_were_away:_" + actions + "_(since_action_1)");
  CHECK(caught["log_last"].rfind(
            "Caught_up:_" + actions + "_replayed,_now_at_action_" + std::to_string(present), 0) == 0);

  // On screen: the Allied counter has left its hex for the one Bob moved it to.
  client.send("frames 3");
  const fs::path shot = directory / "reopen-away.png";
  client.send("screenshot " + shot.string());
  client.send("quit");
  REQUIRE(client.finish() == 0);
  const sf::Image image = hd::test::keep_screenshot(shot, hd::test::artifacts_dir(), kWidth, kHeight);
  const double w = layout.hex_width();
  const auto from = layout.centre(move->from);
  const auto to = layout.centre(move->to.hex);
  CHECK(pixel(image, to.x - 0.26 * w, to.y) == palette::kAlliedCounter);
  CHECK_FALSE(pixel(image, from.x - 0.26 * w, from.y) == palette::kAlliedCounter);
}

// Issue 16, the window client's replay screen end to end: the real client binary under xvfb-run,
// driven line by line (--script -, tests/client/scripted_client.hpp) against the real server on
// loopback with a real SQLite file. A Quatre Bras game gets three actions over the protocol (a
// French move, then phase ends); the client opens its replay from the lobby's Replay button and
// steps it by keys, buttons and the slider. Each frame is checked in the model (the report's frame
// index, count, turn label and action) and on screen: the moved counter's French blue is at its
// start hex in frame 0 and at its end hex from frame 1, and the slider's thumb moves. A second case
// jumps deep into a finished Campaign of built-in players: the server's BUSY answers (its replay
// budget) are asked again by the client itself until the frame comes.
#include "build_paths.hpp"
#include "camera/opening_camera.hpp"
#include "game_test_player.hpp"
#include "metrics_scrape.hpp"
#include "model/game_model.hpp"
#include "model/replay_slider.hpp"
#include "scripted_client.hpp"
#include "server_process.hpp"
#include "view/game_screen.hpp"
#include "view/lobby_screen.hpp"
#include "view/map_palette.hpp"
#include "view/replay_screen.hpp"

#include <hd/engine/board/hex.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/loader/data_files.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

namespace v1 = hundred_days::v1;
namespace palette = hd::client::palette;
using hd::engine::Hex;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;

palette::Rgb pixel(const sf::Image& image, double x, double y) {
  const sf::Color c =
      image.getPixel(static_cast<unsigned>(std::floor(x)), static_cast<unsigned>(std::floor(y)));
  return {c.r, c.g, c.b};
}

std::string describe(palette::Rgb rgb) {
  return "rgb(" + std::to_string(rgb.r) + "," + std::to_string(rgb.g) + "," + std::to_string(rgb.b) + ")";
}

// Where the client draws each hex for alice's snapshot: the opening camera centred on her forces
// in the map area left of the panel and above the status bar (the replay screen's camera too).
hd::engine::HexLayout layout_for(const v1::GameSnapshot& snapshot, const hd::engine::GameState& state) {
  hd::client::GameModel model;
  model.apply_snapshot(snapshot);
  return hd::client::opening_camera(state.rules->scenario.area, model.my_forces_centre(),
                                    kWidth - hd::client::kSidePanelWidth, kHeight - 28.0)
      .layout();
}

bool visible(const hd::engine::HexLayout& layout, Hex hex) {
  const auto c = layout.centre(hex);
  const double w = layout.hex_width();
  return c.x > w && c.x < kWidth - hd::client::kSidePanelWidth - w && c.y > w && c.y < kHeight - 28 - w;
}

bool empty_hex(const hd::engine::GameState& state, Hex hex) {
  return std::none_of(state.units.begin(), state.units.end(),
                      [&](const auto& u) { return u.on_map() && u.hex == hex; });
}

// A French unit alone in its hex with an empty hex at least two steps away to move to, both on
// screen in `layout`.
struct MovePlan {
  hd::engine::UnitIndex unit = 0;
  Hex from;
  hd::engine::ReachableHex to;
};

std::optional<MovePlan> plan_move(const hd::engine::GameState& state, const hd::engine::HexLayout& layout) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const auto& unit = state.units[i];
    if (unit.army != hd::engine::Army::French || !unit.on_map() || !visible(layout, unit.hex)) continue;
    if (state.units_at(unit.hex).size() != 1) continue;
    for (const auto& entry : hd::engine::reachable_hexes(state, static_cast<hd::engine::UnitIndex>(i)))
      if (visible(layout, entry.hex) && entry.path.size() >= 3 && empty_hex(state, entry.hex))
        return MovePlan{static_cast<hd::engine::UnitIndex>(i), unit.hex, entry};
  }
  return std::nullopt;
}

std::string notation_name(const std::string& id) {
  return id.find(' ') == std::string::npos ? id : "\"" + id + "\"";
}

std::string click(float x, float y) {
  return "click " + std::to_string(static_cast<int>(x)) + " " + std::to_string(static_cast<int>(y));
}

}  // namespace

TEST_CASE("replay (issue 16): a game's frames stepped from the lobby by keys, buttons and the slider",
          "[e2e]") {
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
  hd::loader::GameChoice choice;
  choice.scenario = "quatre-bras";
  auto loaded = hd::loader::start_scenario_game(hd::test::game_data_root(), choice);
  REQUIRE(loaded.value);
  const hd::engine::GameState& state = *loaded.value;

  // Action 1: a French move (planned on the opening's camera), then phase ends to action 3.
  const auto opening = alice.request(hd::test::open_game(id, false));
  REQUIRE(opening.has_game_snapshot());
  const auto plan = plan_move(state, layout_for(opening.game_snapshot(), state));
  REQUIRE(plan);
  std::string path;
  for (const Hex step : plan->to.path)
    path += " " + hd::engine::format_hex(step);
  const auto moved = alice.request(
      hd::test::submit_notation(id, "french move " + notation_name(state.units[plan->unit].id) + path));
  INFO(moved.refusal().message());
  REQUIRE(moved.has_action_accepted());
  std::uint64_t present = 1;
  for (int tries = 0; tries < 8 && present < 3; ++tries) {
    auto answer = alice.request(hd::test::submit_notation(id, "french end"));
    if (!answer.has_action_accepted()) answer = bob.request(hd::test::submit_notation(id, "coalition end"));
    REQUIRE(answer.has_action_accepted());
    present = answer.action_accepted().sequence();
  }
  REQUIRE(present == 3);
  // The replay screen's camera: the game screen's, from alice's snapshot of the present.
  const auto now = alice.request(hd::test::open_game(id, false));
  REQUIRE(now.has_game_snapshot());
  const auto layout = layout_for(now.game_snapshot(), state);
  REQUIRE(visible(layout, plan->from));
  REQUIRE(visible(layout, plan->to.hex));
  const std::string turn_label = now.game_snapshot().scenario().turns(0).label();

  const auto directory = server.directory();
  hd::test::ScriptedClient client(hd::test::built_program("hd_client"),
                                  {"--server", server.url(), "--user", "alice", "--password",
                                   "password-alice", "--screenshot-timeout-seconds", "60", "--width",
                                   std::to_string(kWidth), "--height", std::to_string(kHeight)},
                                  directory / "replay-client.log", kWidth, kHeight);
  const auto report = [&client] {
    auto answer = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(answer);
    return *answer;
  };
  // Waits for the frame asked, then reports (and saves a screenshot when `shot` is set).
  const auto frame = [&](const std::string& shot = {}) {
    client.send("wait-for replay");
    client.send("frames 3");
    if (!shot.empty()) client.send("screenshot " + (directory / shot).string());
    const auto shown = report();
    INFO("report: " << shown.line);
    return shown;
  };
  const auto image = [&](const std::string& shot) {
    return hd::test::keep_screenshot(directory / shot, hd::test::artifacts_dir(), kWidth, kHeight);
  };

  client.send("wait-for lobby");
  client.send("wait-for idle");
  client.send("screenshot " + (directory / "replay-lobby.png").string());  // an artifact: the Replay buttons
  REQUIRE(report()["replay"] == "0");
  image("replay-lobby.png");
  // "My games": the game's row; its Replay button sits left of Open.
  namespace lobby = hd::client::lobby_layout;
  const float replay_x =
      kWidth - lobby::kButtonMargin - 2 * lobby::kButtonWidth - 8 + lobby::kButtonWidth / 2;
  const float row_y = lobby::kListTop + lobby::kRowHeight + lobby::kButtonHeight / 2;
  client.send(click(replay_x, row_y));
  const auto first = frame("replay-0.png");
  CHECK(first["replay"] == std::to_string(id));
  CHECK(first["replay_at"] == "0");
  CHECK(first["replay_count"] == "3");
  CHECK(first["replay_turn"] == turn_label);
  CHECK(first["replay_action"] == "The_start");
  CHECK(first["game"] == std::to_string(id));  // opened: the scenario, and kept loaded on the server

  // Right: action 1, the move.
  client.send("key Right");
  const auto second = frame("replay-1.png");
  INFO("report: " << second.line);
  CHECK(second["replay_at"] == "1");
  CHECK(second["replay_action"].rfind("French:_french_move_", 0) == 0);

  // On screen: the counter's French blue at its start in frame 0, at its end in frame 1.
  const double w = layout.hex_width();
  const auto from = layout.centre(plan->from);
  const auto to = layout.centre(plan->to.hex);
  const sf::Image shot0 = image("replay-0.png");
  const sf::Image shot1 = image("replay-1.png");
  INFO("frame 0 at start " << describe(pixel(shot0, from.x - 0.26 * w, from.y)) << ", at end "
                           << describe(pixel(shot0, to.x - 0.26 * w, to.y)) << "; frame 1 at start "
                           << describe(pixel(shot1, from.x - 0.26 * w, from.y)) << ", at end "
                           << describe(pixel(shot1, to.x - 0.26 * w, to.y)));
  CHECK(pixel(shot0, from.x - 0.26 * w, from.y) == palette::kFrenchCounter);
  CHECK_FALSE(pixel(shot0, to.x - 0.26 * w, to.y) == palette::kFrenchCounter);
  CHECK_FALSE(pixel(shot1, from.x - 0.26 * w, from.y) == palette::kFrenchCounter);
  CHECK(pixel(shot1, to.x - 0.26 * w, to.y) == palette::kFrenchCounter);
  // The slider's thumb: at the bar's left end in frame 0, a third of the way along in frame 1.
  namespace replay = hd::client::replay_layout;
  const float bar_left = kWidth - hd::client::kSidePanelWidth + replay::kPad;
  const float bar_width = hd::client::kSidePanelWidth - 2 * replay::kPad;
  const float thumb_y = replay::kSliderTop - 2;  // above the bar: the thumb only
  CHECK(pixel(shot0, bar_left, thumb_y) == palette::kReplayThumb);
  CHECK_FALSE(pixel(shot1, bar_left, thumb_y) == palette::kReplayThumb);
  CHECK(pixel(shot1, bar_left + bar_width / 3, thumb_y) == palette::kReplayThumb);

  // The Last button: action 3. Home: the start again, drawn as before.
  const float buttons_left = kWidth - hd::client::kSidePanelWidth + replay::kPad;
  const float buttons_y = replay::kButtonsTop + replay::kButtonHeight / 2;
  client.send(click(buttons_left + 3 * (replay::kButtonWidth + replay::kButtonGap) + replay::kButtonWidth / 2,
                    buttons_y));
  CHECK(frame()["replay_at"] == "3");
  client.send("key Home");
  const auto again = frame("replay-0-again.png");
  CHECK(again["replay_at"] == "0");
  const sf::Image shot2 = image("replay-0-again.png");
  CHECK(pixel(shot2, from.x - 0.26 * w, from.y) == palette::kFrenchCounter);
  CHECK_FALSE(pixel(shot2, to.x - 0.26 * w, to.y) == palette::kFrenchCounter);

  // The Next button, then the Prev button.
  client.send(click(buttons_left + 2 * (replay::kButtonWidth + replay::kButtonGap) + replay::kButtonWidth / 2,
                    buttons_y));
  CHECK(frame()["replay_at"] == "1");
  client.send(click(buttons_left + 1 * (replay::kButtonWidth + replay::kButtonGap) + replay::kButtonWidth / 2,
                    buttons_y));
  CHECK(frame()["replay_at"] == "0");
  // The slider: two thirds along is action 2; End is the last; Left one back.
  client.send(click(bar_left + bar_width * 2 / 3, replay::kSliderTop + replay::kSliderHeight / 2));
  CHECK(frame()["replay_at"] == "2");
  client.send("key End");
  CHECK(frame()["replay_at"] == "3");
  client.send("key Left");
  CHECK(frame()["replay_at"] == "2");

  // Escape: back to the lobby, the replay and the game closed.
  client.send("key Escape");
  client.send("wait-for lobby");
  client.send("wait-for idle");
  const auto back = report();
  INFO("report: " << back.line);
  CHECK(back["replay"] == "0");
  CHECK(back["game"] == "0");
  CHECK(client.finish() == 0);

  // Finished (bob resigns): carol, who holds no seat and finds no finished game in the lists, types
  // its number in the lobby's field and clicks "Replay game no.": the spectators' frames.
  // First the game goes on into its second turn, for the turn slider: the first action of turn 1.
  std::uint64_t turn_one_at = 0;
  for (int tries = 0; tries < 80 && turn_one_at == 0; ++tries) {
    auto answer = alice.request(hd::test::submit_notation(id, "french end"));
    if (!answer.has_action_accepted()) answer = bob.request(hd::test::submit_notation(id, "coalition end"));
    INFO(answer.refusal().message());
    REQUIRE(answer.has_action_accepted());
    const auto position = alice.request(hd::test::open_game(id, false));
    REQUIRE(position.has_game_snapshot());
    if (position.game_snapshot().view().turn() >= 1) turn_one_at = answer.action_accepted().sequence();
  }
  REQUIRE(turn_one_at > 3);
  const int turns = now.game_snapshot().scenario().turns_size();
  REQUIRE(turns > 2);
  v1::ClientEnvelope resign;
  resign.mutable_resign()->set_game_id(id);
  REQUIRE_FALSE(bob.request(resign).has_refusal());
  hd::test::GamePlayer carol{server.port(), "carol"};
  hd::test::ScriptedClient watcher(hd::test::built_program("hd_client"),
                                   {"--server", server.url(), "--user", "carol", "--password",
                                    "password-carol", "--screenshot-timeout-seconds", "60", "--width",
                                    std::to_string(kWidth), "--height", std::to_string(kHeight)},
                                   directory / "replay-watcher.log", kWidth, kHeight);
  watcher.send("wait-for lobby");
  watcher.send("wait-for idle");
  watcher.send(click(290, 110));  // the invite code / game number field
  watcher.send("text " + std::to_string(id));
  watcher.send(click(392 + 3 * 158 + 75, 112));  // "Replay game no.", right of the three Join buttons
  watcher.send("wait-for replay");
  watcher.send("frames 3");
  watcher.send("screenshot " + (directory / "replay-spectator-0.png").string());
  auto seen = watcher.report();
  INFO("watcher log:\n" << watcher.log());
  REQUIRE(seen);
  INFO("report: " << seen->line);
  CHECK(seen->fields.at("replay") == std::to_string(id));
  CHECK(seen->fields.at("replay_at") == "0");
  CHECK(seen->number("replay_count") >= 3);
  CHECK(seen->fields.at("spectating") == "1");
  watcher.send("key Right");
  watcher.send("wait-for replay");
  auto step = watcher.report();
  REQUIRE(step);
  INFO("report: " << step->line);
  CHECK(step->fields.at("replay_at") == "1");
  CHECK(step->fields.at("replay_action").rfind("French:_french_move_", 0) == 0);
  // The turn slider: a click at turn 1's tick goes to its first action; PageUp to the turn before
  // (the start), PageDown to turn 1 again.
  const float turn_bar_x = bar_left + bar_width / static_cast<float>(turns - 1);
  watcher.send(click(turn_bar_x + 1, replay::kTurnSliderTop + replay::kSliderHeight / 2));
  watcher.send("wait-for replay");
  watcher.send("frames 3");
  watcher.send("screenshot " + (directory / "replay-spectator-turn-1.png").string());
  step = watcher.report();
  REQUIRE(step);
  INFO("report: " << step->line);
  CHECK(step->number("replay_at") == static_cast<long>(turn_one_at));
  CHECK(step->fields.at("replay_turn") == now.game_snapshot().scenario().turns(1).label());
  const sf::Image at_turn_one = image("replay-spectator-turn-1.png");
  CHECK(pixel(at_turn_one, turn_bar_x, replay::kTurnSliderTop - 2) == palette::kReplayThumb);
  CHECK_FALSE(pixel(at_turn_one, bar_left, replay::kTurnSliderTop - 2) == palette::kReplayThumb);
  watcher.send("key PageUp");
  watcher.send("wait-for replay");
  step = watcher.report();
  REQUIRE(step);
  CHECK(step->fields.at("replay_at") == "0");
  watcher.send("key PageDown");
  watcher.send("wait-for replay");
  step = watcher.report();
  REQUIRE(step);
  CHECK(step->number("replay_at") == static_cast<long>(turn_one_at));
  watcher.send("key End");
  watcher.send("wait-for replay");
  watcher.send("frames 3");
  watcher.send("screenshot " + (directory / "replay-spectator-last.png").string());
  step = watcher.report();
  REQUIRE(step);
  CHECK(step->fields.at("replay_at") == step->fields.at("replay_count"));
  const sf::Image at_start = image("replay-spectator-0.png");
  const sf::Image at_last = image("replay-spectator-last.png");
  CHECK(pixel(at_start, bar_left, thumb_y) == palette::kReplayThumb);
  CHECK_FALSE(pixel(at_last, bar_left, thumb_y) == palette::kReplayThumb);
  CHECK(pixel(at_last, bar_left + bar_width - 1, thumb_y) == palette::kReplayThumb);
  CHECK(watcher.finish() == 0);
}

TEST_CASE("replay (issue 16): a jump deep into a long game goes on through the server's BUSY by itself",
          "[e2e]") {
  std::vector<std::string> args = hd::test::game_server_args();
  // Uniform built-in players: a Campaign of about 1,000 actions, played quickly.
  args.insert(args.end(), {"--builtin-style", "uniform"});
  hd::test::ServerProcess server{hd::test::ServerOptions{args, {}}};
  hd::test::GamePlayer robot{server.port(), "robot"};
  const auto created = robot.request(hd::test::create_unattended("campaign"));
  REQUIRE(created.has_game_created());
  const std::uint64_t id = created.game_created().game_id();
  hd::test::wait_until_finished(server.port(), std::chrono::minutes(4));

  // Carol, with no seat, replays the finished game by its number, then clicks the action slider
  // 60% along: more than four of the server's 128-action steps from the start, each refused BUSY
  // and asked again by the client itself until the frame comes, with no refusal shown.
  const auto directory = server.directory();
  hd::test::GamePlayer carol{server.port(), "carol"};
  hd::test::ScriptedClient watcher(hd::test::built_program("hd_client"),
                                   {"--server", server.url(), "--user", "carol", "--password",
                                    "password-carol", "--screenshot-timeout-seconds", "60", "--width",
                                    std::to_string(kWidth), "--height", std::to_string(kHeight)},
                                   directory / "replay-deep.log", kWidth, kHeight);
  watcher.send("wait-for lobby");
  watcher.send("wait-for idle");
  watcher.send(click(290, 110));  // the invite code / game number field
  watcher.send("text " + std::to_string(id));
  watcher.send(click(392 + 3 * 158 + 75, 112));  // "Replay game no."
  watcher.send("wait-for replay");
  auto step = watcher.report();
  INFO("watcher log:\n" << watcher.log());
  REQUIRE(step);
  INFO("report: " << step->line);
  REQUIRE(step->fields.at("replay_at") == "0");
  const auto count = static_cast<std::uint64_t>(step->number("replay_count"));
  REQUIRE(count > 5 * 128);
  namespace replay = hd::client::replay_layout;
  const float bar_left = kWidth - hd::client::kSidePanelWidth + replay::kPad;
  const float bar_width = hd::client::kSidePanelWidth - 2 * replay::kPad;
  const float x = bar_left + bar_width * 0.6f;
  watcher.send(click(x, replay::kSliderTop + replay::kSliderHeight / 2));
  watcher.send("wait-for replay");
  watcher.send("frames 3");
  watcher.send("screenshot " + (directory / "replay-deep.png").string());
  step = watcher.report();
  REQUIRE(step);
  INFO("report: " << step->line);
  const auto deep = hd::client::replay_slider_index((static_cast<int>(x) - bar_left) / bar_width, count);
  REQUIRE(deep > 4 * 128);
  // The frame under the click (within a pixel's worth of actions: the screen maps the pointer).
  CHECK(std::abs(step->number("replay_at") - static_cast<long>(deep)) <= static_cast<long>(count / 300 + 1));
  CHECK(step->number("replay_at") > 4 * 128);
  CHECK(step->fields.at("notice").find("Refused") == std::string::npos);
  hd::test::keep_screenshot(directory / "replay-deep.png", hd::test::artifacts_dir(), kWidth, kHeight);
  CHECK(watcher.finish() == 0);
  // The server refused the frame BUSY at least four times on the way (its refusal counter), and
  // nothing else.
  CHECK(hd::test::metric(server.port(), "hd_refusals_total{code=\"BUSY\"}") >= 4);
  CHECK(hd::test::metric(server.port(), "hd_refusals_total{code=\"RATE_LIMITED\"}") == 0);
}

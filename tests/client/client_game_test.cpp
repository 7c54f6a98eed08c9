// End to end on the client side: the real client binary in a virtual X display (xvfb-run), driven
// by a script of synthetic input events (--script), against the real server on loopback with a
// real SQLite file. Accounts and games are made over the protocol (tests/server/game_test_player);
// what the client sent is checked by what the server accepted: its action log in the SQLite file
// and the lobby's seats. The screenshots are probed pixel by pixel and kept in <build>/artifacts.
// Dice are the server's (committed seed): the tests accept any combat result.
#include "build_paths.hpp"
#include "camera/opening_camera.hpp"
#include "game_test_player.hpp"
#include "model/game_model.hpp"
#include "process.hpp"
#include "quatre_bras_game.hpp"
#include "scripted_client.hpp"
#include "server_process.hpp"
#include "sqlite_rows.hpp"
#include "view/lobby_screen.hpp"
#include "view/map_palette.hpp"
#include "virtual_display.hpp"

#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

namespace v1 = hundred_days::v1;
namespace palette = hd::client::palette;
using hd::engine::Hex;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;

// A server with a Quatre Bras game: alice French, bob Allied, both over the protocol. alice's own
// protocol connection stays open to read snapshots; the client logs in as alice on another.
struct RealGame : hd::test::QuatreBrasGame {
  hd::engine::GameState state;  // the opening, as the engine sets it up (the server's own start)

  RealGame() {
    hd::loader::GameChoice choice;
    choice.scenario = "quatre-bras";
    auto loaded = hd::loader::start_scenario_game(hd::test::game_data_root(), choice);
    REQUIRE(loaded.value);
    state = std::move(*loaded.value);
  }

  // The French seat's snapshot now, as the client will get it.
  v1::GameSnapshot snapshot() {
    const auto answer = alice.request(hd::test::open_game(id, false));
    REQUIRE(answer.has_game_snapshot());
    return answer.game_snapshot();
  }

  // The action log's rows, "sequence|action" in order.
  std::vector<std::string> actions() const {
    return hd::test::query(server.database_path(),
                           "SELECT sequence, action FROM game_actions WHERE game_id = " + std::to_string(id) +
                               " ORDER BY sequence");
  }
};

// Runs the client under xvfb-run with `script` against `server`, logged in as alice (registered
// by the protocol with "password-alice"), opening `game` unless it is 0, with `extra` options;
// returns its exit status.
int run_client(const hd::test::ServerProcess& server, const std::filesystem::path& directory,
               const std::string& script, std::uint64_t game, const std::vector<std::string>& extra = {}) {
  const std::filesystem::path script_path = directory / "script.txt";
  std::ofstream(script_path) << script;
  auto display = hd::test::in_virtual_display(
      kWidth, kHeight,
      {hd::test::built_program("hd_client"), "--server", server.url(), "--width", std::to_string(kWidth),
       "--height", std::to_string(kHeight), "--user", "alice", "--password", "password-alice", "--script",
       script_path.string(), "--screenshot-timeout-seconds", "60"});
  if (game != 0) {
    display.argv.push_back("--open-game");
    display.argv.push_back(std::to_string(game));
  }
  display.argv.insert(display.argv.end(), extra.begin(), extra.end());
  return hd::test::run_process(display.argv, std::chrono::seconds(180));
}

// The screenshot kept in <build>/artifacts and loaded (scripted_client.hpp).
sf::Image keep(const std::filesystem::path& png) {
  return hd::test::keep_screenshot(png, hd::test::artifacts_dir(), kWidth, kHeight);
}

palette::Rgb pixel(const sf::Image& image, double x, double y) {
  const sf::Color c =
      image.getPixel(static_cast<unsigned>(std::floor(x)), static_cast<unsigned>(std::floor(y)));
  return {c.r, c.g, c.b};
}

std::string describe(palette::Rgb rgb) {
  return "rgb(" + std::to_string(rgb.r) + "," + std::to_string(rgb.g) + "," + std::to_string(rgb.b) + ")";
}

// The opening camera's layout for a snapshot: where the client draws each hex (centred on the
// French forces in the map view left of the panel and above the status bar).
hd::engine::HexLayout layout_for(const v1::GameSnapshot& snapshot, const hd::engine::GameState& state) {
  hd::client::GameModel model;
  model.apply_snapshot(snapshot);
  return hd::client::opening_camera(state.rules->scenario.area, model.my_forces_centre(), kWidth - 400.0,
                                    kHeight - 28.0)
      .layout();
}

bool visible(const hd::engine::HexLayout& layout, Hex hex) {
  const auto c = layout.centre(hex);
  const double w = layout.hex_width();
  return c.x > w && c.x < kWidth - 400 - w && c.y > w && c.y < kHeight - 28 - w;
}

// A unit's id as the notation writes it: in double quotes when it holds a space.
std::string notation_name(const std::string& id) {
  return id.find(' ') == std::string::npos ? id : "\"" + id + "\"";
}

bool empty_hex(const hd::engine::GameState& state, Hex hex) {
  return std::none_of(state.units.begin(), state.units.end(),
                      [&](const auto& u) { return u.on_map() && u.hex == hex; });
}

// A French unit alone in its hex, on screen, with somewhere to go (the engine's reachable hexes),
// and the farthest such hex that is on screen too.
struct MovePlan {
  hd::engine::UnitIndex unit = 0;
  Hex from;
  hd::engine::ReachableHex to;
};

// `skip`: a unit not to choose (one moved already).
std::optional<MovePlan> plan_move(const hd::engine::GameState& state, const hd::engine::HexLayout& layout,
                                  std::optional<hd::engine::UnitIndex> skip = std::nullopt) {
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const auto& unit = state.units[i];
    if (unit.army != hd::engine::Army::French || !unit.on_map() || !visible(layout, unit.hex)) continue;
    if (skip && *skip == static_cast<hd::engine::UnitIndex>(i)) continue;
    if (state.units_at(unit.hex).size() != 1) continue;
    std::optional<hd::engine::ReachableHex> best;
    for (const auto& entry : hd::engine::reachable_hexes(state, static_cast<hd::engine::UnitIndex>(i))) {
      if (!visible(layout, entry.hex) || entry.path.size() < 2 || !empty_hex(state, entry.hex)) continue;
      if (!best || entry.path.size() > best->path.size()) best = entry;
    }
    if (best) return MovePlan{static_cast<hd::engine::UnitIndex>(i), unit.hex, *best};
  }
  return std::nullopt;
}

// A French move (by the engine's reachable hexes) that ends next to an Allied unit, for the combat
// test's position.
struct ContactPlan {
  hd::engine::UnitIndex attacker = 0;
  hd::engine::UnitIndex defender = 0;
  hd::engine::ReachableHex to;
};

std::optional<ContactPlan> plan_contact(const hd::engine::GameState& state) {
  for (std::size_t a = 0; a < state.units.size(); ++a) {
    const auto& unit = state.units[a];
    if (unit.army != hd::engine::Army::French || !unit.on_map()) continue;
    for (const auto& entry : hd::engine::reachable_hexes(state, static_cast<hd::engine::UnitIndex>(a))) {
      if (!empty_hex(state, entry.hex)) continue;
      for (std::size_t d = 0; d < state.units.size(); ++d) {
        const auto& enemy = state.units[d];
        if (enemy.army == hd::engine::Army::Allied && enemy.on_map() &&
            hd::engine::adjacent(enemy.hex, entry.hex))
          return ContactPlan{static_cast<hd::engine::UnitIndex>(a), static_cast<hd::engine::UnitIndex>(d),
                             entry};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<palette::Rgb> {
  static std::string convert(const palette::Rgb& rgb) { return describe(rgb); }
};
}  // namespace Catch

TEST_CASE("movement: the opening position, a unit's reachable hexes shaded, a click moves it on the server",
          "[e2e]") {
  RealGame game;
  const auto snapshot = game.snapshot();
  const auto layout = layout_for(snapshot, game.state);
  const auto plan = plan_move(game.state, layout);
  REQUIRE(plan);
  const auto directory = game.server.directory();
  const std::string opening = (directory / "client-opening.png").string();
  const std::string reachable = (directory / "client-reachable.png").string();
  const std::string script = "wait-for game\nwait-for idle\nframes 3\nscreenshot " + opening +
                             "\nclick-hex " + hd::engine::format_hex(plan->from) +
                             "\nwait-for reachable\nhover-hex " + hd::engine::format_hex(plan->to.hex) +
                             "\nframes 3\nscreenshot " + reachable + "\nclick-hex " +
                             hd::engine::format_hex(plan->to.hex) + "\nwait-for sequence 1\nframes 3\nquit\n";
  INFO("server log:\n" << game.server.log());
  REQUIRE(run_client(game.server, directory, script, game.id) == 0);

  // The server took the move the click sent: the clicked unit along the path it offered.
  std::string path;
  for (const Hex step : plan->to.path)
    path += " " + hd::engine::format_hex(step);
  const auto actions = game.actions();
  REQUIRE(actions.size() == 1);
  CHECK(actions[0] == "1|french move " + notation_name(game.state.units[plan->unit].id) + path);

  const double w = layout.hex_width();
  const sf::Image before = keep(opening);
  const sf::Image after = keep(reachable);

  // The town hexes of the playing area on screen and empty show the town colour around their
  // centres (a place name or a road may cross some probes, so most towns, most probes).
  const auto& map = game.state.rules->map;
  const auto& area = game.state.rules->scenario.area;
  int towns = 0;
  int town_coloured = 0;
  for (int column = area.first_column; column <= area.last_column; ++column) {
    for (int row = area.first_row; row <= area.last_row; ++row) {
      const Hex hex{column, row};
      if (map.terrain(hex) != hd::engine::HexTerrain::Town || !visible(layout, hex) ||
          !empty_hex(game.state, hex))
        continue;
      const auto c = layout.centre(hex);
      int town = 0;
      for (const double dx : {-0.25, 0.0, 0.25})
        for (const double dy : {-0.3, 0.3})
          town += pixel(before, c.x + dx * w, c.y + dy * w) == palette::kTown;
      ++towns;
      town_coloured += town >= 3;
    }
  }
  INFO(town_coloured << " of " << towns << " town hexes on screen in town colour");
  CHECK(towns >= 2);
  CHECK(town_coloured >= 2);

  // The moving unit's counter is French blue.
  const auto from = layout.centre(plan->from);
  INFO("counter pixel " << describe(pixel(before, from.x - 0.26 * w, from.y)));
  CHECK(pixel(before, from.x - 0.26 * w, from.y) == palette::kFrenchCounter);

  // Its reachable hexes are shaded: blue over the terrain, where the opening had none.
  const auto reach = hd::engine::reachable_hexes(game.state, plan->unit);
  int shaded = 0;
  int checked = 0;
  for (const auto& entry : reach) {
    if (!visible(layout, entry.hex) || entry.hex == plan->from) continue;
    const auto c = layout.centre(entry.hex);
    const double x = c.x - 0.36 * w;  // clear of counters, labels and the cost
    const palette::Rgb was = pixel(before, x, c.y);
    const palette::Rgb now = pixel(after, x, c.y);
    ++checked;
    if (!(was == now) && now.b > now.r + 30) ++shaded;
  }
  INFO(shaded << " of " << checked << " reachable hexes shaded");
  REQUIRE(checked >= 3);
  CHECK(shaded * 10 >= checked * 8);
  // Hexes on screen that the unit cannot reach are unchanged.
  std::set<Hex> reachable_set;
  for (const auto& entry : reach)
    reachable_set.insert(entry.hex);
  int unchanged = 0;
  int unreachable = 0;
  for (int column = area.first_column; column <= area.last_column; ++column) {
    for (int row = area.first_row; row <= area.last_row; ++row) {
      const Hex hex{column, row};
      if (!visible(layout, hex) || reachable_set.count(hex) || hex == plan->from) continue;
      const auto c = layout.centre(hex);
      ++unreachable;
      unchanged += pixel(before, c.x - 0.36 * w, c.y) == pixel(after, c.x - 0.36 * w, c.y);
    }
  }
  INFO(unchanged << " of " << unreachable << " unreachable hexes unchanged");
  REQUIRE(unreachable >= 10);
  CHECK(unchanged * 10 >= unreachable * 9);  // the hover path's line may cross a few
}

// The script that clicks a planned move and waits for the server's sequence to reach `sequence`.
std::string move_script(const MovePlan& plan, int sequence) {
  return "wait-for game\nwait-for idle\nclick-hex " + hd::engine::format_hex(plan.from) +
         "\nwait-for reachable\nclick-hex " + hd::engine::format_hex(plan.to.hex) + "\nwait-for sequence " +
         std::to_string(sequence) + "\nframes 2\nquit\n";
}

TEST_CASE("restart (issue 29): a second client process of the same account gets its move applied", "[e2e]") {
  // Before, each process numbered its requests from the same start, so the second process's move
  // reused the first's request id and was answered with the first move's acceptance, unapplied.
  RealGame game;
  const auto directory = game.server.directory();
  INFO("server log:\n" << game.server.log());
  const auto first_layout = layout_for(game.snapshot(), game.state);
  const auto first = plan_move(game.state, first_layout);
  REQUIRE(first);
  REQUIRE(run_client(game.server, directory, move_script(*first, 1), game.id) == 0);
  REQUIRE(game.actions().size() == 1);

  // The same account in a new client process: another unit's move.
  hd::engine::GameState after = game.state;
  hd::engine::MoveAction moved;
  moved.move.unit = first->unit;
  moved.move.path = first->to.path;
  hd::engine::apply(after, hd::engine::Side::French, hd::engine::Action{moved}, [] { return 1; });
  const auto second_layout = layout_for(game.snapshot(), after);
  const auto second = plan_move(after, second_layout, first->unit);
  REQUIRE(second);
  CHECK(run_client(game.server, directory, move_script(*second, 2), game.id) == 0);
  const auto actions = game.actions();
  REQUIRE(actions.size() == 2);
  CHECK(actions[1].rfind("2|french move " + notation_name(after.units[second->unit].id) + " ", 0) == 0);
}

TEST_CASE("combat: attacker and defender clicked, the server's odds shown, the attack committed", "[e2e]") {
  RealGame game;
  // The position: over the protocol, a French infantry unit moves next to an Allied unit and the
  // French movement phase ends, so the French combat phase owes that combat (6.1).
  const auto contact = plan_contact(game.state);
  REQUIRE(contact);
  hd::engine::MoveAction move{hd::engine::MoveRequest{contact->attacker, contact->to.path, false}};
  REQUIRE(game.alice.request(hd::test::submit(game.id, hd::engine::Action{move})).has_action_accepted());
  REQUIRE(game.alice.request(hd::test::submit(game.id, hd::engine::Action{hd::engine::EndPhaseAction{}}))
              .has_action_accepted());
  const auto snapshot = game.snapshot();
  REQUIRE(snapshot.view().phase() == v1::PHASE_COMBAT);
  const Hex attacker = contact->to.hex;
  const Hex defender = game.state.units[contact->defender].hex;

  const auto directory = game.server.directory();
  const std::string shot = (directory / "client-combat.png").string();
  const std::string script = "wait-for game\nwait-for combat-options\nwait-for idle\nframes 2\nclick-hex " +
                             hd::engine::format_hex(attacker) + "\nclick-hex " +
                             hd::engine::format_hex(defender) + "\nwait-for odds\nframes 3\nscreenshot " +
                             shot + "\nkey Enter\nwait-for sequence 3\nframes 3\nquit\n";
  INFO("server log:\n" << game.server.log());
  REQUIRE(run_client(game.server, directory, script, game.id) == 0);

  // The server took the attack: the moved unit on the Allied unit (any die, any result).
  const auto actions = game.actions();
  REQUIRE(actions.size() >= 3);
  CHECK(actions[2] == "3|french attack " + notation_name(game.state.units[contact->attacker].id) + " on " +
                          notation_name(game.state.units[contact->defender].id));

  // The attacker is framed red, the defender orange, and the panel shows the odds.
  const sf::Image image = keep(shot);
  const auto layout = layout_for(snapshot, game.state);
  const double size = layout.hex_width() * 0.62;
  const auto a = layout.centre(attacker);
  const auto d = layout.centre(defender);
  REQUIRE(visible(layout, attacker));
  REQUIRE(visible(layout, defender));
  INFO("attacker frame " << describe(pixel(image, a.x - size / 2 - 1.5, a.y)));
  CHECK(pixel(image, a.x - size / 2 - 1.5, a.y) == palette::kAttacker);
  // The defender may sit in a stack (fanned up-left): probe the bottom counter's right edge.
  INFO("defender frame " << describe(pixel(image, d.x + size / 2 + 1.5, d.y + size / 4)));
  CHECK(pixel(image, d.x + size / 2 + 1.5, d.y + size / 4) == palette::kDefender);
  // The panel's "Attackers:" line is drawn in the attacker red (antialiased: strongly red pixels).
  int red_text = 0;
  for (unsigned y = 0; y < kHeight - 28; ++y) {
    for (unsigned x = kWidth - 400; x < kWidth; ++x) {
      const auto p = pixel(image, x, y);
      red_text += p.r > 180 && p.g < 90 && p.b < 90;
    }
  }
  CHECK(red_text >= 20);
}

TEST_CASE("last moves (issue 16): the opponent's move is drawn as a trail from the hex it left", "[e2e]") {
  RealGame game;
  // The French player turn passes without a move (movement, then combat with nothing owed), over
  // the protocol; the engine's copy follows, to plan the Allied move the server will accept.
  hd::engine::GameState state = game.state;
  v1::GameSnapshot snapshot = game.snapshot();
  for (int ended = 0; snapshot.view().phasing() == v1::SIDE_FRENCH && ended < 4; ++ended) {
    REQUIRE(game.alice.request(hd::test::submit(game.id, hd::engine::Action{hd::engine::EndPhaseAction{}}))
                .has_action_accepted());
    hd::engine::apply(state, hd::engine::Side::French, hd::engine::Action{hd::engine::EndPhaseAction{}},
                      [] { return 1; });
    snapshot = game.snapshot();
  }
  REQUIRE(snapshot.view().phasing() == v1::SIDE_COALITION);
  REQUIRE(snapshot.view().phase() == v1::PHASE_MOVEMENT);
  const auto layout = layout_for(snapshot, state);
  const double w = layout.hex_width();

  // An Allied unit alone in its hex on screen, and a hex on screen it can reach.
  std::optional<MovePlan> plan;
  for (std::size_t i = 0; i < state.units.size() && !plan; ++i) {
    const auto& unit = state.units[i];
    if (unit.army != hd::engine::Army::Allied || !unit.on_map() || !visible(layout, unit.hex) ||
        state.units_at(unit.hex).size() != 1)
      continue;
    for (const auto& entry : hd::engine::reachable_hexes(state, static_cast<hd::engine::UnitIndex>(i)))
      if (entry.can_stop && !entry.path.empty() && visible(layout, entry.hex) &&
          empty_hex(state, entry.hex)) {
        plan = MovePlan{static_cast<hd::engine::UnitIndex>(i), unit.hex, entry};
        break;
      }
  }
  REQUIRE(plan);

  // alice's window client watches; bob moves the Allied unit over the protocol.
  const auto directory = game.server.directory();
  hd::test::ScriptedClient client(
      hd::test::built_program("hd_client"),
      {"--server", game.server.url(), "--user", "alice", "--password", "password-alice", "--open-game",
       std::to_string(game.id), "--no-state", "--screenshot-timeout-seconds", "60", "--width",
       std::to_string(kWidth), "--height", std::to_string(kHeight)},
      directory / "last-move-client.log", kWidth, kHeight);
  const auto shot = [&](const std::string& name) {
    client.send("wait-for idle");
    client.send("frames 3");
    client.send("screenshot " + (directory / name).string());
    INFO("client log:\n" << client.log());
    REQUIRE(client.report());
    return keep(directory / name);
  };
  client.send("wait-for game");
  const sf::Image before = shot("client-last-move-before.png");
  hd::engine::MoveAction move{hd::engine::MoveRequest{plan->unit, plan->to.path, false}};
  REQUIRE(game.bob.request(hd::test::submit(game.id, hd::engine::Action{move})).has_action_accepted());
  client.send("wait-for sequence " + std::to_string(snapshot.sequence() + 1));
  const sf::Image after = shot("client-last-move.png");
  CHECK(client.finish() == 0);

  // The trail leaves the starting hex towards the first hex entered: probed on their common side
  // (no counter covers it), and the ring on the starting hex's far side from that step.
  const auto from = layout.centre(plan->from);
  const auto step = layout.centre(plan->to.path.front());
  const double dx = step.x - from.x;
  const double dy = step.y - from.y;
  const double length = std::sqrt(dx * dx + dy * dy);
  const std::array<std::pair<double, double>, 2> probes{
      std::pair{(from.x + step.x) / 2, (from.y + step.y) / 2},
      std::pair{from.x - dx / length * 0.42 * w, from.y - dy / length * 0.42 * w}};
  const auto shows_trail = [](const sf::Image& image, double x, double y) {
    for (int oy = -1; oy <= 1; ++oy)
      for (int ox = -1; ox <= 1; ++ox)
        if (pixel(image, x + ox, y + oy) == palette::kLastMove) return true;
    return false;
  };
  for (const auto& [x, y] : probes) {
    INFO("probe " << x << "," << y << ": before " << describe(pixel(before, x, y)) << ", after "
                  << describe(pixel(after, x, y)));
    CHECK_FALSE(shows_trail(before, x, y));
    CHECK(shows_trail(after, x, y));
  }
}

TEST_CASE(
    "end: Ctrl+R twice resigns on the server, the end banner names the winner, Ctrl+S writes the record",
    "[e2e]") {
  RealGame game;
  const auto directory = game.server.directory();
  const std::filesystem::path records = directory / "records";
  std::filesystem::create_directories(records);
  const std::string armed = (directory / "client-resign-armed.png").string();
  const std::string ended = (directory / "client-resigned.png").string();
  // One Ctrl+R only arms the resignation (nothing sent); the second concedes; the GameChanged that
  // ends the game arrives before the Resign's answer, so `wait-for idle` sees the end.
  const std::string script =
      "wait-for game\nwait-for idle\nctrl-key R\nwait-for idle\nframes 3\nscreenshot " + armed +
      "\nctrl-key R\nwait-for idle\nframes 3\nscreenshot " + ended +
      "\nctrl-key S\nwait-for idle\nframes 2\nquit\n";
  INFO("server log:\n" << game.server.log());
  // The record goes to --record-dir (the client's working directory is not the test's).
  REQUIRE(run_client(game.server, directory, script, game.id, {"--record-dir", records.string()}) == 0);

  // The server ended the game by alice's resignation: the Coalition wins.
  const auto rows = hd::test::query(game.server.database_path(),
                                    "SELECT status, result FROM games WHERE id = " + std::to_string(game.id));
  REQUIRE(rows.size() == 1);
  INFO("games row: " << rows[0]);
  CHECK(rows[0].rfind("3|coalition victory: the french side resigned", 0) == 0);

  // After one Ctrl+R the game still ran (no banner); after the second the end banner is drawn over
  // the map (probed at its right edge, clear of its text).
  const double map_width = kWidth - 400.0;
  const double banner_width = std::min(map_width - 40, 620.0);
  const double probe_x = (map_width + banner_width) / 2 - 8;
  const double probe_y = 40 + 112;
  const sf::Image before = keep(armed);
  const sf::Image after = keep(ended);
  INFO("banner probe before " << describe(pixel(before, probe_x, probe_y)) << ", after "
                              << describe(pixel(after, probe_x, probe_y)));
  CHECK_FALSE(pixel(before, probe_x, probe_y) == palette::kGameEndBanner);
  CHECK(pixel(after, probe_x, probe_y) == palette::kGameEndBanner);
  // Its headline is drawn in light ink on the banner (antialiased: count near-white pixels).
  int ink = 0;
  for (double y = 40 + 12; y < 40 + 48; ++y)
    for (double x = (map_width - banner_width) / 2 + 16; x < (map_width - banner_width) / 2 + 300; ++x) {
      const auto p = pixel(after, x, y);
      ink += p.r > 220 && p.g > 220 && p.b > 200;
    }
  CHECK(ink >= 50);

  // Ctrl+S: the record and the dice proof the server exported, in the record directory.
  const auto record = records / (std::to_string(game.id) + ".rec");
  const auto proof = records / (std::to_string(game.id) + ".dice");
  REQUIRE(std::filesystem::exists(record));
  REQUIRE(std::filesystem::exists(proof));
  CHECK(std::filesystem::file_size(record) > 0);
  CHECK(std::filesystem::file_size(proof) > 0);
}

TEST_CASE("end: the opponent's draw offer shown and declined by N; a draw offered by Ctrl+D and accepted",
          "[e2e]") {
  RealGame game;
  const auto directory = game.server.directory();
  std::vector<std::string> args{"--server",
                                game.server.url(),
                                "--user",
                                "alice",
                                "--password",
                                "password-alice",
                                "--screenshot-timeout-seconds",
                                "60",
                                "--open-game",
                                std::to_string(game.id)};
  hd::test::ScriptedClient client(hd::test::built_program("hd_client"), args, directory / "draw-client.log",
                                  kWidth, kHeight);
  const auto report = [&client] {
    auto answer = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(answer);
    return *answer;
  };
  const auto offer_draw = [&game](hd::test::GamePlayer& player) {
    v1::ClientEnvelope offer;
    offer.mutable_offer_draw()->set_game_id(game.id);
    return player.request(offer).has_ok();
  };
  INFO("server log:\n" << game.server.log());
  client.send("wait-for game");
  client.send("wait-for idle");
  CHECK(report()["draw_offer"] == "-");

  // bob (Allied) offers: the client shows it and N declines it on the server.
  REQUIRE(offer_draw(game.bob));
  client.send("wait-for draw-offer");
  client.send("frames 3");
  const std::string offered = (directory / "client-draw-offered.png").string();
  client.send("screenshot " + offered);
  const auto shown = report();
  CHECK(shown["draw_offer"] == "Allied");
  CHECK(shown["notice"] == "Allied_offers_a_draw:_Y_to_accept,_N_to_decline");
  client.send("key N");
  client.send("wait-for idle");
  const auto declined = report();
  CHECK(declined["draw_offer"] == "-");
  CHECK(declined["end"] == "-");
  v1::ClientEnvelope late_answer;  // the offer is gone on the server: nothing left to accept
  late_answer.mutable_answer_draw()->set_game_id(game.id);
  late_answer.mutable_answer_draw()->set_accept(true);
  CHECK(game.bob.request(late_answer).has_refusal());
  CHECK(game.bob.request(late_answer).refusal().message() == "no draw is on offer");

  // Ctrl+D offers from the client; bob accepts over the protocol; the client shows the draw.
  client.send("ctrl-key D");
  client.send("wait-for idle");
  CHECK(report()["notice"].find("Refused") == std::string::npos);
  v1::ClientEnvelope accept;
  accept.mutable_answer_draw()->set_game_id(game.id);
  accept.mutable_answer_draw()->set_accept(true);
  REQUIRE(game.bob.request(accept).has_ok());
  client.send("wait-for over");
  client.send("frames 3");
  const std::string drawn = (directory / "client-drawn.png").string();
  client.send("screenshot " + drawn);
  const auto ended = report();
  CHECK(ended["end"] == "Draw");
  CHECK(ended["end_reason"] == "drawn_by_agreement");
  client.send("quit");
  CHECK(client.finish() == 0);

  const auto rows = hd::test::query(game.server.database_path(),
                                    "SELECT status, result FROM games WHERE id = " + std::to_string(game.id));
  REQUIRE(rows.size() == 1);
  CHECK(rows[0] == "3|drawn by agreement");
  // The end banner is drawn over the map once the game is drawn, not while the offer waited.
  const double map_width = kWidth - 400.0;
  const double probe_x = (map_width + std::min(map_width - 40, 620.0)) / 2 - 8;
  CHECK_FALSE(pixel(keep(offered), probe_x, 40 + 112) == palette::kGameEndBanner);
  CHECK(pixel(keep(drawn), probe_x, 40 + 112) == palette::kGameEndBanner);
}

TEST_CASE(
    "end: the opponent's draw offer accepted by Y; the end shows the draw and the final VP; Ctrl+S reports "
    "where the record went",
    "[e2e]") {
  RealGame game;
  const auto directory = game.server.directory();
  const std::filesystem::path records = directory / "records-accepted";
  std::filesystem::create_directories(records);
  std::vector<std::string> args{"--server",
                                game.server.url(),
                                "--user",
                                "alice",
                                "--password",
                                "password-alice",
                                "--screenshot-timeout-seconds",
                                "60",
                                "--record-dir",
                                records.string(),
                                "--open-game",
                                std::to_string(game.id)};
  hd::test::ScriptedClient client(hd::test::built_program("hd_client"), args, directory / "accept-client.log",
                                  kWidth, kHeight);
  const auto report = [&client] {
    auto answer = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(answer);
    return *answer;
  };
  INFO("server log:\n" << game.server.log());
  client.send("wait-for game");
  client.send("wait-for idle");
  const auto before = report();
  CHECK(before["end"] == "-");
  CHECK(before["end_vp"] == "-");

  // bob (Allied) offers over the protocol; Y in the client accepts it on the server.
  v1::ClientEnvelope offer;
  offer.mutable_offer_draw()->set_game_id(game.id);
  REQUIRE(game.bob.request(offer).has_ok());
  client.send("wait-for draw-offer");
  CHECK(report()["draw_offer"] == "Allied");
  client.send("key Y");
  client.send("wait-for over");
  client.send("wait-for idle");
  const auto ended = report();
  CHECK(ended["draw_offer"] == "-");
  CHECK(ended["end"] == "Draw");
  CHECK(ended["end_reason"] == "drawn_by_agreement");
  // The final VP on the end screen are the server's VP of the last view (the report's vp=F,C).
  const std::string vp = ended["vp"];
  const auto comma = vp.find(',');
  REQUIRE(comma != std::string::npos);
  CHECK(ended["end_vp"] == "Final_VP:_French_" + vp.substr(0, comma) + ",_Coalition_" + vp.substr(comma + 1));
  // Nothing left to resign or offer: Ctrl+R does not even arm.
  client.send("ctrl-key R");
  client.send("wait-for idle");
  CHECK(report()["resign_armed"] == "0");

  // Ctrl+S: the files are written and the report (the end panel) says where.
  client.send("ctrl-key S");
  client.send("wait-for idle");
  const auto exported = report();
  const auto record = records / (std::to_string(game.id) + ".rec");
  const auto proof = records / (std::to_string(game.id) + ".dice");
  CHECK(exported["export"] == "Record_written_to_" + record.string() + ",_dice_proof_to_" + proof.string());
  const std::string shot = (directory / "client-draw-accepted.png").string();
  client.send("frames 3");
  client.send("screenshot " + shot);
  client.send("quit");
  CHECK(client.finish() == 0);
  CHECK(std::filesystem::file_size(record) > 0);
  CHECK(std::filesystem::file_size(proof) > 0);

  const auto rows = hd::test::query(game.server.database_path(),
                                    "SELECT status, result FROM games WHERE id = " + std::to_string(game.id));
  REQUIRE(rows.size() == 1);
  CHECK(rows[0] == "3|drawn by agreement");
  const double map_width = kWidth - 400.0;
  const double probe_x = (map_width + std::min(map_width - 40, 620.0)) / 2 - 8;
  CHECK(pixel(keep(shot), probe_x, 40 + 112) == palette::kGameEndBanner);
}

TEST_CASE("lobby: the three lists drawn; a click on a free seat joins that game on the server", "[e2e]") {
  hd::test::ServerProcess server({hd::test::game_server_args(), {}});
  hd::test::GamePlayer alice(server.port(), "alice");
  hd::test::GamePlayer bob(server.port(), "bob");
  hd::test::GamePlayer carol(server.port(), "carol");
  hd::test::GamePlayer dave(server.port(), "dave");
  const auto create = [](hd::test::GamePlayer& who) {
    const auto created = who.request(hd::test::create_game(
        "quatre-bras", {v1::SEAT_FRENCH}, hd::test::test_entropy(who.username()), v1::SPECTATOR_VIEW_FRENCH));
    REQUIRE(created.has_game_created());
    return created.game_created().game_id();
  };
  // One game of alice's (running), one open game with the Allied seat free, one to watch.
  const std::uint64_t mine = create(alice);
  REQUIRE(carol.request(hd::test::join_game(mine, v1::SEAT_ALLIED, hd::test::test_entropy("carol")))
              .has_game_changed());
  const std::uint64_t open = create(bob);
  const std::uint64_t watch = create(carol);
  REQUIRE(dave.request(hd::test::join_game(watch, v1::SEAT_ALLIED, hd::test::test_entropy("dave")))
              .has_game_changed());

  namespace lobby = hd::client::lobby_layout;
  // The open games' first row: below the heading, my one game and the open list's heading.
  const float open_row = lobby::kListTop + 3 * lobby::kRowHeight + lobby::kSectionGap;
  const int click_x = static_cast<int>(kWidth - lobby::kButtonMargin - lobby::kButtonWidth / 2);
  const int click_y = static_cast<int>(open_row + lobby::kButtonHeight / 2);
  const auto directory = server.directory();
  const std::string shot = (directory / "client-lobby.png").string();
  const std::string script = "wait-for lobby\nwait-for idle\nframes 10\nscreenshot " + shot + "\nclick " +
                             std::to_string(click_x) + " " + std::to_string(click_y) +
                             "\nwait-for idle\nframes 3\nquit\n";
  INFO("server log:\n" << server.log());
  REQUIRE(run_client(server, directory, script, 0) == 0);

  // The click joined bob's open game in its free seat: the server's seats and the game running.
  const auto seats = hd::test::query(server.database_path(),
                                     "SELECT seat, a.username FROM game_seats s JOIN accounts a ON "
                                     "a.id = s.account_id WHERE game_id = " +
                                         std::to_string(open) + " ORDER BY seat");
  CHECK(seats == std::vector<std::string>{"1|bob", "3|alice"});
  CHECK(hd::test::query(server.database_path(), "SELECT status FROM games WHERE id = " +
                                                    std::to_string(open)) == std::vector<std::string>{"2"});
  CHECK(watch != mine);

  // Each list's row carries its line of text (light pixels right of the row's indent).
  const sf::Image image = keep(shot);
  for (const float row : {lobby::kListTop + lobby::kRowHeight, open_row,
                          open_row + 2 * lobby::kRowHeight + lobby::kSectionGap}) {
    int ink = 0;
    for (unsigned y = static_cast<unsigned>(row); y < static_cast<unsigned>(row + lobby::kRowHeight); ++y)
      for (unsigned x = 32; x < 600; ++x)
        ink += pixel(image, x, y).r > 150;
    INFO("row at y " << row);
    CHECK(ink >= 200);
  }
}

TEST_CASE("real server: a new account registered from the login form reaches the lobby", "[e2e]") {
  hd::test::ServerProcess server;
  const auto directory = server.directory();
  const std::string shot = (directory / "client-login.png").string();
  const std::string lobby_shot = (directory / "client-lobby-real.png").string();
  // The login form typed into: user name, Tab, password, then the Register button (login_screen.cpp:
  // a 320 px form centred at the top; Register spans x 690..800, y 194..226 in a 1280 px window).
  const std::string script_text =
      "wait-for welcome\nframes 3\ntext alice_1\nkey Tab\ntext correct-horse\nframes 2\n"
      "screenshot " +
      shot + "\nclick " + std::to_string(kWidth / 2 + 105) +
      " 210\n"
      "wait-for logged-in\nwait-for lobby\nframes 5\nscreenshot " +
      lobby_shot + "\nquit\n";
  const std::filesystem::path script_path = directory / "script.txt";
  std::ofstream(script_path) << script_text;
  const int status = hd::test::run_process(
      hd::test::in_virtual_display(kWidth, kHeight,
                                   {hd::test::built_program("hd_client"), "--server", server.url(), "--width",
                                    std::to_string(kWidth), "--height", std::to_string(kHeight), "--script",
                                    script_path.string(), "--screenshot-timeout-seconds", "30", "--no-state"})
          .argv,
      std::chrono::seconds(120));
  INFO("server log:\n" << server.log());
  REQUIRE(status == 0);
  keep(shot);
  keep(lobby_shot);
  // The account exists on the server: a second client logs in with the same password.
  const std::string again = "wait-for welcome\nwait-for logged-in\nquit\n";
  std::ofstream(script_path) << again;
  CHECK(hd::test::run_process(
            hd::test::in_virtual_display(kWidth, kHeight,
                                         {hd::test::built_program("hd_client"), "--server", server.url(),
                                          "--user", "alice_1", "--password", "correct-horse", "--script",
                                          script_path.string(), "--screenshot-timeout-seconds", "20"})
                .argv,
            std::chrono::seconds(90)) == 0);
}

TEST_CASE("log (issue 16): a game reopened from the lobby catches up into the log, which scrolls", "[e2e]") {
  RealGame game;
  const auto directory = game.server.directory();
  // A short window: fewer log rows, so the caught-up log is longer than its window.
  constexpr unsigned kShortHeight = 600;
  std::vector<std::string> args{"--server",
                                game.server.url(),
                                "--user",
                                "alice",
                                "--password",
                                "password-alice",
                                "--screenshot-timeout-seconds",
                                "60",
                                "--width",
                                std::to_string(kWidth),
                                "--height",
                                std::to_string(kShortHeight),
                                "--open-game",
                                std::to_string(game.id)};
  hd::test::ScriptedClient client(hd::test::built_program("hd_client"), args, directory / "log-client.log",
                                  kWidth, kShortHeight);
  INFO("server log:\n" << game.server.log());
  const auto report = [&client] {
    auto answer = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(answer);
    return *answer;
  };
  // The client sees action 1 (its own Ctrl+E), then goes back to the lobby.
  const auto first = hd::test::end_phase_by_ctrl_e(client);
  REQUIRE(first.after.number("seq") == 1);
  client.send("ctrl-key L");
  client.send("wait-for lobby");
  client.send("wait-for idle");
  REQUIRE(report()["game"] == "0");  // closed: what follows is not seen

  // Meanwhile the game goes on over the protocol: four phases end (whichever side's they are).
  std::uint64_t present = 1;
  for (int tries = 0; tries < 12 && present < 5; ++tries) {
    auto answer = game.alice.request(hd::test::submit_notation(game.id, "french end"));
    if (!answer.has_action_accepted())
      answer = game.bob.request(hd::test::submit_notation(game.id, "coalition end"));
    INFO(answer.refusal().message());
    REQUIRE(answer.has_action_accepted());
    present = answer.action_accepted().sequence();
  }
  REQUIRE(present == 5);

  // Open from "My games" (its first row): the client asks for a catch-up from action 1.
  namespace lobby = hd::client::lobby_layout;
  const int open_x = static_cast<int>(kWidth - lobby::kButtonMargin - lobby::kButtonWidth / 2);
  const int open_y = static_cast<int>(lobby::kListTop + lobby::kRowHeight + lobby::kButtonHeight / 2);
  client.send("click " + std::to_string(open_x) + " " + std::to_string(open_y));
  client.send("wait-for game");
  client.send("wait-for sequence 5");
  hd::test::ClientReport caught = report();
  for (int tries = 0; tries < 50 && caught["log_last"].rfind("Caught_up:", 0) != 0; ++tries) {
    client.send("frames 5");
    caught = report();
  }
  INFO("report: " << caught.line);
  CHECK(caught["log_last"].rfind("Caught_up:_4_actions_replayed,_now_at_action_5", 0) == 0);
  CHECK(caught.number("seq") == 5);
  // "Opened", "While you were away", four actions with their events, "Caught up".
  CHECK(caught.number("log_entries") >= 7);

  // The log is longer than its window and shows its newest lines; PageUp goes back, the wheel over
  // the log forward three lines at a notch, End to the newest again.
  const auto window = [](const hd::test::ClientReport& shown) {
    const std::string& log = shown["log"];  // FIRST-LAST/TOTAL
    const auto dash = log.find('-');
    const auto slash = log.find('/');
    return std::array<long, 3>{std::stol(log.substr(0, dash)),
                               std::stol(log.substr(dash + 1, slash - dash - 1)),
                               std::stol(log.substr(slash + 1))};
  };
  // More lines: undo asked where 5.1C refuses it, each refusal noted in the log in plain words.
  for (int asked = 0; asked < 8; ++asked)
    client.send("key U");
  client.send("wait-for idle");
  const hd::test::ClientReport longer = report();
  INFO("report: " << longer.line);
  CHECK(longer.number("log_entries") == caught.number("log_entries") + 8);
  CHECK(longer["log_last"].find("5.1C") != std::string::npos);
  const auto newest = window(longer);
  REQUIRE(newest[2] > newest[1] - newest[0] + 1);
  CHECK(newest[1] == newest[2]);
  client.send("key PageUp");
  client.send("frames 2");
  const auto paged = window(report());
  CHECK(paged[1] < newest[1]);
  CHECK(paged[1] - paged[0] == newest[1] - newest[0]);
  const int log_y = static_cast<int>(kShortHeight - 28 - 150 - 8);  // just above the chat heading
  client.send("wheel " + std::to_string(kWidth - 200) + " " + std::to_string(log_y) + " -1");
  client.send("frames 2");
  const auto wheeled = window(report());
  CHECK(wheeled[1] == std::min(paged[1] + 3, newest[2]));
  client.send("key End");
  client.send("frames 2");
  const std::string shot = (directory / "client-log.png").string();
  client.send("screenshot " + shot);
  const auto ended = window(report());
  CHECK(ended[1] == ended[2]);
  client.send("quit");
  CHECK(client.finish() == 0);
  hd::test::keep_screenshot(shot, hd::test::artifacts_dir(), kWidth, kShortHeight);
}

// End to end on the client side: the real client binary in a virtual X display (xvfb-run), driven
// by a script of synthetic input events (--script), against a loopback fake WebSocket server
// (fake_game_server.hpp) whose answers come from the engine itself: the Quatre Bras opening as
// GameView -> protocol (hd::wire::to_proto), reachable hexes from engine::reachable_hexes, odds from
// engine::compute_odds. (The real server does not serve games in this branch yet: issue 5.)
// Checks the envelopes the client sent and probes its screenshots, kept in <build>/artifacts.
#include "camera/opening_camera.hpp"
#include "fake_game_server.hpp"
#include "model/game_model.hpp"
#include "process.hpp"
#include "server_process.hpp"
#include "view/lobby_screen.hpp"
#include "view/map_palette.hpp"

#include <hd/engine/combat.hpp>
#include <hd/engine/movement.hpp>
#include <hd/engine/view.hpp>
#include <hd/loader/data_files.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/hex_convert.hpp>
#include <hd/wire/protocol_version.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>

namespace pb = hundred_days::v1;
namespace palette = hd::client::palette;
using hd::engine::Hex;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;
constexpr std::uint64_t kGameId = 7;

// The Quatre Bras opening, as the engine sets it up; `combat` moves one French unit next to an
// Allied one and starts the French combat phase (the position the combat test needs).
struct Game {
  hd::engine::GameState state;
  std::optional<hd::engine::UnitIndex> attacker;
  std::optional<hd::engine::UnitIndex> defender;
};

Game start_game(bool combat) {
  hd::loader::GameChoice choice;
  choice.scenario = "quatre-bras";
  auto loaded = hd::loader::start_scenario_game(hd::loader::default_data_root(), choice);
  REQUIRE(loaded.value);
  Game game{std::move(*loaded.value), std::nullopt, std::nullopt};
  if (!combat) return game;
  auto& units = game.state.units;
  const auto& area = game.state.rules->scenario.area;
  for (std::size_t d = 0; d < units.size() && !game.defender; ++d) {
    if (units[d].army != hd::engine::Army::Allied || !units[d].on_map()) continue;
    for (const Hex next : hd::engine::neighbours(units[d].hex)) {
      if (!area.contains(next)) continue;
      bool occupied = false;
      for (const auto& u : units)
        occupied = occupied || (u.on_map() && u.hex == next);
      if (occupied) continue;
      for (std::size_t a = 0; a < units.size(); ++a) {
        if (units[a].army == hd::engine::Army::French && units[a].on_map() &&
            units[a].type == hd::engine::UnitType::Infantry) {
          units[a].hex = next;
          game.attacker = static_cast<hd::engine::UnitIndex>(a);
          game.defender = static_cast<hd::engine::UnitIndex>(d);
          break;
        }
      }
      if (game.attacker) break;
    }
  }
  REQUIRE(game.attacker);
  game.state.phasing = hd::engine::Side::French;
  game.state.phase = hd::engine::Phase::Combat;
  return game;
}

pb::GameSnapshot snapshot_of(const Game& game) {
  pb::GameSnapshot snapshot;
  snapshot.set_game_id(kGameId);
  snapshot.set_sequence(0);
  snapshot.add_my_seats(pb::SEAT_FRENCH);
  auto* scenario = snapshot.mutable_scenario();
  scenario->set_id("quatre-bras");
  scenario->set_title(game.state.rules->scenario.name);
  scenario->set_rule(game.state.rules->scenario.rule);
  for (const auto& turn : game.state.rules->turns) {
    auto* info = scenario->add_turns();
    info->set_label(turn.name.to_string());
    info->set_night(turn.night);
    info->set_rain(turn.rain);
  }
  hd::engine::Viewer viewer;
  viewer.kind = hd::engine::Viewer::Kind::Seat;
  viewer.army = hd::engine::Army::French;
  *snapshot.mutable_view() = hd::wire::to_proto(hd::engine::view(game.state, viewer));
  // The French seat decides (the fake server's game starts with the French phase).
  auto* pending = snapshot.mutable_view()->mutable_pending();
  if (pending->seats().empty()) pending->add_seats(pb::SEAT_FRENCH);
  return snapshot;
}

// The fake server's answers: accounts and lobby trivially, the game and its queries from the engine.
hd::test::FakeGameServer::Responder responder_for(const Game& game) {
  return [&game](const pb::ClientEnvelope& request) {
    std::vector<pb::ServerEnvelope> answers(1);
    pb::ServerEnvelope& answer = answers[0];
    answer.set_request_id(request.request_id());
    if (request.has_hello()) {
      answer.mutable_welcome()->set_protocol_version(hd::wire::kProtocolVersion);
      answer.mutable_welcome()->set_server_name("fake game server");
      answer.mutable_welcome()->set_server_id(std::string(32, '0'));
      *answer.mutable_welcome()->mutable_map_grid() = hd::wire::to_proto(hd::engine::kNlbGrid);
    } else if (request.has_login()) {
      answer.mutable_logged_in()->set_account_id(1);
      answer.mutable_logged_in()->set_username(request.login().username());
      answer.mutable_logged_in()->set_session_token(std::string(64, 'f'));
    } else if (request.has_list_games()) {
      answer.mutable_game_list();
    } else if (request.has_open_game()) {
      *answer.mutable_game_snapshot() = snapshot_of(game);
    } else if (request.has_query_reachable()) {
      auto* reachable = answer.mutable_reachable();
      reachable->set_game_id(kGameId);
      reachable->set_unit(request.query_reachable().unit());
      for (const auto& entry : hd::engine::reachable_hexes(game.state, request.query_reachable().unit())) {
        auto* hex = reachable->add_hexes();
        *hex->mutable_hex() = hd::wire::to_proto(entry.hex);
        hex->set_cost_half_mp(static_cast<std::uint32_t>(entry.cost_half));
        for (const Hex step : entry.path)
          *hex->add_path() = hd::wire::to_proto(step);
      }
    } else if (request.has_query_odds()) {
      const auto& asked = request.query_odds().attack();
      hd::engine::AttackAction attack({asked.attackers().begin(), asked.attackers().end()},
                                      {asked.defenders().begin(), asked.defenders().end()},
                                      static_cast<int>(asked.odds_reduction()));
      const auto odds = hd::engine::compute_odds(game.state, attack);
      auto* out = answer.mutable_odds_answer();
      out->set_game_id(kGameId);
      out->set_legal(true);
      out->mutable_odds()->set_attack(static_cast<std::uint32_t>(odds.attack));
      out->mutable_odds()->set_defence(static_cast<std::uint32_t>(odds.defence));
      out->mutable_odds()->set_computed(odds.computed.to_string());
      out->mutable_odds()->set_used(odds.used.to_string());
      for (const auto& modifier : odds.modifiers)
        out->mutable_odds()->add_modifiers(modifier);
    } else if (request.has_query_combat_options()) {
      answer.mutable_combat_options()->set_game_id(kGameId);
    } else if (request.has_query_retreats()) {
      answer.mutable_retreat_hexes()->set_game_id(kGameId);
    } else if (request.has_submit_action()) {
      answer.mutable_action_accepted()->set_game_id(kGameId);
    } else {
      answer.mutable_ok();
    }
    return answers;
  };
}

// Runs the client under xvfb-run with `script` against `server` (logged in as alice, opening the
// test's game unless `open_game` is false); returns its exit status.
int run_client(const hd::test::FakeGameServer& server, const std::filesystem::path& directory,
               const std::string& script, bool open_game = true) {
  const std::filesystem::path script_path = directory / "script.txt";
  std::ofstream(script_path) << script;
  const std::string screen = "-screen 0 " + std::to_string(kWidth) + "x" + std::to_string(kHeight) + "x24";
  std::vector<std::string> argv{"xvfb-run",
                                "-a",
                                "-s",
                                screen,
                                HD_CLIENT_BINARY,
                                "--server",
                                server.url(),
                                "--width",
                                std::to_string(kWidth),
                                "--height",
                                std::to_string(kHeight),
                                "--user",
                                "alice",
                                "--password",
                                "password1",
                                "--script",
                                script_path.string(),
                                "--screenshot-timeout-seconds",
                                "30"};
  if (open_game) {
    argv.push_back("--open-game");
    argv.push_back(std::to_string(kGameId));
  }
  return hd::test::run_process(argv, std::chrono::seconds(120));
}

sf::Image keep(const std::filesystem::path& png) {
  const std::filesystem::path artifacts = HD_ARTIFACTS_DIR;
  std::filesystem::create_directories(artifacts);
  if (std::filesystem::exists(png))
    std::filesystem::copy_file(png, artifacts / png.filename(),
                               std::filesystem::copy_options::overwrite_existing);
  sf::Image image;
  REQUIRE(image.loadFromFile(png.string()));
  REQUIRE(image.getSize() == sf::Vector2u(kWidth, kHeight));
  return image;
}

palette::Rgb pixel(const sf::Image& image, double x, double y) {
  const sf::Color c =
      image.getPixel(static_cast<unsigned>(std::floor(x)), static_cast<unsigned>(std::floor(y)));
  return {c.r, c.g, c.b};
}

std::string describe(palette::Rgb rgb) {
  return "rgb(" + std::to_string(rgb.r) + "," + std::to_string(rgb.g) + "," + std::to_string(rgb.b) + ")";
}

// The opening camera's layout: where the client draws each hex of the scenario (centred on the
// French forces in the map view left of the panel and above the status bar).
hd::engine::HexLayout layout_for(const Game& game) {
  hd::client::GameModel model;
  model.apply_snapshot(snapshot_of(game));
  return hd::client::opening_camera(game.state.rules->scenario.area, model.my_forces_centre(), kWidth - 400.0,
                                    kHeight - 28.0)
      .layout();
}

bool visible(const hd::engine::HexLayout& layout, Hex hex) {
  const auto c = layout.centre(hex);
  const double w = layout.hex_width();
  return c.x > w && c.x < kWidth - 400 - w && c.y > w && c.y < kHeight - 28 - w;
}

// A French unit alone in its hex, on screen, with somewhere to go (the engine's reachable hexes),
// and the farthest such hex that is on screen too.
struct MovePlan {
  hd::engine::UnitIndex unit = 0;
  Hex from;
  hd::engine::ReachableHex to;
};

std::optional<MovePlan> plan_move(const Game& game) {
  const auto layout = layout_for(game);
  for (std::size_t i = 0; i < game.state.units.size(); ++i) {
    const auto& unit = game.state.units[i];
    if (unit.army != hd::engine::Army::French || !unit.on_map() || !visible(layout, unit.hex)) continue;
    int here = 0;
    for (const auto& other : game.state.units)
      here += other.on_map() && other.hex == unit.hex;
    if (here != 1) continue;
    std::optional<hd::engine::ReachableHex> best;
    for (const auto& entry : hd::engine::reachable_hexes(game.state, static_cast<hd::engine::UnitIndex>(i))) {
      if (!visible(layout, entry.hex) || entry.path.size() < 2 || !game.state.units_at(entry.hex).empty())
        continue;
      bool empty = true;
      for (const auto& other : game.state.units)
        empty = empty && !(other.on_map() && other.hex == entry.hex);
      if (empty && (!best || entry.path.size() > best->path.size())) best = entry;
    }
    if (best) return MovePlan{static_cast<hd::engine::UnitIndex>(i), unit.hex, *best};
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

TEST_CASE("movement: the opening position, a unit's reachable hexes shaded, a click sends the move",
          "[e2e]") {
  const Game game = start_game(false);
  const auto plan = plan_move(game);
  REQUIRE(plan);
  hd::test::FakeGameServer server(responder_for(game));
  const auto directory = hd::test::make_temp_directory("client-game");
  const std::string opening = (directory / "client-opening.png").string();
  const std::string reachable = (directory / "client-reachable.png").string();
  const std::string script = "wait-for game\nframes 3\nscreenshot " + opening + "\nclick-hex " +
                             hd::engine::format_hex(plan->from) + "\nwait-for reachable\nhover-hex " +
                             hd::engine::format_hex(plan->to.hex) + "\nframes 3\nscreenshot " + reachable +
                             "\nclick-hex " + hd::engine::format_hex(plan->to.hex) + "\nframes 10\nquit\n";
  REQUIRE(run_client(server, directory, script) == 0);

  // The envelopes: login, open, the query for the clicked unit, the move along the server's path.
  const auto sent = server.received();
  const auto find = [&](auto has) { return std::find_if(sent.begin(), sent.end(), has); };
  CHECK(find([](const auto& e) { return e.has_login() && e.login().username() == "alice"; }) != sent.end());
  CHECK(find([](const auto& e) { return e.has_open_game() && e.open_game().game_id() == kGameId; }) !=
        sent.end());
  const auto query = find([](const auto& e) { return e.has_query_reachable(); });
  REQUIRE(query != sent.end());
  CHECK(query->query_reachable().unit() == plan->unit);
  const auto move =
      find([](const auto& e) { return e.has_submit_action() && e.submit_action().action().has_move(); });
  REQUIRE(move != sent.end());
  const auto& action = move->submit_action().action().move();
  CHECK(move->submit_action().game_id() == kGameId);
  CHECK(action.unit() == plan->unit);
  REQUIRE(action.path_size() == static_cast<int>(plan->to.path.size()));
  for (int i = 0; i < action.path_size(); ++i)
    CHECK(hd::wire::from_proto(action.path(i), hd::engine::kNlbGrid) ==
          plan->to.path[static_cast<std::size_t>(i)]);

  const auto layout = layout_for(game);
  const double w = layout.hex_width();
  const sf::Image before = keep(opening);
  const sf::Image after = keep(reachable);

  // The town hexes of the playing area on screen and empty show the town colour around their
  // centres (a place name or a road may cross some probes, so most towns, most probes).
  const auto& map = game.state.rules->map;
  const auto& area = game.state.rules->scenario.area;
  const auto empty_hex = [&](Hex hex) {
    for (const auto& u : game.state.units)
      if (u.on_map() && u.hex == hex) return false;
    return true;
  };
  int towns = 0;
  int town_coloured = 0;
  for (int column = area.first_column; column <= area.last_column; ++column) {
    for (int row = area.first_row; row <= area.last_row; ++row) {
      const Hex hex{column, row};
      if (map.terrain(hex) != hd::engine::HexTerrain::Town || !visible(layout, hex) || !empty_hex(hex))
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
  int shaded = 0;
  int checked = 0;
  for (const auto& entry : hd::engine::reachable_hexes(game.state, plan->unit)) {
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
  for (const auto& entry : hd::engine::reachable_hexes(game.state, plan->unit))
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

TEST_CASE("combat: attacker and defender clicked, the server's odds shown, the attack committed", "[e2e]") {
  const Game game = start_game(true);
  const auto& attacker = game.state.units[*game.attacker];
  const auto& defender = game.state.units[*game.defender];
  hd::test::FakeGameServer server(responder_for(game));
  const auto directory = hd::test::make_temp_directory("client-combat");
  const std::string shot = (directory / "client-combat.png").string();
  const std::string script = "wait-for game\nframes 2\nclick-hex " + hd::engine::format_hex(attacker.hex) +
                             "\nclick-hex " + hd::engine::format_hex(defender.hex) +
                             "\nwait-for odds\nframes 3\nscreenshot " + shot +
                             "\nkey Enter\nframes 10\nquit\n";
  REQUIRE(run_client(server, directory, script) == 0);

  const auto sent = server.received();
  const auto odds = std::find_if(sent.begin(), sent.end(), [](const auto& e) { return e.has_query_odds(); });
  REQUIRE(odds != sent.end());
  CHECK(odds->query_odds().attack().attackers(0) == *game.attacker);
  const auto commit = std::find_if(sent.begin(), sent.end(), [](const auto& e) {
    return e.has_submit_action() && e.submit_action().action().has_attack();
  });
  REQUIRE(commit != sent.end());
  const auto& attack = commit->submit_action().action().attack();
  REQUIRE(attack.attackers_size() >= 1);
  CHECK(std::count(attack.attackers().begin(), attack.attackers().end(), *game.attacker) == 1);
  CHECK(std::count(attack.defenders().begin(), attack.defenders().end(), *game.defender) == 1);

  // The attacker is framed red, the defender orange, and the panel shows the odds.
  const sf::Image image = keep(shot);
  const auto layout = layout_for(game);
  const double size = layout.hex_width() * 0.62;
  const auto a = layout.centre(attacker.hex);
  const auto d = layout.centre(defender.hex);
  if (visible(layout, attacker.hex)) {
    INFO("attacker frame " << describe(pixel(image, a.x - size / 2 - 1.5, a.y)));
    CHECK(pixel(image, a.x - size / 2 - 1.5, a.y) == palette::kAttacker);
  }
  if (visible(layout, defender.hex)) {
    // The defender may sit in a stack (fanned up-left): probe the bottom counter's right edge.
    INFO("defender frame " << describe(pixel(image, d.x + size / 2 + 1.5, d.y + size / 4)));
    CHECK(pixel(image, d.x + size / 2 + 1.5, d.y + size / 4) == palette::kDefender);
  }
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

TEST_CASE("lobby: the three lists drawn; a click on a free seat sends JoinGame for it", "[e2e]") {
  const Game game = start_game(false);
  const auto base = responder_for(game);
  // One game of mine (running), one open game with the Prussian and Allied seats free, one to watch.
  const auto summary = [](std::uint64_t id, pb::GameStatus status, const std::string& french) {
    pb::GameSummary game_summary;
    game_summary.set_game_id(id);
    game_summary.set_scenario("quatre-bras");
    game_summary.set_title("Quatre Bras");
    game_summary.set_status(status);
    game_summary.set_turn_label("16 June 1400");
    game_summary.set_waiting_for(pb::SEAT_FRENCH);
    for (const pb::Seat seat : {pb::SEAT_FRENCH, pb::SEAT_PRUSSIAN, pb::SEAT_ALLIED}) {
      auto* holder = game_summary.add_seats();
      holder->set_seat(seat);
      holder->set_human(true);
      if (seat == pb::SEAT_FRENCH) holder->set_username(french);
    }
    return game_summary;
  };
  hd::test::FakeGameServer server([&](const pb::ClientEnvelope& request) {
    if (!request.has_list_games()) return base(request);
    std::vector<pb::ServerEnvelope> answers(1);
    answers[0].set_request_id(request.request_id());
    auto* list = answers[0].mutable_game_list();
    switch (request.list_games().filter()) {
      case pb::GAME_LIST_FILTER_MINE:
        *list->add_games() = summary(7, pb::GAME_STATUS_RUNNING, "alice");
        break;
      case pb::GAME_LIST_FILTER_OPEN:
        *list->add_games() = summary(8, pb::GAME_STATUS_OPEN, "bob");
        break;
      case pb::GAME_LIST_FILTER_SPECTATABLE:
        *list->add_games() = summary(9, pb::GAME_STATUS_RUNNING, "carol");
        break;
      default:
        break;
    }
    return answers;
  });
  namespace lobby = hd::client::lobby_layout;
  // The open games' first row: below the heading, my one game and the open list's heading.
  const float open_row = lobby::kListTop + 3 * lobby::kRowHeight + lobby::kSectionGap;
  const int click_x = static_cast<int>(kWidth - lobby::kButtonMargin - lobby::kButtonWidth / 2);
  const int click_y = static_cast<int>(open_row + lobby::kButtonHeight / 2);
  const auto directory = hd::test::make_temp_directory("client-lobby");
  const std::string shot = (directory / "client-lobby.png").string();
  const std::string script = "wait-for lobby\nframes 10\nscreenshot " + shot + "\nclick " +
                             std::to_string(click_x) + " " + std::to_string(click_y) + "\nframes 10\nquit\n";
  REQUIRE(run_client(server, directory, script, false) == 0);

  const auto sent = server.received();
  for (const auto filter :
       {pb::GAME_LIST_FILTER_OPEN, pb::GAME_LIST_FILTER_MINE, pb::GAME_LIST_FILTER_SPECTATABLE}) {
    CHECK(std::any_of(sent.begin(), sent.end(), [&](const auto& e) {
      return e.has_list_games() && e.list_games().filter() == filter;
    }));
  }
  const auto join = std::find_if(sent.begin(), sent.end(), [](const auto& e) { return e.has_join_game(); });
  REQUIRE(join != sent.end());
  CHECK(join->join_game().game_id() == 8);
  CHECK(join->join_game().seat() == pb::SEAT_PRUSSIAN);
  CHECK(join->join_game().entropy().size() >= 16);

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
  const std::string screen = "-screen 0 " + std::to_string(kWidth) + "x" + std::to_string(kHeight) + "x24";
  const int status =
      hd::test::run_process({"xvfb-run", "-a", "-s", screen, HD_CLIENT_BINARY, "--server", server.url(),
                             "--width", std::to_string(kWidth), "--height", std::to_string(kHeight),
                             "--script", script_path.string(), "--screenshot-timeout-seconds", "30"},
                            std::chrono::seconds(120));
  INFO("server log:\n" << server.log());
  REQUIRE(status == 0);
  keep(shot);
  keep(lobby_shot);
  // The account exists on the server: a second client logs in with the same password.
  const std::string again = "wait-for welcome\nwait-for logged-in\nquit\n";
  std::ofstream(script_path) << again;
  CHECK(hd::test::run_process({"xvfb-run", "-a", "-s", screen, HD_CLIENT_BINARY, "--server", server.url(),
                               "--user", "alice_1", "--password", "correct-horse", "--script",
                               script_path.string(), "--screenshot-timeout-seconds", "20"},
                              std::chrono::seconds(90)) == 0);
}

// Issue 16, "help on the screen", end to end: the real client binary under xvfb-run, driven by
// --script - (tests/client/scripted_client.hpp), opens a Quatre Bras game on the real server and
// opens the help overlays by their keys. The screenshots (kept in <build>/artifacts/) are probed
// where view/help_layout.hpp places each sample, for the colours the map's painters use
// (view/map_palette.hpp): the overlay's panel is there after the key and gone after it again (or
// Esc), each legend sample (F1) shows its symbol's colour at its place, and so does each row of the
// terrain effects chart (F2), in the order of the rows made from the loaded TEC. The briefing (F3)
// draws the lines made from the ScenarioInfo the server sent, each heading at its place, and the
// client's report holds the briefing's rules, titles, victory words and option titles.
#include "build_paths.hpp"
#include "model/create_form_briefing.hpp"
#include "model/new_game_form.hpp"
#include "model/scenario_catalogue.hpp"
#include "quatre_bras_game.hpp"
#include "scripted_client.hpp"
#include "view/briefing_lines.hpp"
#include "view/help_layout.hpp"
#include "view/map_palette.hpp"
#include "view/screen_layout.hpp"
#include "view/terrain_chart_rows.hpp"

#include <hd/loader/data_files.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace v1 = hundred_days::v1;
namespace palette = hd::client::palette;
using hd::client::MapSample;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;
constexpr float kSidePanel = 400;  // view/game_screen.hpp's kSidePanelWidth (that header needs SFML's window)

const hd::client::HelpBox& box() {
  static const hd::client::HelpBox help =
      hd::client::help_box(kWidth - kSidePanel, kHeight - hd::client::layout::kStatusBarHeight);
  return help;
}

std::string describe(palette::Rgb rgb) {
  return "rgb(" + std::to_string(rgb.r) + "," + std::to_string(rgb.g) + "," + std::to_string(rgb.b) + ")";
}

palette::Rgb pixel(const sf::Image& image, float x, float y) {
  const sf::Color c =
      image.getPixel(static_cast<unsigned>(std::floor(x)), static_cast<unsigned>(std::floor(y)));
  return {c.r, c.g, c.b};
}

bool close(palette::Rgb a, palette::Rgb b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
         std::abs(a.b - b.b) <= tolerance;
}

// Whether a pixel within `radius` px of (x, y) has `colour` (within `tolerance` a channel).
bool shows_near(const sf::Image& image, float x, float y, palette::Rgb colour, int radius = 1,
                int tolerance = 0) {
  for (int dy = -radius; dy <= radius; ++dy)
    for (int dx = -radius; dx <= radius; ++dx)
      if (close(pixel(image, x + static_cast<float>(dx), y + static_cast<float>(dy)), colour, tolerance))
        return true;
  return false;
}

// `colour` drawn with `alpha` over `under`, as SFML blends.
palette::Rgb blend(palette::Rgb colour, std::uint8_t alpha, palette::Rgb under) {
  const auto mix = [alpha](std::uint8_t over, std::uint8_t base) {
    return static_cast<std::uint8_t>((over * alpha + base * (255 - alpha)) / 255);
  };
  return {mix(colour.r, under.r), mix(colour.g, under.g), mix(colour.b, under.b)};
}

// Where the legend draws `sample`, and the colour expected at an offset from it.
struct Probe {
  MapSample sample;
  float dx;
  float dy;
  palette::Rgb colour;
  int tolerance = 0;
};

hd::client::HelpPoint legend_centre(MapSample sample) {
  for (std::size_t i = 0; i < hd::client::kLegendEntries.size(); ++i)
    if (hd::client::kLegendEntries[i].sample == sample) return hd::client::legend_sample_centre(box(), i);
  FAIL("no legend entry for the sample");
  return {};
}

// What each sample shows, and where, from its centre (the painters' geometry: counter_painter,
// map_stacks, hex_highlight, terrain_painter).
const std::vector<Probe>& sample_probes() {
  const float counter = hd::client::kSampleCounter;
  const float side = hd::client::kSampleSideHexWidth;
  static const std::vector<Probe> probes{
      {MapSample::Clear, 0, 0, palette::kClear},
      {MapSample::Forest, 0, 0, palette::kForest},
      {MapSample::Marsh, 0, 0, palette::kMarsh},
      {MapSample::Town, 0, 0, palette::kTown},
      {MapSample::Chateau, 0, 11, palette::kChateau},
      {MapSample::OutOfPlay, 0, 0, palette::kOutOfPlay},
      {MapSample::Road, 0, 0, palette::kRoad},
      {MapSample::Trail, 0, 0, palette::kTrail},
      {MapSample::Stream, 0, 0, palette::kStream},
      {MapSample::River, 0, 0, palette::kRiver},
      {MapSample::Bridge, 0, 0, palette::kBridge},
      {MapSample::Crest, 0, 0, palette::kCrest},
      {MapSample::Lake, 0, 0, palette::kRiver},
      {MapSample::Infantry, -counter * 0.4f, 0, palette::kFrenchCounter},
      {MapSample::Cavalry, 0, -counter * 0.12f, palette::kCounterText},
      {MapSample::Artillery, 0, -counter * 0.12f, palette::kCounterText},
      {MapSample::SupplyTrain, -counter * 0.15f, -counter * 0.045f, palette::kCounterText},
      {MapSample::French, -counter * 0.4f, 0, palette::kFrenchCounter},
      {MapSample::Prussian, -counter * 0.4f, 0, palette::kPrussianCounter},
      {MapSample::Allied, -counter * 0.4f, 0, palette::kAlliedCounter},
      {MapSample::Leader, 0, counter * 0.08f, palette::kLeaderStar},
      {MapSample::InactiveLeader, 0, counter * 0.08f, palette::kInactiveLeaderStar},
      {MapSample::Reduced, -counter * 0.4f, counter * 0.46f, palette::Rgb{250, 250, 250}},
      {MapSample::OutOfCommand, counter / 2 - 3, -counter / 2 + 3, palette::kOutOfCommandMark},
      {MapSample::Demoralized, -counter / 2 + 3, -counter / 2 + 3, palette::kDemoralizedMark},
      {MapSample::Moved, -counter * 0.34f, counter * 0.3f, palette::kMovedMark},
      // 16.3: the Allied counter under the pale wash (its left, as the Allied sample is probed).
      {MapSample::LastSeen, -counter * 0.4f, 0,
       blend(palette::kLastSeenWash, palette::kLastSeenWashAlpha, palette::kAlliedCounter), 3},
      // 16.6: a marker's cream band, left of its pair and letter.
      {MapSample::HiddenMarker, -counter * 0.4f, counter * 0.06f, palette::kHiddenMarkerBand},
      {MapSample::Reachable, 0, 0, blend(palette::kReachable, palette::kOverlayAlpha, palette::kClear), 3},
      {MapSample::RetreatOrAdvance, 0, 0,
       blend(palette::kRetreatHex, palette::kOverlayAlpha, palette::kClear), 3},
      {MapSample::CommandRange, 0, 0, blend(palette::kCommandRange, 45, palette::kClear), 3},
      // 16.3, the F key: white, lightly, over the clear hex (not plain clear: tolerance 3 < 5).
      {MapSample::Observed, 0, 0, blend(palette::kObserved, palette::kObservedAlpha, palette::kClear), 3},
      {MapSample::SelectedHex, 0, 16, palette::kSelection},
      {MapSample::SelectedUnit, counter / 2 + 1.5f, 0, palette::kSelection},
      {MapSample::Attacker, counter / 2 + 1.5f, 0, palette::kAttacker},
      {MapSample::Defender, counter / 2 + 1.5f, 0, palette::kDefender},
      {MapSample::Bombarding, counter / 2 + 1.5f, 0, palette::kBombard},
      {MapSample::MustAttack, -counter * 0.38f, -counter * 0.38f, palette::kAttacker},
      {MapSample::MustBeAttacked, -counter * 0.38f, -counter * 0.38f, palette::kDefender},
      // The ring 0.42 hex widths around the starting hex (1,1), up and left of the sample's centre
      // (the middle of its side with (2,1)), probed on its far left (move_trail_painter).
      {MapSample::LastMove, -side * std::sqrt(3.0f) / 4 - side * 0.42f, -side / 4, palette::kLastMove},
  };
  return probes;
}

const Probe& probe_for(MapSample sample) {
  for (const Probe& probe : sample_probes())
    if (probe.sample == sample) return probe;
  FAIL("no probe for the sample");
  return sample_probes().front();
}

// Whether `image` shows `sample` (its probe's colour) drawn centred on `at`.
bool shows_sample(const sf::Image& image, MapSample sample, hd::client::HelpPoint at) {
  const Probe& probe = probe_for(sample);
  const float x = at.x + probe.dx;
  const float y = at.y + probe.dy;
  INFO("sample " << static_cast<int>(sample) << " at " << x << "," << y << ": expected "
                 << describe(probe.colour) << ", found " << describe(pixel(image, x, y)));
  return shows_near(image, x, y, probe.colour, 1, probe.tolerance);
}

using OpenGame = hd::test::QuatreBrasGame;  // alice's window client opens it

}  // namespace

// Alice's window client with the game open, and screenshots kept as artifacts.
struct HelpClient {
  hd::test::ScriptedClient client;
  std::filesystem::path directory;

  explicit HelpClient(OpenGame& game)
      : client(hd::test::built_program("hd_client"),
               {"--server", game.server.url(), "--user", "alice", "--password", "password-alice",
                "--open-game", std::to_string(game.id), "--no-state", "--screenshot-timeout-seconds", "60",
                "--width", std::to_string(kWidth), "--height", std::to_string(kHeight)},
               game.server.directory() / "help-client.log", kWidth, kHeight),
        directory(game.server.directory()) {
    client.send("wait-for game");
    client.send("wait-for idle");
  }

  sf::Image shot(const std::string& name) {
    client.send("frames 3");
    client.send("screenshot " + (directory / name).string());
    const auto report = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(report);
    return hd::test::keep_screenshot(directory / name, hd::test::artifacts_dir(), kWidth, kHeight);
  }
};

TEST_CASE("help (issue 16): F1 opens the legend, its samples drawn by the map's painters", "[e2e]") {
  OpenGame game;
  INFO("server log:\n" << game.server.log());
  HelpClient help(game);
  auto& client = help.client;
  const auto shot = [&help](const std::string& name) { return help.shot(name); };
  const sf::Image before = shot("help-none.png");
  client.send("key F1");
  const sf::Image legend = shot("help-legend.png");
  client.send("key F1");
  const sf::Image closed = shot("help-legend-closed.png");

  // The panel: its inside just under the title, left of the first sample, and below the last row.
  const float panel_x = box().left + 6;
  const float panel_y = box().top + box().height - 6;
  CHECK(pixel(legend, panel_x, panel_y) == palette::kHelpPanel);
  CHECK(pixel(legend, box().left + box().width - 6, box().top + 6) == palette::kHelpPanel);
  CHECK_FALSE(pixel(before, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(pixel(closed, panel_x, panel_y) == palette::kHelpPanel);
  CHECK(pixel(closed, panel_x, panel_y) == pixel(before, panel_x, panel_y));

  const std::vector<Probe>& probes = sample_probes();
  for (const Probe& probe : probes)
    CHECK(shows_sample(legend, probe.sample, legend_centre(probe.sample)));
  // The last move's trail also crosses the side between its two hexes, at the sample's centre.
  const auto trail = legend_centre(MapSample::LastMove);
  CHECK(shows_near(legend, trail.x, trail.y, palette::kLastMove));
  // Every sample the legend lists has a probe (a new symbol needs one).
  std::size_t samples = 0;
  for (const auto& entry : hd::client::kLegendEntries)
    samples += entry.sample != MapSample::None;
  CHECK(samples == probes.size());
  CHECK(client.finish() == 0);
}

TEST_CASE("help (issue 16): F2 shows the terrain effects chart from the loaded TEC", "[e2e]") {
  OpenGame game;
  INFO("server log:\n" << game.server.log());
  const auto data = hd::loader::load_game_data(hd::loader::default_data_root());
  REQUIRE(data.value);
  const auto rows = hd::client::terrain_chart_rows(data.value->terrain_effects);
  HelpClient help(game);
  help.client.send("key F1");
  help.client.send("key F2");  // from the legend straight to the chart
  const sf::Image chart = help.shot("help-terrain-chart.png");
  help.client.send("key Escape");
  const sf::Image closed = help.shot("help-terrain-chart-closed.png");

  const float panel_x = box().left + 6;
  const float panel_y = box().top + box().height - 6;
  CHECK(pixel(chart, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(pixel(closed, panel_x, panel_y) == palette::kHelpPanel);
  // The legend gave way: its out-of-command sample is not drawn.
  CHECK_FALSE(shows_sample(chart, MapSample::OutOfCommand, legend_centre(MapSample::OutOfCommand)));
  // Each row's terrain sample at its place, in the row order of terrain_chart_rows.
  REQUIRE(rows.size() == 12);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("row " << i << ": " << rows[i].name);
    CHECK(shows_sample(chart, rows[i].sample, hd::client::chart_sample_centre(box(), i)));
  }
  CHECK(help.client.finish() == 0);
}

namespace {

// Whether a pixel of `colour` (within `tolerance` a channel) is drawn along `width` px right of `at`,
// within 3 px above or below it.
bool shows_along(const sf::Image& image, hd::client::HelpPoint at, float width, palette::Rgb colour,
                 int tolerance) {
  for (float dx = 0; dx < width; dx += 1)
    if (shows_near(image, at.x + dx, at.y, colour, 3, tolerance)) return true;
  return false;
}

}  // namespace

TEST_CASE("help (issue 16): F3 shows the briefing the server sent", "[e2e]") {
  OpenGame game({"19.5A"});
  INFO("server log:\n" << game.server.log());
  // The briefing as the server sends it to alice (another connection of hers): the lines expected.
  const auto snapshot = game.alice.request(hd::test::open_game(game.id, false));
  REQUIRE(snapshot.has_game_snapshot());
  const v1::ScenarioInfo& info = snapshot.game_snapshot().scenario();
  const auto lines =
      hd::client::briefing_lines(info, snapshot.game_snapshot().view().turn(), hd::client::kBriefingWrap);
  REQUIRE(lines.size() > 8);
  REQUIRE(lines.size() <= 2 * hd::client::briefing_rows(box()));  // all of it fits

  HelpClient help(game);
  // The model holds the briefing received from the server.
  const auto report = help.client.report();
  REQUIRE(report);
  const auto rules = report->items("briefing_rules");
  CHECK(std::find(rules.begin(), rules.end(), "19.4C") != rules.end());
  CHECK(std::find(rules.begin(), rules.end(), "19.5A") != rules.end());
  CHECK(std::find(rules.begin(), rules.end(), "19.5C") == rules.end());  // not chosen
  const auto titles = report->items("briefing_titles");
  CHECK(std::find(titles.begin(), titles.end(), "1_VP_for_holding_Quatre_Bras_at_the_end_of_a_player_turn") !=
        titles.end());
  const auto victory = report->items("briefing_victory");
  CHECK(std::find(victory.begin(), victory.end(), "19.4C_most_VP_at_the_end") != victory.end());
  CHECK(report->items("briefing_options") ==
        std::vector<std::string>{"Buttlar_left_two_battalions_with_the_wagon_train"});

  const sf::Image before = help.shot("help-briefing-none.png");
  help.client.send("key F1");
  help.client.send("key F3");  // from the legend straight to the briefing
  const sf::Image briefing = help.shot("help-briefing.png");
  help.client.send("key F3");
  const sf::Image closed = help.shot("help-briefing-closed.png");

  const float panel_x = box().left + 6;
  const float panel_y = box().top + box().height - 6;
  CHECK(pixel(briefing, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(pixel(before, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(pixel(closed, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(shows_sample(briefing, MapSample::OutOfCommand, legend_centre(MapSample::OutOfCommand)));
  // Each heading in the heading colour at its line's place; each other line in ink, no heading colour.
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("line " << i << ": " << lines[i].text);
    const hd::client::HelpPoint at = hd::client::briefing_line_start(box(), i);
    if (lines[i].heading) {
      CHECK(shows_along(briefing, at, 80, palette::kHelpHeading, 24));
    } else {
      CHECK(shows_along(briefing, at, 80, palette::kHelpInk, 24));
      CHECK_FALSE(shows_along(briefing, at, 80, palette::kHelpHeading, 24));
    }
  }
  CHECK(help.client.finish() == 0);
}

TEST_CASE("help (issue 16): F3 in the create form shows the briefing of the game it would make", "[e2e]") {
  OpenGame game;  // its server serves the shipped scenarios; alice's client stays in the lobby
  INFO("server log:\n" << game.server.log());
  // The lines expected: the server's listing (asked on another connection of alice's) with the
  // option the form will choose, 19.5D (two special lines of its own), as the form previews it.
  v1::ClientEnvelope list;
  list.mutable_list_scenarios();
  const v1::ServerEnvelope listed = game.alice.request(list);
  REQUIRE(listed.has_scenario_list());
  hd::client::NewGameForm form(hd::client::scenario_catalogue_from(listed.scenario_list()));
  form.set_typed_scenario("quatre-bras");
  form.toggle_force_option("19.5D");
  const v1::ScenarioInfo info = hd::client::create_form_briefing(form);
  REQUIRE(info.special_rules_size() == 3);  // 19.2C, 19.4C and the option's 19.5D
  const auto lines =
      hd::client::briefing_lines(info, std::numeric_limits<std::uint32_t>::max(), hd::client::kBriefingWrap);
  const hd::client::HelpBox lobby_box =
      hd::client::help_box(kWidth, kHeight - hd::client::layout::kStatusBarHeight);
  REQUIRE(lines.size() <= 2 * hd::client::briefing_rows(lobby_box));  // all of it fits

  hd::test::ScriptedClient client(hd::test::built_program("hd_client"),
                                  {"--server", game.server.url(), "--user", "alice", "--password",
                                   "password-alice", "--no-state", "--screenshot-timeout-seconds", "60",
                                   "--width", std::to_string(kWidth), "--height", std::to_string(kHeight)},
                                  game.server.directory() / "form-briefing-client.log", kWidth, kHeight);
  const auto shot = [&](const std::string& name) {
    client.send("frames 3");
    client.send("screenshot " + (game.server.directory() / name).string());
    const auto report = client.report();
    INFO("client log:\n" << client.log());
    REQUIRE(report);
    return hd::test::keep_screenshot(game.server.directory() / name, hd::test::artifacts_dir(), kWidth,
                                     kHeight);
  };
  // lobby_screen.cpp's layout: the scenario field opens the form (Quatre Bras chosen), whose
  // fourth force option is 19.5D (a row of 28 px under the first at y 227).
  client.send("wait-for lobby");
  client.send("wait-for scenarios");
  client.send("frames 3");
  client.send("click 290 66");
  client.send("frames 3");
  client.send("click 610 311");
  const sf::Image form_shot = shot("form-briefing-none.png");
  client.send("key F3");
  const sf::Image briefing = shot("form-briefing.png");
  client.send("key Escape");  // back to the form, which stays open
  const sf::Image back = shot("form-briefing-closed.png");

  const float panel_x = lobby_box.left + 6;
  const float panel_y = lobby_box.top + lobby_box.height - 6;
  CHECK(pixel(briefing, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(pixel(form_shot, panel_x, panel_y) == palette::kHelpPanel);
  CHECK_FALSE(pixel(back, panel_x, panel_y) == palette::kHelpPanel);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("line " << i << ": " << lines[i].text);
    const hd::client::HelpPoint at = hd::client::briefing_line_start(lobby_box, i);
    if (lines[i].heading) {
      CHECK(shows_along(briefing, at, 80, palette::kHelpHeading, 24));
    } else {
      CHECK(shows_along(briefing, at, 80, palette::kHelpInk, 24));
      CHECK_FALSE(shows_along(briefing, at, 80, palette::kHelpHeading, 24));
    }
  }
  // Before and after, the create form itself (its box, left of its scenario buttons): Escape went
  // back to it, not to the lobby's lists.
  const palette::Rgb form_fill{40, 46, 58};  // lobby_screen.cpp's form box
  CHECK(pixel(form_shot, 22, 700) == form_fill);
  CHECK(pixel(back, 22, 700) == form_fill);
  CHECK_FALSE(pixel(briefing, 22, 700) == form_fill);
  CHECK(client.finish() == 0);
}

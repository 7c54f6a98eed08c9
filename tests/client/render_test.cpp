// hd_render under Xvfb: the whole map and a scenario's opening position come out as PNGs whose
// pixels show the terrain and the counters where the data puts them.
#include "build_paths.hpp"
#include "server_process.hpp"
#include "view/map_palette.hpp"
#include "view/render_geometry.hpp"
#include "virtual_display.hpp"

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/loader/data_files.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <utility>

using namespace hd;

namespace {

sf::Image render(const std::vector<std::string>& args, const std::string& name) {
  const auto out = std::filesystem::path(hd::test::artifacts_dir()) / name;
  std::filesystem::create_directories(out.parent_path());
  std::filesystem::remove(out);
  auto display =
      hd::test::in_virtual_display(1280, 800, {hd::test::built_program("hd_render"), "--out", out.string()});
  display.argv.insert(display.argv.end(), args.begin(), args.end());
  REQUIRE(test::run_process(display.argv, std::chrono::seconds(120)) == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile(out.string()));
  return image;
}

bool near(sf::Color c, client::palette::Rgb expected) {
  const auto close = [](int a, int b) { return std::abs(a - b) <= 6; };
  return close(c.r, expected.r) && close(c.g, expected.g) && close(c.b, expected.b);
}

sf::Color pixel(const sf::Image& image, engine::Point p) {
  return image.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y));
}

// A point inside the hex, left of centre: clear of labels (above), numbers and paths through the centre.
engine::Point inside(const engine::HexLayout& layout, engine::Hex hex) {
  const auto c = layout.centre(hex);
  return {c.x - layout.hex_width() * 0.3, c.y + layout.hex_width() * 0.08};
}

// A counter's place in its hex's pile, and the pile's size: counters are drawn in unit order, each
// 0.18 of a counter up-left of the one before (paint_counters).
std::pair<std::size_t, std::size_t> place_in_pile(const engine::GameState& state,
                                                  const engine::UnitState& unit) {
  std::size_t index = 0, pile = 0;
  for (const auto& other : state.units) {
    if (!other.on_map() || other.hex != unit.hex) continue;
    if (&other == &unit) index = pile;
    ++pile;
  }
  return {index, pile};
}

}  // namespace

TEST_CASE("the whole map renders with every hex in its terrain's colour", "[client][render]") {
  const double w = 20;
  const sf::Image image = render({"--hex-width", "20"}, "map.png");
  const auto data = loader::load_game_data(loader::default_data_root());
  REQUIRE(data.value);
  const engine::GameMap& map = data.value->map;
  const auto geometry = client::render_geometry({1, map.bounds().columns, 1, map.bounds().rows}, w);
  CHECK(image.getSize().x == geometry.width);
  CHECK(image.getSize().y == geometry.height);
  int checked = 0;
  int matching = 0;
  for (int c = 1; c <= map.bounds().columns; ++c) {
    for (int r = 1; r <= map.bounds().rows; ++r) {
      const engine::Hex hex{c, r};
      // Only hexes with nothing on their sides: water and crest lines, roads and bridges would cover the
      // probe.
      bool plain = true;
      for (engine::Hex next : engine::neighbours(hex)) {
        const auto side = engine::Hexside::between(hex, next);
        plain = plain && map.hexside(*side).empty() && map.path(*side) == engine::PathKind::None;
      }
      if (!plain || map.terrain(hex) == engine::HexTerrain::Chateau) continue;
      client::palette::Rgb expected = client::palette::kClear;
      switch (map.terrain(hex)) {
        case engine::HexTerrain::Forest:
          expected = client::palette::kForest;
          break;
        case engine::HexTerrain::Marsh:
          expected = client::palette::kMarsh;
          break;
        case engine::HexTerrain::Town:
          expected = client::palette::kTown;
          break;
        default:
          break;
      }
      ++checked;
      matching += near(pixel(image, inside(geometry.layout, hex)), expected) ? 1 : 0;
    }
  }
  CHECK(checked > 1500);
  CHECK(matching >= checked * 97 / 100);  // labels may cover a few probes
  // The chateaux: walls drawn dark in the middle of the hex.
  const auto hougoumont = map.find_feature(engine::MapFeatureKind::Chateau, "Hougoumont");
  REQUIRE(hougoumont);
  const sf::Color walls = pixel(image, geometry.layout.centre(hougoumont->hexes.front()));
  CHECK(walls.r < 100);
}

TEST_CASE("a scenario's opening position renders its counters in their hexes", "[client][render]") {
  const double w = 30;
  const sf::Image image = render({"--scenario", "quatre-bras", "--hex-width", "30"}, "quatre-bras.png");
  const auto game =
      loader::start_scenario_game(loader::default_data_root(), {"quatre-bras", {}, {}, std::nullopt});
  REQUIRE(game.value);
  const auto geometry = client::render_geometry(game.value->rules->scenario.area, w);
  CHECK(image.getSize().x == geometry.width);
  int french = 0, allied = 0;
  for (const auto& unit : game.value->units) {
    if (!unit.on_map() || game.value->units_at(unit.hex).size() != 1) continue;
    const auto c = geometry.layout.centre(unit.hex);
    const engine::Point probe{c.x - w * 0.62 * 0.42,
                              c.y + w * 0.62 * 0.05};  // the counter's left edge, inside
    const sf::Color colour = pixel(image, probe);
    if (unit.army == engine::Army::French) french += near(colour, client::palette::kFrenchCounter) ? 1 : 0;
    if (unit.army == engine::Army::Allied) allied += near(colour, client::palette::kAlliedCounter) ? 1 : 0;
  }
  CHECK(french >= 3);
  CHECK(allied >= 1);
}

TEST_CASE("10.0: a leader renders as his army's counter with a gold star", "[client][render][10.0]") {
  const double w = 30;
  const sf::Image image =
      render({"--scenario", "quatre-bras-variant", "--allow-missing-rules", "--hex-width", "30"},
             "quatre-bras-variant.png");
  const auto game = loader::start_scenario_game(loader::default_data_root(),
                                                {"quatre-bras-variant", {}, {}, std::nullopt, true});
  REQUIRE(game.value);
  const auto geometry = client::render_geometry(game.value->rules->scenario.area, w);
  const double size = w * 0.62;  // paint_counters: a counter is 0.62 of a hex wide
  int leaders = 0, starred = 0, units = 0, gold_units = 0;
  for (const auto& unit : game.value->units) {
    if (!unit.on_map()) continue;
    const auto [index, pile] = place_in_pile(*game.value, unit);
    if (index + 1 != pile) continue;  // only a pile's top counter shows its centre
    const auto c = geometry.layout.centre(unit.hex);
    const double offset = static_cast<double>(index) * size * 0.18;
    const engine::Point star_centre{c.x - offset, c.y - offset + size * 0.08};
    const bool gold = near(pixel(image, star_centre), client::palette::kLeaderStar);
    if (unit.is_leader()) {
      ++leaders;
      starred += gold ? 1 : 0;
    } else {
      ++units;
      gold_units += gold ? 1 : 0;  // a combat unit's centre shows its symbol, never the star
    }
  }
  REQUIRE(leaders > 0);
  CHECK(starred == leaders);
  REQUIRE(units >= 5);
  CHECK(gold_units == 0);
}

// 11.3: an out-of-command unit's counter carries an orange triangle in its top-right corner, and no
// other counter does. The Quatre Bras Variant opens with command determined (11.0), some units out
// of it.
TEST_CASE("11.3: out-of-command counters render with their mark, the others without",
          "[client][render][11.3]") {
  const double w = 40;
  const sf::Image image =
      render({"--scenario", "quatre-bras-variant", "--allow-missing-rules", "--hex-width", "40"},
             "quatre-bras-variant-marks.png");
  const auto game = loader::start_scenario_game(loader::default_data_root(),
                                                {"quatre-bras-variant", {}, {}, std::nullopt, true});
  REQUIRE(game.value);
  const engine::GameState& state = *game.value;
  const auto geometry = client::render_geometry(state.rules->scenario.area, w);
  const double size = w * 0.62;                  // paint_counters: a counter is 0.62 of a hex wide
  const double leg = std::max(5.0, size * 0.3);  // paint_marks: the corner triangle's legs
  int marked = 0, unmarked = 0;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const engine::UnitState& unit = state.units[i];
    if (!unit.on_map()) continue;
    const auto [index, pile] = place_in_pile(state, unit);
    if (index + 1 != pile) continue;  // only a pile's top counter shows its corner
    const auto c = geometry.layout.centre(unit.hex);
    const double offset = static_cast<double>(index) * size * 0.18;
    const engine::Point corner{c.x - offset + size / 2 - leg * 0.3, c.y - offset - size / 2 + leg * 0.3};
    const bool orange = near(pixel(image, corner), client::palette::kOutOfCommandMark);
    INFO(unit.id << " at " << engine::format_hex(unit.hex));
    if (engine::out_of_command(state, static_cast<engine::UnitIndex>(i))) {
      ++marked;
      CHECK(orange);
    } else {
      ++unmarked;
      CHECK_FALSE(orange);
    }
  }
  CHECK(marked > 0);  // the opening has units out of command to show
  CHECK(unmarked > 0);
}

// hd_render: draws the campaign map, or a scenario's opening position, to a PNG.
//
//   hd_render --out FILE.png [--scenario NAME [--option ID]... [--allow-missing-rules]] [--hex-width PX]
//             [--numbers] [--data DIR] [--font FILE]
//
// The whole map without --scenario; with it, the scenario's playing area with every unit set up
// (and its leaders, 10.0, as gold stars). --allow-missing-rules: a scenario still waiting for rules.
// Needs an X display for its OpenGL context: on a headless machine run it under xvfb-run -a.
#include "view/counter_painter.hpp"
#include "view/palette.hpp"
#include "view/render_geometry.hpp"
#include "view/sf_color.hpp"
#include "view/terrain_painter.hpp"

#include <hd/loader/data_files.hpp>

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/Text.hpp>

#include <iostream>
#include <string>

namespace {

struct Options {
  std::string out;
  hd::loader::GameChoice choice;
  double hex_width = 28;
  bool numbers = false;
  std::filesystem::path data = hd::loader::default_data_root();
  std::string font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--out") {
      o.out = next();
    } else if (arg == "--scenario") {
      o.choice.scenario = next();
    } else if (arg == "--option") {
      o.choice.options.push_back(next());
    } else if (arg == "--allow-missing-rules") {
      o.choice.allow_missing_rules = true;  // development: the scenarios still waiting for rules
    } else if (arg == "--hex-width") {
      o.hex_width = std::atof(next().c_str());
    } else if (arg == "--numbers") {
      o.numbers = true;
    } else if (arg == "--data") {
      o.data = next();
    } else if (arg == "--font") {
      o.font = next();
    } else {
      return false;
    }
  }
  return !o.out.empty() && o.hex_width >= 8 && o.hex_width <= 200;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hd;
  Options options;
  if (!parse(argc, argv, options)) {
    std::cerr << "usage: hd_render --out FILE.png [--scenario NAME [--option ID]...\n"
                 "                 [--allow-missing-rules]] [--hex-width PX] [--numbers]\n"
                 "                 [--data DIR] [--font FILE]\n";
    return 2;
  }
  sf::Font font;
  if (!font.loadFromFile(options.font)) {
    std::cerr << "hd_render: cannot load font " << options.font << "\n";
    return 2;
  }
  std::optional<engine::GameState> state;
  std::optional<engine::GameMap> map_only;
  if (!options.choice.scenario.empty()) {
    auto game = loader::start_scenario_game(options.data, options.choice);
    for (const auto& e : game.errors)
      std::cerr << e.to_string() << "\n";
    if (!game.value) return 1;
    state = std::move(game.value);
  } else {
    auto data = loader::load_game_data(options.data);
    for (const auto& e : data.errors)
      std::cerr << e.to_string() << "\n";
    if (!data.value) return 1;
    map_only = std::move(data.value->map);
  }
  const engine::GameMap& map = state ? state->rules->map : *map_only;
  engine::PlayingArea area{1, map.bounds().columns, 1, map.bounds().rows};
  if (state) area = state->rules->scenario.area;

  const double w = options.hex_width;
  const client::RenderGeometry geometry = client::render_geometry(area, w);
  const engine::HexLayout& layout = geometry.layout;
  const unsigned width = geometry.width;
  const unsigned height = geometry.height;
  const double margin = w;

  sf::RenderTexture canvas;
  if (!canvas.create(width, height)) {
    std::cerr << "hd_render: cannot create a " << width << "x" << height
              << " canvas (is there an X display?)\n";
    return 1;
  }
  canvas.clear(client::to_sf_color(client::palette::kBackground));
  client::TerrainPaintOptions paint;
  paint.hex_numbers = options.numbers;
  if (state) paint.area = area;
  client::paint_terrain(canvas, map, layout, font, paint);
  if (state) client::paint_counters(canvas, *state, layout, font);

  std::string heading = map.title();
  if (state)
    heading = state->rules->scenario.rule + " " + state->rules->scenario.name + ": the opening position (" +
              heading + ")";
  sf::Text text(heading, font, static_cast<unsigned>(w * 0.7));
  text.setPosition(static_cast<float>(margin), static_cast<float>(w * 0.3));
  text.setFillColor(sf::Color(240, 240, 240));
  canvas.draw(text);
  canvas.display();
  if (!canvas.getTexture().copyToImage().saveToFile(options.out)) {
    std::cerr << "hd_render: cannot write " << options.out << "\n";
    return 1;
  }
  std::cout << "hd_render: wrote " << options.out << " (" << width << "x" << height << ")\n";
  return 0;
}

#include "app/client_app.hpp"

#include "app/input_script.hpp"
#include "app/script_runner.hpp"
#include "app/session_keeper.hpp"
#include "app/stdin_lines.hpp"
#include "app/stop_signals.hpp"
#include "camera/camera.hpp"
#include "camera/opening_camera.hpp"
#include "model/client_model.hpp"
#include "net/connection.hpp"
#include "net/event_queue.hpp"
#include "view/crt_table.hpp"
#include "view/game_screen.hpp"
#include "view/grid_view.hpp"
#include "view/lobby_screen.hpp"
#include "view/login_screen.hpp"
#include "view/palette.hpp"
#include "view/replay_screen.hpp"
#include "view/screen_layout.hpp"
#include "view/sf_color.hpp"
#include "view/status_bar_view.hpp"
#include "view/status_text.hpp"

#include <hd/loader/data_files.hpp>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/View.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/Window/Event.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace hd::client {
namespace {

constexpr unsigned kFrameLimit = 60;
// Frames drawn with the Welcome before the screenshot, so that it shows a settled window.
constexpr int kFramesBeforeScreenshot = 3;
// How long to wait before reconnecting after a lost connection.
constexpr auto kReconnectDelay = std::chrono::seconds(1);

// The frame loop's answer to --screenshot (without --script) after drawing a frame: nullopt to go
// on, else an exit status. The picture is written in both cases: the Welcome drawn, or the state
// reached without it.
class ScreenshotRule {
 public:
  explicit ScreenshotRule(const ClientOptions& options)
      : options_(options),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::seconds(options.screenshot_timeout_seconds)) {}

  std::optional<int> after_frame(const sf::RenderWindow& window, const ClientModel& model) {
    if (!options_.screenshot_path || options_.script_path) return std::nullopt;
    const ConnectionState state = model.state();
    if (state == ConnectionState::Welcomed) {
      if (++welcomed_frames_ < kFramesBeforeScreenshot) return std::nullopt;
      return save(window) ? kExitOk : kExitError;
    }
    if (state == ConnectionState::Refused || state == ConnectionState::Failed) {
      std::cerr << "hd_client: no welcome from the server: " << status_text(model) << "\n";
    } else if (std::chrono::steady_clock::now() >= deadline_) {
      std::cerr << "hd_client: no welcome within " << options_.screenshot_timeout_seconds
                << " s: " << status_text(model) << "\n";
    } else {
      return std::nullopt;
    }
    save(window);  // the state reached, to help whoever reads the failed run
    return kExitNoWelcome;
  }

 private:
  bool save(const sf::RenderWindow& window) const {
    if (save_screenshot(window, *options_.screenshot_path)) return true;
    std::cerr << "hd_client: cannot write the screenshot to " << *options_.screenshot_path << "\n";
    return false;
  }

  const ClientOptions& options_;
  std::chrono::steady_clock::time_point deadline_;
  int welcomed_frames_ = 0;
};

// The playing area of a scenario (the whole map if it cannot be read).
engine::PlayingArea scenario_area(const std::filesystem::path& root, const std::string& scenario,
                                  const loader::GameData& data) {
  engine::ScenarioReport report;
  const auto loaded = loader::load_scenario(root, scenario, data, report);
  if (loaded.value) return loaded.value->area;
  return engine::PlayingArea{1, data.map.bounds().columns, 1, data.map.bounds().rows};
}

std::string mono_font_path(const std::string& font_path) {
  std::string path = font_path;
  if (const auto at = path.rfind("DejaVuSans.ttf"); at != std::string::npos)
    path.replace(at, 14, "DejaVuSansMono.ttf");
  return path;
}

// --benchmark-frames: pans the whole campaign map by a few pixels a frame (bouncing at its edges)
// and prints the frame times. No server.
int run_benchmark(const ClientOptions& options, const sf::Font& font, const loader::GameData& data,
                  const std::string& crt) {
  sf::RenderWindow window(sf::VideoMode(options.width, options.height), "Hundred Days benchmark");
  window.setVerticalSyncEnabled(false);
  window.setFramerateLimit(0);
  window.setPosition({0, 0});
  const engine::PlayingArea whole{1, data.map.bounds().columns, 1, data.map.bounds().rows};
  GameScreen screen(font, font, data.map, whole, opening_camera(whole), crt, data.terrain_effects);
  ClientModel model("benchmark");
  StatusBarView status_bar(font);
  std::vector<double> times;
  double dx = -6;
  double dy = -4;
  sf::Clock clock;
  const sf::Vector2f size(static_cast<float>(options.width), static_cast<float>(options.height));
  for (int frame = 0; frame < options.benchmark_frames + 1 && window.isOpen(); ++frame) {
    sf::Event event;
    while (window.pollEvent(event)) {
    }
    const auto origin = screen.camera().origin();
    // Keep the map under the window: bounce when an edge would come into view.
    if (origin.x + dx > 0 || origin.x + dx < -2000) dx = -dx;
    if (origin.y + dy > 0 || origin.y + dy < -2800) dy = -dy;
    screen.camera().pan(dx, dy);
    window.clear(to_sf_color(palette::kBackground));
    screen.draw(window, model, size);
    status_bar.draw(window, model, size.x, size.y);
    window.display();
    const double ms = clock.restart().asMicroseconds() / 1000.0;
    if (frame > 0) times.push_back(ms);  // the first frame builds the terrain cache
  }
  if (times.empty()) return kExitError;
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  double total = 0;
  for (const double t : times)
    total += t;
  const auto at = [&](double q) {
    return sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1))];
  };
  std::cout << "hd_client benchmark: " << times.size() << " frames panning the campaign map at "
            << options.width << "x" << options.height << ": mean "
            << total / static_cast<double>(times.size()) << " ms, median " << at(0.5) << " ms, p95 "
            << at(0.95) << " ms, max " << sorted.back() << " ms ("
            << 1000.0 * static_cast<double>(times.size()) / total << " frames per second)\n";
  return kExitOk;
}

}  // namespace

int run_client(const ClientOptions& options) {
  sf::Font font;
  if (!font.loadFromFile(options.font_path)) {
    std::cerr << "hd_client: cannot load the font " << options.font_path << " (use --font PATH)\n";
    return kExitUsage;
  }
  sf::Font mono;
  if (!mono.loadFromFile(mono_font_path(options.font_path))) mono = font;
  const std::filesystem::path data_root =
      options.data_root.empty() ? loader::default_data_root() : std::filesystem::path(options.data_root);
  auto data = loader::load_game_data(data_root);
  if (!data.value) {
    std::cerr << "hd_client: cannot load the map from " << data_root << " (use --data DIR)\n";
    for (const auto& error : data.errors)
      std::cerr << "  " << error.to_string() << "\n";
    return kExitUsage;
  }
  const std::string crt = crt_table_text(data_root);
  if (options.benchmark_frames > 0) return run_benchmark(options, font, *data.value, crt);

  std::optional<ScriptRunner> script;
  std::unique_ptr<StdinLines> script_input;  // --script -: commands arrive on stdin
  int script_lines_read = 0;
  if (options.script_path && *options.script_path == "-") {
    script_input = std::make_unique<StdinLines>();
    script.emplace(std::vector<ScriptCommand>{}, std::chrono::seconds(options.screenshot_timeout_seconds),
                   true);
  } else if (options.script_path) {
    std::ifstream file(*options.script_path);
    std::stringstream text;
    text << file.rdbuf();
    auto parsed = parse_input_script(text.str());
    if (const auto* error = std::get_if<std::string>(&parsed)) {
      std::cerr << "hd_client: " << *error << "\n";
      return kExitUsage;
    }
    if (!file) {
      std::cerr << "hd_client: cannot read the script " << *options.script_path << "\n";
      return kExitUsage;
    }
    script.emplace(std::get<std::vector<ScriptCommand>>(parsed),
                   std::chrono::seconds(options.screenshot_timeout_seconds));
  }

  sf::RenderWindow window(sf::VideoMode(options.width, options.height), "Hundred Days");
  window.setFramerateLimit(kFrameLimit);
  // Without a window manager (xvfb-run) the window may land partly off screen; keep all of it on.
  if (options.screenshot_path || script) window.setPosition({0, 0});

  ClientModel model(options.server_text);
  model.cleartext() = CleartextConsent(options.server.tls, options.server.host, options.allow_cleartext);
  model.set_record_dir(options.record_dir);
  SessionKeeper session_keeper(options, model);  // issue 16: the saved session, resumed and kept
  EventQueue events;
  auto connection = std::make_unique<Connection>(options.server, events);
  Camera welcome_camera = default_camera();
  GridView grid_view(font);
  StatusBarView status_bar(font);
  LoginScreen login_screen(font);
  LobbyScreen lobby_screen(font);  // its create form offers the server's ScenarioList
  std::unique_ptr<GameScreen> game_screen;
  std::uint64_t game_screen_id = 0;
  std::unique_ptr<ReplayScreen> replay_screen;  // issue 16: made once the replayed game is open
  ScreenshotRule screenshot(options);
  sf::Clock frame_clock;
  bool auto_login_sent = false;
  bool auto_open_sent = false;
  std::chrono::steady_clock::time_point lost_at{};  // when the loss was first seen
  bool loss_seen = false;
  install_stop_signal_handlers();

  enum class Screen { Login, Lobby, Game, Replay };
  const auto current_screen = [&] {
    if (model.replay() && replay_screen) return Screen::Replay;
    if (model.game().open() && game_screen && !model.replay()) return Screen::Game;
    if (model.lobby().account) return Screen::Lobby;
    return Screen::Login;
  };
  const auto dispatch = [&](const sf::Event& event) {
    switch (current_screen()) {
      case Screen::Login:
        login_screen.handle(event, model);
        break;
      case Screen::Lobby:
        lobby_screen.handle(event, model);
        break;
      case Screen::Game:
        game_screen->handle(event, model);
        break;
      case Screen::Replay:
        replay_screen->handle(event, model);
        break;
    }
  };

  while (window.isOpen()) {
    if (stop_requested()) window.close();
    sf::Event event;
    while (window.pollEvent(event)) {
      if (event.type == sf::Event::Closed) {
        window.close();
      } else if (event.type == sf::Event::Resized) {
        // One world unit per pixel at any window size.
        const auto width = static_cast<float>(event.size.width);
        const auto height = static_cast<float>(event.size.height);
        window.setView(sf::View(sf::FloatRect(0, 0, width, height)));
      } else {
        dispatch(event);
      }
    }
    if (!window.isOpen()) break;
    const sf::Time elapsed = frame_clock.restart();
    if (game_screen && current_screen() == Screen::Game) game_screen->update(elapsed, window.hasFocus());
    for (const ServerEvent& server_event : events.take_all())
      model.apply(server_event);

    // Command-line login and game, once.
    if (model.state() == ConnectionState::Welcomed && !options.username.empty() && !auto_login_sent) {
      auto_login_sent = true;
      model.log_in(options.username, options.password, options.create_account);
    }
    if (model.lobby().account && options.open_game != 0 && !auto_open_sent) {
      auto_open_sent = true;
      model.open_game(options.open_game, options.spectate);
    }
    // A lost connection: reconnect after a pause; the model resumes the session and the game.
    if (model.lost()) {
      if (!loss_seen) {
        loss_seen = true;
        lost_at = std::chrono::steady_clock::now();
      }
      if (std::chrono::steady_clock::now() - lost_at >= kReconnectDelay) {
        loss_seen = false;
        connection.reset();
        model.reconnect();
        connection = std::make_unique<Connection>(options.server, events);
      }
    }
    model.tick(std::chrono::steady_clock::now());  // a replay step refused BUSY, asked again
    for (const auto& request : model.take_outbox())
      connection->send(request);
    session_keeper.after_frame(model);

    // A game opened (or another one): a game screen for its scenario.
    if (model.game().open() && game_screen_id != model.game().game_id()) {
      game_screen_id = model.game().game_id();
      const engine::PlayingArea area = scenario_area(data_root, model.game().scenario().id(), *data.value);
      const Camera camera = opening_camera(
          area, model.game().my_forces_centre(), static_cast<double>(window.getSize().x) - kSidePanelWidth,
          static_cast<double>(window.getSize().y) - layout::kStatusBarHeight);
      game_screen = std::make_unique<GameScreen>(font, mono, data.value->map, area, camera, crt,
                                                 data.value->terrain_effects);
    }
    if (!model.game().open()) game_screen_id = 0;
    // A replay of the open game: its screen, with the game screen's opening camera.
    if (!model.replay()) {
      replay_screen.reset();
    } else if (!replay_screen && model.game().open() && model.game().game_id() == model.replay()->game_id()) {
      const engine::PlayingArea area = scenario_area(data_root, model.game().scenario().id(), *data.value);
      const Camera camera = opening_camera(
          area, model.game().my_forces_centre(), static_cast<double>(window.getSize().x) - kSidePanelWidth,
          static_cast<double>(window.getSize().y) - layout::kStatusBarHeight);
      replay_screen = std::make_unique<ReplayScreen>(font, data.value->map, area, camera);
    }

    const auto width = static_cast<float>(window.getSize().x);
    const auto height = static_cast<float>(window.getSize().y);
    window.clear(to_sf_color(palette::kBackground));
    const Screen screen = current_screen();
    switch (screen) {
      case Screen::Login:
        if (model.welcome()) {
          grid_view.draw(window, welcome_camera, model.welcome()->map_grid, width,
                         height - layout::kStatusBarHeight);
        }
        login_screen.draw(window, model, {width, height});
        break;
      case Screen::Lobby:
        lobby_screen.draw(window, model, {width, height});
        break;
      case Screen::Game:
        game_screen->draw(window, model, {width, height});
        break;
      case Screen::Replay:
        replay_screen->draw(window, model, {width, height});
        break;
    }
    status_bar.draw(window, model, width, height);
    if (const auto status = screenshot.after_frame(window, model)) return *status;
    if (script_input) {
      const bool ended = script_input->ended();  // read before taking: no line is lost
      for (const std::string& line : script_input->take()) {
        auto parsed = parse_input_script(line, ++script_lines_read);
        if (const auto* error = std::get_if<std::string>(&parsed)) {
          std::cerr << "hd_client: " << *error << "\n";
          return kExitUsage;
        }
        script->append(std::get<std::vector<ScriptCommand>>(std::move(parsed)));
      }
      if (ended) script->close_input();
    }
    if (script) {
      // A script's hex: its centre on screen; a hex outside the map view is first brought to the
      // middle of it, as a person pans to a hex before clicking it.
      const auto hex_centre = [&](engine::Hex hex) -> std::optional<engine::Point> {
        if (!game_screen || current_screen() != Screen::Game) return std::nullopt;
        Camera& camera = game_screen->camera();
        const double margin = camera.layout().hex_width();
        const double map_width = width - kSidePanelWidth;
        const double map_height = height - layout::kStatusBarHeight;
        const auto centre = camera.layout().centre(hex);
        if (centre.x >= margin && centre.x <= map_width - margin && centre.y >= margin &&
            centre.y <= map_height - margin)
          return centre;
        camera.pan(map_width / 2 - centre.x, map_height / 2 - centre.y);
        return camera.layout().centre(hex);
      };
      ScriptContext context{model, screen == Screen::Lobby, hex_centre, dispatch};
      if (const auto status = script->after_frame(window, context)) {
        window.display();
        return *status;
      }
    }
    window.display();
  }
  return kExitOk;
}

}  // namespace hd::client

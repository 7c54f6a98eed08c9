#include "app/client_app.hpp"

#include "app/stop_signals.hpp"
#include "camera/camera.hpp"
#include "input/camera_controller.hpp"
#include "model/client_model.hpp"
#include "net/connection.hpp"
#include "net/event_queue.hpp"
#include "view/grid_view.hpp"
#include "view/palette.hpp"
#include "view/screen_layout.hpp"
#include "view/sf_color.hpp"
#include "view/status_bar_view.hpp"
#include "view/status_text.hpp"

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/Graphics/View.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/Window/Event.hpp>

#include <chrono>
#include <iostream>

namespace hd::client {
namespace {

constexpr unsigned kFrameLimit = 60;
// Frames drawn with the Welcome before the screenshot, so that it shows a settled window.
constexpr int kFramesBeforeScreenshot = 3;

// Copies what has just been drawn (before display) into a PNG. False if it cannot be written.
bool save_screenshot(const sf::RenderWindow& window, const std::string& path) {
  sf::Texture texture;
  if (!texture.create(window.getSize().x, window.getSize().y)) return false;
  texture.update(window);
  return texture.copyToImage().saveToFile(path);
}

// The frame loop's answer to --screenshot after drawing a frame: nullopt to go on, else an exit
// status. The picture is written in both cases: the Welcome drawn, or the state reached without it.
class ScreenshotRule {
 public:
  explicit ScreenshotRule(const ClientOptions& options)
      : options_(options),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::seconds(options.screenshot_timeout_seconds)) {}

  std::optional<int> after_frame(const sf::RenderWindow& window, const ClientModel& model) {
    if (!options_.screenshot_path) return std::nullopt;
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

}  // namespace

int run_client(const ClientOptions& options) {
  sf::Font font;
  if (!font.loadFromFile(options.font_path)) {
    std::cerr << "hd_client: cannot load the font " << options.font_path << " (use --font PATH)\n";
    return kExitUsage;
  }
  sf::RenderWindow window(sf::VideoMode(options.width, options.height), "Hundred Days");
  window.setFramerateLimit(kFrameLimit);
  // Without a window manager (xvfb-run) the window may land partly off screen; keep all of it on.
  if (options.screenshot_path) window.setPosition({0, 0});

  ClientModel model(options.server_text);
  EventQueue events;
  Connection connection(options.server, events);
  Camera camera = default_camera();
  CameraController controller;
  GridView grid_view(font);
  StatusBarView status_bar(font);
  ScreenshotRule screenshot(options);
  sf::Clock frame_clock;
  install_stop_signal_handlers();

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
        controller.handle(event, camera);
      }
    }
    if (!window.isOpen()) break;
    controller.update(frame_clock.restart(), window.hasFocus(), camera);
    for (const ServerEvent& server_event : events.take_all())
      model.apply(server_event);

    const auto width = static_cast<float>(window.getSize().x);
    const auto height = static_cast<float>(window.getSize().y);
    window.clear(to_sf_color(palette::kBackground));
    if (model.welcome()) {
      grid_view.draw(window, camera, model.welcome()->map_grid, width, height - layout::kStatusBarHeight);
    }
    status_bar.draw(window, model, width, height);
    if (const auto status = screenshot.after_frame(window, model)) return *status;
    window.display();
  }
  return kExitOk;
}

}  // namespace hd::client

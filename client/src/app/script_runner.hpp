// Plays an input script (app/input_script.hpp) into the client's frame loop: each frame it runs
// commands until one has to wait, turning them into synthetic SFML events for the screens.
#pragma once

#include "app/input_script.hpp"
#include "model/client_model.hpp"

#include <hd/engine/board/hex_layout.hpp>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Event.hpp>

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

namespace hd::client {

// What the runner needs from the app each frame.
struct ScriptContext {
  const ClientModel& model;
  bool lobby_shown;                                                     // the lobby screen is up
  std::function<std::optional<engine::Point>(engine::Hex)> hex_centre;  // window pixel, if a map is shown
  std::function<void(const sf::Event&)> dispatch;  // feeds an event to the current screen
};

class ScriptRunner {
 public:
  // `timeout`: how long any one wait may last before the run fails. An `open_ended` runner (the
  // script comes from stdin) does not end when it runs out of commands: more may be appended.
  ScriptRunner(std::vector<ScriptCommand> commands, std::chrono::seconds timeout, bool open_ended = false);

  // Appends commands read later (`--script -`); close_input() says no more will come.
  void append(std::vector<ScriptCommand> commands);
  void close_input() { open_ended_ = false; }

  // Runs commands after a frame has been drawn (before display). Returns an exit status when the
  // script ends (0 after quit or the last command; 1 if a screenshot cannot be written; 3 if a
  // wait timed out), else nullopt.
  std::optional<int> after_frame(sf::RenderWindow& window, const ScriptContext& context);

 private:
  bool satisfied(const ScriptCommand& command, const ScriptContext& context) const;

  std::vector<ScriptCommand> commands_;
  std::size_t next_ = 0;
  std::chrono::seconds timeout_;
  std::chrono::steady_clock::time_point wait_started_;
  bool waiting_ = false;
  int frames_left_ = -1;
  bool open_ended_ = false;
};

// Copies what has just been drawn (before display) into a PNG. False if it cannot be written.
bool save_screenshot(const sf::RenderWindow& window, const std::string& path);

}  // namespace hd::client

#include "app/script_runner.hpp"

#include "app/script_report.hpp"

#include <SFML/Graphics/Texture.hpp>

#include <iostream>
#include <map>

namespace hd::client {
namespace {

std::optional<sf::Keyboard::Key> key_named(const std::string& name) {
  static const std::map<std::string, sf::Keyboard::Key> kNamed{
      {"Enter", sf::Keyboard::Enter},   {"Escape", sf::Keyboard::Escape},
      {"Equal", sf::Keyboard::Equal},   {"Hyphen", sf::Keyboard::Hyphen},
      {"LShift", sf::Keyboard::LShift}, {"Tab", sf::Keyboard::Tab},
      {"Left", sf::Keyboard::Left},     {"Right", sf::Keyboard::Right},
      {"Up", sf::Keyboard::Up},         {"Down", sf::Keyboard::Down},
      {"F1", sf::Keyboard::F1},         {"F2", sf::Keyboard::F2},
      {"F3", sf::Keyboard::F3},         {"F5", sf::Keyboard::F5},
      {"PageUp", sf::Keyboard::PageUp}, {"PageDown", sf::Keyboard::PageDown},
      {"End", sf::Keyboard::End},       {"Home", sf::Keyboard::Home},
      {"Delete", sf::Keyboard::Delete}};
  if (const auto found = kNamed.find(name); found != kNamed.end()) return found->second;
  if (name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z')
    return static_cast<sf::Keyboard::Key>(sf::Keyboard::A + (name[0] - 'A'));
  return std::nullopt;
}

sf::Event key_event(sf::Event::EventType type, sf::Keyboard::Key key, bool control) {
  sf::Event event;
  event.type = type;
  event.key.code = key;
  event.key.alt = false;
  event.key.control = control;
  event.key.shift = false;
  event.key.system = false;
  return event;
}

sf::Event mouse_button(sf::Event::EventType type, int x, int y) {
  sf::Event event;
  event.type = type;
  event.mouseButton.button = sf::Mouse::Left;
  event.mouseButton.x = x;
  event.mouseButton.y = y;
  return event;
}

sf::Event mouse_moved(int x, int y) {
  sf::Event event;
  event.type = sf::Event::MouseMoved;
  event.mouseMove.x = x;
  event.mouseMove.y = y;
  return event;
}

}  // namespace

bool save_screenshot(const sf::RenderWindow& window, const std::string& path) {
  sf::Texture texture;
  if (!texture.create(window.getSize().x, window.getSize().y)) return false;
  texture.update(window);
  return texture.copyToImage().saveToFile(path);
}

ScriptRunner::ScriptRunner(std::vector<ScriptCommand> commands, std::chrono::seconds timeout, bool open_ended)
    : commands_(std::move(commands)), timeout_(timeout), open_ended_(open_ended) {}

void ScriptRunner::append(std::vector<ScriptCommand> commands) {
  commands_.insert(commands_.end(), commands.begin(), commands.end());
}

bool ScriptRunner::satisfied(const ScriptCommand& command, const ScriptContext& context) const {
  const ClientModel& model = context.model;
  const GameModel& game = model.game();
  if (command.kind == ScriptCommand::Kind::WaitSequence)
    return game.open() && game.sequence() >= static_cast<std::uint64_t>(command.x);
  if (command.kind == ScriptCommand::Kind::WaitReconnects)
    return model.reconnects() >= command.x && model.state() == ConnectionState::Welcomed &&
           model.requests_in_flight() == 0;
  const std::string& state = command.word;
  if (state == "welcome") return model.state() == ConnectionState::Welcomed;
  if (state == "logged-in") return model.lobby().account.has_value();
  if (state == "lobby") return context.lobby_shown;
  if (state == "game") return game.open();
  if (state == "reachable") return !game.reachable().empty();
  if (state == "odds") return game.odds().has_value();
  if (state == "combat-options") return game.combat_options().has_value();
  if (state == "retreats") return game.retreats().has_value();
  if (state == "idle") return model.requests_in_flight() == 0;
  if (state == "scenarios") return model.lobby().scenarios_listed;
  if (state == "my-decision") return game.open() && game.my_decision();
  if (state == "draw-offer") return game.draw_offer().has_value();
  if (state == "over") return game.over();
  if (state == "replay")  // issue 16: a replay frame shown, nothing more asked, its game open
    return model.replay() && model.replay()->frame() && !model.replay()->waiting() && game.open() &&
           game.game_id() == model.replay()->game_id();
  // Issue 28: a refused certificate ends the connection before the welcome, and nothing retries it.
  if (state == "failed")
    return !model.welcome() &&
           (model.state() == ConnectionState::Failed || model.state() == ConnectionState::Refused);
  return false;
}

std::optional<int> ScriptRunner::after_frame(sf::RenderWindow& window, const ScriptContext& context) {
  while (next_ < commands_.size()) {
    const ScriptCommand& command = commands_[next_];
    const auto fail = [&](const std::string& why) {
      std::cerr << "hd_client: script line " << command.line << ": " << why << "\n";
    };
    using Kind = ScriptCommand::Kind;
    switch (command.kind) {
      case Kind::WaitFor:
      case Kind::WaitSequence:
      case Kind::WaitReconnects:
        if (!satisfied(command, context)) {
          if (!waiting_) {
            waiting_ = true;
            wait_started_ = std::chrono::steady_clock::now();
          } else if (std::chrono::steady_clock::now() - wait_started_ > timeout_) {
            fail("timed out waiting (" + (command.word.empty() ? "a number" : command.word) +
                 "): " + script_report(context.model));
            return 3;
          }
          return std::nullopt;
        }
        waiting_ = false;
        break;
      case Kind::Frames:
        if (frames_left_ < 0) frames_left_ = command.x;
        if (frames_left_-- > 0) return std::nullopt;
        frames_left_ = -1;
        break;
      case Kind::Click:
      case Kind::ClickHex:
      case Kind::HoverHex: {
        int x = command.x;
        int y = command.y;
        if (command.kind != Kind::Click) {
          const auto centre = context.hex_centre(command.hex);
          if (!centre) {
            fail("no map is shown");
            return 3;
          }
          x = static_cast<int>(centre->x);
          y = static_cast<int>(centre->y);
        }
        context.dispatch(mouse_moved(x, y));
        if (command.kind != Kind::HoverHex) {
          context.dispatch(mouse_button(sf::Event::MouseButtonPressed, x, y));
          context.dispatch(mouse_button(sf::Event::MouseButtonReleased, x, y));
        }
        ++next_;
        return std::nullopt;  // let the frame show the click's effect before the next command
      }
      case Kind::Wheel: {
        context.dispatch(mouse_moved(command.x, command.y));
        sf::Event event;
        event.type = sf::Event::MouseWheelScrolled;
        event.mouseWheelScroll.wheel = sf::Mouse::VerticalWheel;
        event.mouseWheelScroll.delta = static_cast<float>(command.notches);
        event.mouseWheelScroll.x = command.x;
        event.mouseWheelScroll.y = command.y;
        context.dispatch(event);
        ++next_;
        return std::nullopt;
      }
      case Kind::Key:
      case Kind::KeyDown:
      case Kind::KeyUp:
      case Kind::CtrlKey: {
        const auto key = key_named(command.word);
        if (!key) {
          fail("unknown key " + command.word);
          return 3;
        }
        if (command.kind != Kind::KeyUp)
          context.dispatch(key_event(sf::Event::KeyPressed, *key, command.kind == Kind::CtrlKey));
        if (command.kind != Kind::KeyDown)
          context.dispatch(key_event(sf::Event::KeyReleased, *key, command.kind == Kind::CtrlKey));
        ++next_;
        return std::nullopt;
      }
      case Kind::Text:
        for (const char c : command.word) {
          sf::Event event;
          event.type = sf::Event::TextEntered;
          event.text.unicode = static_cast<unsigned char>(c);
          context.dispatch(event);
        }
        ++next_;
        return std::nullopt;
      case Kind::Screenshot:
        if (!save_screenshot(window, command.word)) {
          fail("cannot write " + command.word);
          return 1;
        }
        break;
      case Kind::Report:
        std::cout << script_report(context.model) << std::endl;  // flushed: a harness is reading
        break;
      case Kind::Quit:
        return 0;
    }
    ++next_;
  }
  if (open_ended_) return std::nullopt;
  return 0;
}

}  // namespace hd::client

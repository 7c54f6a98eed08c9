#include "input/camera_controller.hpp"

#include <SFML/Window/Keyboard.hpp>

#include <cmath>

namespace hd::client {
namespace {

bool held(sf::Keyboard::Key first, sf::Keyboard::Key second) {
  return sf::Keyboard::isKeyPressed(first) || sf::Keyboard::isKeyPressed(second);
}

bool is_drag_button(sf::Mouse::Button button) {
  return button == sf::Mouse::Left || button == sf::Mouse::Middle;
}

}  // namespace

void CameraController::handle(const sf::Event& event, Camera& camera) {
  switch (event.type) {
    case sf::Event::MouseWheelScrolled:
      if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel) {
        const engine::Point anchor{static_cast<double>(event.mouseWheelScroll.x),
                                   static_cast<double>(event.mouseWheelScroll.y)};
        camera.zoom_at(anchor, std::pow(kWheelZoomStep, event.mouseWheelScroll.delta));
      }
      break;
    case sf::Event::MouseButtonPressed:
      if (is_drag_button(event.mouseButton.button)) {
        dragging_ = true;
        last_x_ = event.mouseButton.x;
        last_y_ = event.mouseButton.y;
      }
      break;
    case sf::Event::MouseButtonReleased:
      if (is_drag_button(event.mouseButton.button)) dragging_ = false;
      break;
    case sf::Event::MouseMoved:
      if (dragging_) {
        camera.pan(event.mouseMove.x - last_x_, event.mouseMove.y - last_y_);
        last_x_ = event.mouseMove.x;
        last_y_ = event.mouseMove.y;
      }
      break;
    case sf::Event::LostFocus:
      dragging_ = false;
      break;
    case sf::Event::KeyPressed:
      if (event.key.code == sf::Keyboard::Home) camera = default_camera();
      break;
    default:
      break;
  }
}

void CameraController::update(sf::Time elapsed, bool has_focus, Camera& camera) const {
  if (!has_focus) return;
  const double step = kKeyPanSpeed * elapsed.asSeconds();
  double dx = 0;
  double dy = 0;
  // Keys move the view over the map, so the map moves the other way. With Control held the letters
  // are commands (Ctrl+D offers a draw, Ctrl+S saves the record), so only the arrows pan.
  const bool control = held(sf::Keyboard::LControl, sf::Keyboard::RControl);
  const auto letter = [control](sf::Keyboard::Key key) {
    return !control && sf::Keyboard::isKeyPressed(key);
  };
  if (sf::Keyboard::isKeyPressed(sf::Keyboard::Left) || letter(sf::Keyboard::A)) dx += step;
  if (sf::Keyboard::isKeyPressed(sf::Keyboard::Right) || letter(sf::Keyboard::D)) dx -= step;
  if (sf::Keyboard::isKeyPressed(sf::Keyboard::Up) || letter(sf::Keyboard::W)) dy += step;
  if (sf::Keyboard::isKeyPressed(sf::Keyboard::Down) || letter(sf::Keyboard::S)) dy -= step;
  if (dx != 0 || dy != 0) camera.pan(dx, dy);
}

}  // namespace hd::client

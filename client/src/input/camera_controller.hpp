// Turns mouse and keyboard input into camera moves: wheel zooms around the mouse, dragging with the
// left or middle button pans, arrow keys or WASD pan, Home restores the default camera.
#pragma once

#include "camera/camera.hpp"

#include <SFML/System/Time.hpp>
#include <SFML/Window/Event.hpp>

namespace hd::client {

// Keyboard pan speed, pixels per second.
inline constexpr double kKeyPanSpeed = 720.0;
// Zoom factor per wheel notch.
inline constexpr double kWheelZoomStep = 1.15;

class CameraController {
 public:
  // Applies one window event (wheel, button, mouse move, Home) to the camera.
  void handle(const sf::Event& event, Camera& camera);
  // Applies held arrow/WASD keys for a frame lasting `elapsed`; does nothing without focus.
  void update(sf::Time elapsed, bool has_focus, Camera& camera) const;

 private:
  bool dragging_ = false;
  int last_x_ = 0;
  int last_y_ = 0;
};

}  // namespace hd::client

#include "camera/camera.hpp"

#include <algorithm>
#include <numbers>

namespace hd::client {

Camera::Camera(double hex_width, engine::Point origin)
    : hex_width_(std::clamp(hex_width, kMinHexWidth, kMaxHexWidth)), origin_(origin) {}

void Camera::pan(double dx, double dy) {
  origin_.x += dx;
  origin_.y += dy;
}

void Camera::zoom_at(engine::Point anchor, double factor) {
  const double new_width = std::clamp(hex_width_ * factor, kMinHexWidth, kMaxHexWidth);
  const double scale = new_width / hex_width_;
  // The origin moves towards or away from the anchor by the same scale as everything else.
  origin_.x = anchor.x - (anchor.x - origin_.x) * scale;
  origin_.y = anchor.y - (anchor.y - origin_.y) * scale;
  hex_width_ = new_width;
}

Camera default_camera() {
  // HexLayout puts hex (c, r) at origin + (c * w * sqrt(3)/2, r * w) for odd c; 0101 is (1, 1).
  const double w = kDefaultHexWidth;
  const engine::Point origin{kDefaultFirstHexCentre.x - w * std::numbers::sqrt3 / 2.0,
                             kDefaultFirstHexCentre.y - w};
  return Camera(w, origin);
}

}  // namespace hd::client

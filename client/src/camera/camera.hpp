// Where the map sits on screen: the hex width in pixels and the pan offset. Pure arithmetic, no
// drawing library, so tests compute exactly the pixels the view draws. Camera state belongs to the
// view side, not to the model: input changes it, the server never does.
#pragma once

#include <hd/engine/board/hex_layout.hpp>

namespace hd::client {

// The default camera: hexes 48 px across (flat side to flat side), hex 0101's centre at (44, 44),
// which leaves a margin of about 16 px left of and above the map's north-west corner.
inline constexpr double kDefaultHexWidth = 48.0;
inline constexpr engine::Point kDefaultFirstHexCentre{44.0, 44.0};

// Zoom limits, in pixels of hex width.
inline constexpr double kMinHexWidth = 8.0;
inline constexpr double kMaxHexWidth = 240.0;

class Camera {
 public:
  // A camera whose hexes are `hex_width` px across with hex (0, 0) (off the map, north-west of 0101)
  // centred on `origin`. The width is clamped to [kMinHexWidth, kMaxHexWidth].
  Camera(double hex_width, engine::Point origin);

  double hex_width() const { return hex_width_; }
  engine::Point origin() const { return origin_; }
  // The pixel layout of the grid as this camera shows it.
  engine::HexLayout layout() const { return engine::HexLayout(hex_width_, origin_); }

  // Moves the map by (dx, dy) pixels (positive: the map moves right/down).
  void pan(double dx, double dy);

  // Scales the hex width by `factor` (clamped to the zoom limits) keeping the map point under
  // `anchor` (a screen pixel, usually the mouse) at the same pixel.
  void zoom_at(engine::Point anchor, double factor);

 private:
  double hex_width_;
  engine::Point origin_;
};

// The camera a client starts with (kDefaultHexWidth, 0101 centred on kDefaultFirstHexCentre).
Camera default_camera();

}  // namespace hd::client

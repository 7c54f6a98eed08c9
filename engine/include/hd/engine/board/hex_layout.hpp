// Pixel geometry of the NLB grid for renderers: hex centres, corners, hexside segments and the hex
// under a point. Pure arithmetic in doubles; no drawing library involved.
#pragma once

#include <hd/engine/board/hex.hpp>

#include <array>

namespace hd::engine {

struct Point {
  double x = 0;
  double y = 0;
};

// Corners are numbered clockwise from the east vertex (0) on screen (y down). The side of a hex
// facing `direction` runs from this corner to the next one.
int hexside_first_corner(Direction direction);

// Places the grid on a plane. `hex_width` is the distance between opposite flat sides (one hex
// across, 480 m on the ground: 2.2). Hex (0, 0) would be centred on `origin`; x grows east and y
// grows south, as on screen.
class HexLayout {
 public:
  HexLayout(double hex_width, Point origin);

  double hex_width() const { return hex_width_; }
  // Distance from a hex's centre to each of its corners.
  double corner_radius() const;

  // Centre of a hex: x = column * width * sqrt(3)/2, y = (row + 0.5 if the column is even) * width.
  Point centre(Hex hex) const;

  // Corners clockwise from the east vertex (screen coordinates, y down).
  std::array<Point, 6> corners(Hex hex) const;

  // The two end points of the side of `hex` facing `direction`.
  std::array<Point, 2> hexside_segment(Hex hex, Direction direction) const;

  // The hex whose area contains the point (the nearest centre), whether or not it is on a map.
  Hex hex_at(Point point) const;

 private:
  double hex_width_;
  Point origin_;
};

}  // namespace hd::engine

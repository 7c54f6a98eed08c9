// Culling: which hexes of a grid can touch the screen under a camera.
#pragma once

#include "camera/camera.hpp"

#include <hd/engine/board/hex.hpp>

namespace hd::client {

// An inclusive rectangle of hex numbers; empty when first > last in either direction.
struct HexRange {
  int first_column = 1;
  int last_column = 0;
  int first_row = 1;
  int last_row = 0;

  bool empty() const { return first_column > last_column || first_row > last_row; }
};

// The hexes of `bounds` whose area may overlap the screen rectangle [0, width) x [0, height).
// Conservative: every hex that overlaps is inside; a few just outside may be included too.
HexRange visible_hexes(const Camera& camera, engine::GridBounds bounds, double width, double height);

}  // namespace hd::client

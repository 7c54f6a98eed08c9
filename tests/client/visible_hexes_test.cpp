// Culling must never leave out a hex that touches the screen.
#include "camera/visible_hexes.hpp"

#include <hd/engine/board/hex.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

using hd::client::Camera;
using hd::client::HexRange;
using hd::engine::Hex;
using hd::engine::Point;

namespace {

// True when the hex's corner bounding box overlaps the screen rectangle.
bool touches_screen(const hd::engine::HexLayout& layout, Hex hex, double width, double height) {
  const auto corners = layout.corners(hex);
  double left = corners[0].x, right = corners[0].x, top = corners[0].y, bottom = corners[0].y;
  for (const Point& p : corners) {
    left = std::min(left, p.x);
    right = std::max(right, p.x);
    top = std::min(top, p.y);
    bottom = std::max(bottom, p.y);
  }
  return right > 0 && left < width && bottom > 0 && top < height;
}

bool in_range(const HexRange& range, Hex hex) {
  return hex.column >= range.first_column && hex.column <= range.last_column && hex.row >= range.first_row &&
         hex.row <= range.last_row;
}

}  // namespace

TEST_CASE("every hex that touches the screen is in the visible range") {
  const double width = 1280;
  const double height = 772;
  Camera camera = hd::client::default_camera();
  auto check_all = [&] {
    const HexRange range = hd::client::visible_hexes(camera, hd::engine::kNlbGrid, width, height);
    const auto layout = camera.layout();
    int touching = 0;
    for (int column = 1; column <= hd::engine::kNlbGrid.columns; ++column) {
      for (int row = 1; row <= hd::engine::kNlbGrid.rows; ++row) {
        const Hex hex{column, row};
        if (!touches_screen(layout, hex, width, height)) continue;
        ++touching;
        INFO("hex " << hd::engine::format_hex(hex) << " width " << camera.hex_width());
        CHECK(in_range(range, hex));
      }
    }
    return touching;
  };

  CHECK(check_all() > 100);
  camera.pan(-517.3, -1333.9);
  CHECK(check_all() > 100);
  camera.zoom_at(Point{640, 386}, 0.2);
  CHECK(check_all() > 1000);
  camera.zoom_at(camera.layout().centre(Hex{20, 30}), 20.0);  // zoom in on a hex that is on screen
  CHECK(check_all() > 0);
}

TEST_CASE("the visible range is small when zoomed in and empty when the map is off screen") {
  Camera camera = hd::client::default_camera();
  const HexRange start = hd::client::visible_hexes(camera, hd::engine::kNlbGrid, 1280, 772);
  CHECK(start.first_column == 1);
  CHECK(start.first_row == 1);
  CHECK(start.last_column <= 32);
  CHECK(start.last_row <= 17);

  camera.pan(100000, 0);
  CHECK(hd::client::visible_hexes(camera, hd::engine::kNlbGrid, 1280, 772).empty());
  camera.pan(-200000, -200000);
  CHECK(hd::client::visible_hexes(camera, hd::engine::kNlbGrid, 1280, 772).empty());
}

// Laws of the pixel layout the client draws with: centres, corners, hexsides and picking.
#include <hd/engine/board/hex_layout.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using hd::engine::Direction;
using hd::engine::Hex;
using hd::engine::HexLayout;
using hd::engine::kAllDirections;
using hd::engine::kNlbGrid;
using hd::engine::Point;

namespace {

double length(Point a, Point b) {
  return std::hypot(a.x - b.x, a.y - b.y);
}

}  // namespace

TEST_CASE("adjacent hex centres are one hex width apart", "[layout]") {
  const HexLayout layout(40.0, {12.0, -7.0});
  for (int c = 1; c <= kNlbGrid.columns; c += 3) {
    for (int r = 1; r <= kNlbGrid.rows; r += 5) {
      for (Direction d : kAllDirections) {
        CHECK(length(layout.centre({c, r}), layout.centre(hd::engine::neighbour({c, r}, d))) == Approx(40.0));
      }
    }
  }
}

TEST_CASE("even columns are drawn half a hex lower", "[layout]") {
  const HexLayout layout(48.0, {0.0, 0.0});
  CHECK(layout.centre({2, 1}).y - layout.centre({1, 1}).y == Approx(24.0));
  CHECK(layout.centre({3, 1}).y == Approx(layout.centre({1, 1}).y));
  CHECK(layout.centre({2, 1}).x - layout.centre({1, 1}).x == Approx(48.0 * std::sqrt(3.0) / 2.0));
}

TEST_CASE("picking returns the hex under a point", "[layout]") {
  const HexLayout layout(30.0, {-5.0, 9.0});
  for (int c = 1; c <= kNlbGrid.columns; ++c) {
    for (int r = 1; r <= kNlbGrid.rows; ++r) {
      const Hex hex{c, r};
      const Point centre = layout.centre(hex);
      CHECK(layout.hex_at(centre) == hex);
      for (Point corner : layout.corners(hex)) {
        const Point inside{centre.x + 0.9 * (corner.x - centre.x), centre.y + 0.9 * (corner.y - centre.y)};
        CHECK(layout.hex_at(inside) == hex);
      }
    }
  }
}

TEST_CASE("a hexside segment is shared by the two hexes it separates", "[layout]") {
  const HexLayout layout(50.0, {0.0, 0.0});
  for (Hex hex : {Hex{15, 41}, Hex{16, 41}, Hex{1, 1}, Hex{57, 67}}) {
    for (Direction d : kAllDirections) {
      const auto mine = layout.hexside_segment(hex, d);
      const auto theirs = layout.hexside_segment(hd::engine::neighbour(hex, d), hd::engine::opposite(d));
      CHECK(length(mine[0], theirs[1]) == Approx(0.0).margin(1e-9));
      CHECK(length(mine[1], theirs[0]) == Approx(0.0).margin(1e-9));
      // The side's midpoint lies halfway between the two centres.
      const Point mid{(mine[0].x + mine[1].x) / 2, (mine[0].y + mine[1].y) / 2};
      const Point a = layout.centre(hex);
      const Point b = layout.centre(hd::engine::neighbour(hex, d));
      CHECK(length(mid, Point{(a.x + b.x) / 2, (a.y + b.y) / 2}) == Approx(0.0).margin(1e-9));
    }
  }
}

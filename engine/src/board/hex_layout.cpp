#include <hd/engine/board/hex_layout.hpp>

#include <cmath>
#include <numbers>

namespace hd::engine {
namespace {

constexpr double kSqrt3 = std::numbers::sqrt3;

}  // namespace

int hexside_first_corner(Direction direction) {
  switch (direction) {
    case Direction::SouthEast:
      return 0;
    case Direction::South:
      return 1;
    case Direction::SouthWest:
      return 2;
    case Direction::NorthWest:
      return 3;
    case Direction::North:
      return 4;
    case Direction::NorthEast:
      return 5;
  }
  return 0;
}

HexLayout::HexLayout(double hex_width, Point origin) : hex_width_(hex_width), origin_(origin) {}

double HexLayout::corner_radius() const {
  return hex_width_ / kSqrt3;
}

Point HexLayout::centre(Hex hex) const {
  const double down = (hex.column % 2 == 0) ? 0.5 : 0.0;
  return Point{origin_.x + hex.column * hex_width_ * kSqrt3 / 2.0, origin_.y + (hex.row + down) * hex_width_};
}

std::array<Point, 6> HexLayout::corners(Hex hex) const {
  const Point c = centre(hex);
  const double radius = corner_radius();
  std::array<Point, 6> result{};
  for (int i = 0; i < 6; ++i) {
    const double angle = std::numbers::pi / 3.0 * i;
    result[static_cast<std::size_t>(i)] =
        Point{c.x + radius * std::cos(angle), c.y + radius * std::sin(angle)};
  }
  return result;
}

std::array<Point, 2> HexLayout::hexside_segment(Hex hex, Direction direction) const {
  const auto all = corners(hex);
  const int first = hexside_first_corner(direction);
  return {all[static_cast<std::size_t>(first)], all[static_cast<std::size_t>((first + 1) % 6)]};
}

Hex HexLayout::hex_at(Point point) const {
  // Fractional axial coordinates: q is the column; y / width = r + q / 2 + 1/2 for every column.
  const double q = (point.x - origin_.x) / (hex_width_ * kSqrt3 / 2.0);
  const double r = (point.y - origin_.y) / hex_width_ - 0.5 - q / 2.0;
  const double s = -q - r;
  double rq = std::round(q);
  double rr = std::round(r);
  const double rs = std::round(s);
  const double dq = std::abs(rq - q);
  const double dr = std::abs(rr - r);
  const double ds = std::abs(rs - s);
  if (dq > dr && dq > ds) {
    rq = -rr - rs;
  } else if (dr > ds) {
    rr = -rq - rs;
  }
  const int column = static_cast<int>(rq);
  // Back from axial to the NLB offset numbering: row = r + ceil(q / 2) for the even-low layout.
  const int row = static_cast<int>(rr) + (column >= 0 ? (column + 1) / 2 : -((-column) / 2));
  return Hex{column, row};
}

}  // namespace hd::engine

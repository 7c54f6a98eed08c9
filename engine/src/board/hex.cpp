#include <hd/engine/board/hex.hpp>

#include <cstdlib>
#include <utility>

namespace hd::engine {
namespace {

// Cube coordinates of a hex. Even columns sit half a hex lower, so an even column's row r lines up
// with the odd columns' rows r and r+1 (docs/hex-grid.md).
struct Cube {
  int q;
  int r;
  int s;
};

int floor_half(int value) {
  return value >= 0 ? value / 2 : -((-value + 1) / 2);
}

Cube to_cube(Hex hex) {
  const int q = hex.column;
  const int r = hex.row - floor_half(q + (q & 1));
  return Cube{q, r, -q - r};
}

}  // namespace

std::optional<Hex> parse_hex(std::string_view ccrr) {
  if (ccrr.size() != 4) return std::nullopt;
  for (char c : ccrr) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  const int column = (ccrr[0] - '0') * 10 + (ccrr[1] - '0');
  const int row = (ccrr[2] - '0') * 10 + (ccrr[3] - '0');
  return Hex{column, row};
}

std::string format_hex(Hex hex) {
  std::string text(4, '0');
  text[0] = static_cast<char>('0' + hex.column / 10 % 10);
  text[1] = static_cast<char>('0' + hex.column % 10);
  text[2] = static_cast<char>('0' + hex.row / 10 % 10);
  text[3] = static_cast<char>('0' + hex.row % 10);
  return text;
}

Hex neighbour(Hex hex, Direction direction) {
  // Rows of the side neighbours: odd columns reach up (r-1, r), even columns reach down (r, r+1).
  const bool even = (hex.column & 1) == 0;
  const int upper = even ? hex.row : hex.row - 1;
  const int lower = even ? hex.row + 1 : hex.row;
  switch (direction) {
    case Direction::North:
      return {hex.column, hex.row - 1};
    case Direction::South:
      return {hex.column, hex.row + 1};
    case Direction::NorthEast:
      return {hex.column + 1, upper};
    case Direction::SouthEast:
      return {hex.column + 1, lower};
    case Direction::NorthWest:
      return {hex.column - 1, upper};
    case Direction::SouthWest:
      return {hex.column - 1, lower};
  }
  return hex;
}

std::array<Hex, 6> neighbours(Hex hex) {
  std::array<Hex, 6> result{};
  for (std::size_t i = 0; i < kAllDirections.size(); ++i)
    result[i] = neighbour(hex, kAllDirections[i]);
  return result;
}

std::optional<Direction> direction_between(Hex from, Hex to) {
  for (Direction d : kAllDirections) {
    if (neighbour(from, d) == to) return d;
  }
  return std::nullopt;
}

Direction opposite(Direction direction) {
  switch (direction) {
    case Direction::North:
      return Direction::South;
    case Direction::South:
      return Direction::North;
    case Direction::NorthEast:
      return Direction::SouthWest;
    case Direction::SouthWest:
      return Direction::NorthEast;
    case Direction::SouthEast:
      return Direction::NorthWest;
    case Direction::NorthWest:
      return Direction::SouthEast;
  }
  return direction;
}

int distance(Hex a, Hex b) {
  const Cube ca = to_cube(a);
  const Cube cb = to_cube(b);
  return (std::abs(ca.q - cb.q) + std::abs(ca.r - cb.r) + std::abs(ca.s - cb.s)) / 2;
}

std::optional<Hexside> Hexside::between(Hex a, Hex b) {
  if (!adjacent(a, b)) return std::nullopt;
  if (b < a) std::swap(a, b);
  return Hexside(a, b);
}

std::optional<Hexside> Hexside::parse(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const auto a = parse_hex(text.substr(0, slash));
  const auto b = parse_hex(text.substr(slash + 1));
  if (!a || !b) return std::nullopt;
  return between(*a, *b);
}

std::string Hexside::to_string() const {
  return format_hex(first_) + "/" + format_hex(second_);
}

}  // namespace hd::engine

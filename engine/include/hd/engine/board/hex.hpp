// The NLB hex grid: four-digit CCRR numbering, neighbours, distance and hexsides (2.2, 3.2C).
// See docs/hex-grid.md for the geometry: hexes stand in vertical columns, and even columns sit half a
// hex lower (further south) than odd columns.
#pragma once

#include <array>
#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace hd::engine {

// A hex named by its column (west to east) and its row within the column (north to south).
struct Hex {
  int column = 0;
  int row = 0;

  friend auto operator<=>(const Hex&, const Hex&) = default;
};

// The six directions out of a hex. Columns are vertical, so hexes have flat tops and bottoms.
enum class Direction { North, NorthEast, SouthEast, South, SouthWest, NorthWest };

inline constexpr std::array<Direction, 6> kAllDirections{Direction::North,     Direction::NorthEast,
                                                         Direction::SouthEast, Direction::South,
                                                         Direction::SouthWest, Direction::NorthWest};

// The rectangle of hexes a map covers. Numbering starts at 01 in both directions (2.2).
struct GridBounds {
  int columns = 0;
  int rows = 0;

  bool contains(Hex hex) const {
    return hex.column >= 1 && hex.column <= columns && hex.row >= 1 && hex.row <= rows;
  }
};

// Both NLB maps as one grid: columns 01-57, rows 01-67.
inline constexpr GridBounds kNlbGrid{57, 67};

// Parses a four-digit hex number such as "1641"; nullopt unless it is exactly four digits.
std::optional<Hex> parse_hex(std::string_view ccrr);

// Formats a hex as its four-digit number. Requires 0 <= column, row <= 99.
std::string format_hex(Hex hex);

// The hex one step away in `direction` (possibly off any map).
Hex neighbour(Hex hex, Direction direction);

// All six neighbours, in kAllDirections order (possibly off any map).
std::array<Hex, 6> neighbours(Hex hex);

// The direction from `from` to an adjacent `to`; nullopt if they are not adjacent.
std::optional<Direction> direction_between(Hex from, Hex to);

// The direction pointing the other way.
Direction opposite(Direction direction);

// Number of hex steps between two hexes: the start hex is not counted, the end hex is (3.2C, 7.1B).
int distance(Hex a, Hex b);

// True when the two hexes share a hexside.
inline bool adjacent(Hex a, Hex b) {
  return distance(a, b) == 1;
}

// The side shared by two adjacent hexes, stored with the lower-numbered hex first so that each
// hexside has exactly one value whichever side it is named from.
class Hexside {
 public:
  // nullopt unless a and b are adjacent.
  static std::optional<Hexside> between(Hex a, Hex b);
  // Parses "AAAA/BBBB" (either order); nullopt unless both are hexes and adjacent.
  static std::optional<Hexside> parse(std::string_view text);

  Hex first() const { return first_; }
  Hex second() const { return second_; }
  // True if `hex` is one of the two hexes the side separates.
  bool touches(Hex hex) const { return hex == first_ || hex == second_; }
  // "AAAA/BBBB" with the lower-numbered hex first.
  std::string to_string() const;

  friend auto operator<=>(const Hexside&, const Hexside&) = default;

 private:
  Hexside(Hex first, Hex second) : first_(first), second_(second) {}
  Hex first_;
  Hex second_;
};

}  // namespace hd::engine

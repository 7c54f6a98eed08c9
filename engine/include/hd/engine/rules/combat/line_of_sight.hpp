// Line of sight for artillery bombardment (7.3): the straight line from the centre of the firing
// hex to the centre of the target hex, blocked by blocking terrain (TEC "los" column) in the hexes
// and hexsides it crosses, along congruent hexsides (7.3B) and at blocked junctions (7.3C).
// Exact integer geometry: see LosPoint.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <array>
#include <compare>
#include <vector>

namespace hd::engine {

// A point of the hex grid in exact integer coordinates: x counts thirds of the column spacing and y
// counts half hex widths, so a centre is (3 * column, 2 * row + 1 if the column is even) and its
// corners lie at (+-2, 0) and (+-1, +-1) from it. This is HexLayout's plane scaled separately along
// each axis: straight lines, intersections and betweenness are the same, and every test below is an
// exact integer cross or dot product.
struct LosPoint {
  long long x = 0;
  long long y = 0;
  friend auto operator<=>(const LosPoint&, const LosPoint&) = default;
};

LosPoint los_centre(Hex hex);
// The corners of a hex, in HexLayout::corners order (east vertex first, clockwise on screen).
std::array<LosPoint, 6> los_corners(Hex hex);

// What the straight line from centre to centre meets, apart from the two end hexes' interiors.
struct SightLine {
  std::vector<Hex> hexes;                // hexes whose interior it crosses (not `from` or `to`)
  std::vector<Hexside> crossed;          // hexsides it crosses at an interior point
  std::vector<Hexside> congruent;        // hexsides it runs along (7.3B)
  std::vector<LosPoint> junctions;       // hex corners it passes exactly through (7.3C)
  std::vector<std::vector<Hex>> around;  // for each junction, the three hexes meeting there
};

// The geometry of the line from the centre of `from` to the centre of `to` (from != to).
SightLine trace_sight_line(Hex from, Hex to);

// True if a hex's terrain blocks sight (7.3A: forest, town, chateau per the TEC).
bool blocks_sight(const Ruleset& rules, Hex hex);
// True if any feature on the hexside blocks sight (7.3A: crest per the TEC).
bool blocks_sight(const Ruleset& rules, Hexside side);

// 7.3: true if the line of sight from `from` to `to` is clear. Terrain in `from` and `to` does not
// block, but their blocking hexsides do (7.3D). A hex is never blocked from itself.
bool line_of_sight_clear(const Ruleset& rules, Hex from, Hex to);

}  // namespace hd::engine

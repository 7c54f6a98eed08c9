#include <hd/engine/board/hex_layout.hpp>
#include <hd/engine/rules/combat/line_of_sight.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace hd::engine {
namespace {

long long cross(LosPoint o, LosPoint a, LosPoint b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

long long dot(LosPoint o, LosPoint a, LosPoint b) {
  return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y);
}

int sign(long long v) {
  return (v > 0) - (v < 0);
}

// True if the segment a-b meets the open interior of the hexagon (separating axis test: the three
// edge normals of the hexagon and the segment's own normal; touching counts as separated).
bool meets_interior(const std::array<LosPoint, 6>& corners, LosPoint centre, LosPoint a, LosPoint b) {
  for (std::size_t i = 0; i < 6; ++i) {
    const LosPoint p = corners[i];
    const LosPoint q = corners[(i + 1) % 6];
    const int inside = sign(cross(p, q, centre));
    if (sign(cross(p, q, a)) * inside <= 0 && sign(cross(p, q, b)) * inside <= 0) return false;
  }
  bool left = false;
  bool right = false;
  for (const LosPoint& c : corners) {
    left = left || cross(a, b, c) > 0;
    right = right || cross(a, b, c) < 0;
  }
  return left && right;
}

}  // namespace

LosPoint los_centre(Hex hex) {
  return LosPoint{3LL * hex.column, 2LL * hex.row + (hex.column % 2 == 0 ? 1 : 0)};
}

std::array<LosPoint, 6> los_corners(Hex hex) {
  const LosPoint c = los_centre(hex);
  return {LosPoint{c.x + 2, c.y}, LosPoint{c.x + 1, c.y + 1}, LosPoint{c.x - 1, c.y + 1},
          LosPoint{c.x - 2, c.y}, LosPoint{c.x - 1, c.y - 1}, LosPoint{c.x + 1, c.y - 1}};
}

SightLine trace_sight_line(Hex from, Hex to) {
  SightLine line;
  const LosPoint a = los_centre(from);
  const LosPoint b = los_centre(to);
  const long long length2 = dot(a, b, b);
  std::set<Hexside> crossed;
  std::set<Hexside> congruent;
  std::map<LosPoint, std::set<Hex>> junctions;
  // Every hex the segment touches has its centre within one column and two rows of the segment's
  // bounding box of hex numbers.
  for (int column = std::min(from.column, to.column) - 1; column <= std::max(from.column, to.column) + 1;
       ++column) {
    for (int row = std::min(from.row, to.row) - 2; row <= std::max(from.row, to.row) + 2; ++row) {
      const Hex hex{column, row};
      const auto corners = los_corners(hex);
      if (hex != from && hex != to && meets_interior(corners, los_centre(hex), a, b))
        line.hexes.push_back(hex);
      for (Direction d : kAllDirections) {
        const auto first = static_cast<std::size_t>(hexside_first_corner(d));
        const LosPoint p = corners[first];
        const LosPoint q = corners[(first + 1) % 6];
        const Hexside side = *Hexside::between(hex, neighbour(hex, d));
        const long long op = cross(a, b, p);
        const long long oq = cross(a, b, q);
        if (op == 0 && oq == 0) {
          const long long tp = dot(a, p, b);
          const long long tq = dot(a, q, b);
          if (std::max(std::min(tp, tq), 0LL) < std::min(std::max(tp, tq), length2)) congruent.insert(side);
        } else if (sign(op) * sign(oq) < 0 && sign(cross(p, q, a)) * sign(cross(p, q, b)) < 0) {
          crossed.insert(side);
        }
      }
      for (const LosPoint& v : corners) {
        const long long t = dot(a, v, b);
        if (cross(a, b, v) == 0 && t > 0 && t < length2) junctions[v].insert(hex);
      }
    }
  }
  line.crossed.assign(crossed.begin(), crossed.end());
  line.congruent.assign(congruent.begin(), congruent.end());
  for (const auto& [point, hexes] : junctions) {
    line.junctions.push_back(point);
    line.around.emplace_back(hexes.begin(), hexes.end());
  }
  return line;
}

bool blocks_sight(const Ruleset& rules, Hex hex) {
  return rules.terrain.hex(rules.map.terrain(hex)).sight == SightEffect::Blocks;
}

bool blocks_sight(const Ruleset& rules, Hexside side) {
  const HexsideFeatures features = rules.map.hexside(side);
  for (HexsideFeature f : {HexsideFeature::Stream, HexsideFeature::River, HexsideFeature::Bridge,
                           HexsideFeature::Crest, HexsideFeature::Lake}) {
    if (features.has(f) && rules.terrain.hexside(f).sight == SightEffect::Blocks) return true;
  }
  return false;
}

bool line_of_sight_clear(const Ruleset& rules, Hex from, Hex to) {
  if (from == to) return true;
  // 7.3: terrain in the firing and target hexes does not block.
  const auto blocking_hex = [&](Hex hex) { return hex != from && hex != to && blocks_sight(rules, hex); };
  const SightLine line = trace_sight_line(from, to);
  // 7.3A: blocking terrain in an intervening hex.
  if (std::any_of(line.hexes.begin(), line.hexes.end(), blocking_hex)) return false;
  // 7.3A, 7.3D: a blocking hexside crossed, even one of the firing or target hex.
  for (const Hexside& side : line.crossed)
    if (blocks_sight(rules, side)) return false;
  // 7.3B: along a hexside: blocked by a crest, or if both hexes beside it block.
  for (const Hexside& side : line.congruent) {
    if (blocks_sight(rules, side) || (blocking_hex(side.first()) && blocking_hex(side.second())))
      return false;
  }
  // 7.3C: through a corner where two blocked hexsides meet, or a blocked hexside and a blocked hex.
  for (const std::vector<Hex>& hexes : line.around) {
    int blocked_sides = 0;
    bool blocked_hex = false;
    for (std::size_t i = 0; i < hexes.size(); ++i) {
      blocked_hex = blocked_hex || blocking_hex(hexes[i]);
      for (std::size_t j = i + 1; j < hexes.size(); ++j) {
        const auto side = Hexside::between(hexes[i], hexes[j]);
        if (side && blocks_sight(rules, *side)) ++blocked_sides;
      }
    }
    if (blocked_sides >= 2 || (blocked_sides >= 1 && blocked_hex)) return false;
  }
  return true;
}

}  // namespace hd::engine

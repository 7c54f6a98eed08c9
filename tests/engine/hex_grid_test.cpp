// Laws of the NLB hex grid (2.2; docs/hex-grid.md): numbering, neighbours, distance, hexsides.
#include <hd/engine/board/hex.hpp>

#include <catch2/catch.hpp>

#include <set>
#include <vector>

using hd::engine::adjacent;
using hd::engine::Direction;
using hd::engine::distance;
using hd::engine::format_hex;
using hd::engine::Hex;
using hd::engine::Hexside;
using hd::engine::kAllDirections;
using hd::engine::kNlbGrid;
using hd::engine::neighbour;
using hd::engine::neighbours;
using hd::engine::parse_hex;

namespace {

std::vector<Hex> all_hexes() {
  std::vector<Hex> hexes;
  for (int c = 1; c <= kNlbGrid.columns; ++c)
    for (int r = 1; r <= kNlbGrid.rows; ++r)
      hexes.push_back({c, r});
  return hexes;
}

Hex h(const char* ccrr) {
  return *parse_hex(ccrr);
}

}  // namespace

TEST_CASE("2.2 hex numbers parse and format as CCRR", "[hex]") {
  for (Hex hex : all_hexes())
    CHECK(parse_hex(format_hex(hex)) == hex);
  CHECK(h("1641") == Hex{16, 41});
  CHECK(format_hex({6, 5}) == "0605");
  CHECK_FALSE(parse_hex("164"));
  CHECK_FALSE(parse_hex("16411"));
  CHECK_FALSE(parse_hex("16a1"));
  CHECK_FALSE(parse_hex("-641"));
  CHECK_FALSE(parse_hex(""));
}

TEST_CASE("grid bounds cover columns 01-57 and rows 01-67", "[hex]") {
  CHECK(kNlbGrid.contains(h("0101")));
  CHECK(kNlbGrid.contains(h("5767")));
  CHECK_FALSE(kNlbGrid.contains(h("0001")));
  CHECK_FALSE(kNlbGrid.contains(h("5801")));
  CHECK_FALSE(kNlbGrid.contains(h("0168")));
  CHECK_FALSE(kNlbGrid.contains(h("0100")));
}

TEST_CASE("odd columns reach up, even columns reach down", "[hex]") {
  // Odd column 15: side neighbours in rows r-1 and r.
  const auto odd = neighbours(h("1541"));
  const std::set<Hex> odd_set(odd.begin(), odd.end());
  CHECK(odd_set == std::set<Hex>{h("1540"), h("1542"), h("1440"), h("1441"), h("1640"), h("1641")});
  // Even column 16: side neighbours in rows r and r+1.
  const auto even = neighbours(h("1641"));
  const std::set<Hex> even_set(even.begin(), even.end());
  CHECK(even_set == std::set<Hex>{h("1640"), h("1642"), h("1541"), h("1542"), h("1741"), h("1742")});
  CHECK(neighbour(h("1641"), Direction::NorthEast) == h("1741"));
  CHECK(neighbour(h("1541"), Direction::NorthEast) == h("1640"));
}

TEST_CASE("the rulebook's town hexes form compact towns", "[hex]") {
  // Towns listed in the scenarios (docs/hex-grid.md): every hex touches another of its town.
  const std::vector<std::vector<const char*>> towns{{"3755", "3854", "3855", "3955"},  // Ligny
                                                    {"3256", "3357", "3457"},          // St Amand
                                                    {"0606", "0607", "0708", "0709"},  // Waterloo
                                                    {"4206", "4306", "4307"}};         // Wavre
  for (const auto& town : towns) {
    for (const char* a : town) {
      int touching = 0;
      for (const char* b : town)
        touching += adjacent(h(a), h(b)) ? 1 : 0;
      INFO("hex " << a);
      CHECK(touching >= 1);
    }
  }
  CHECK(adjacent(h("3755"), h("3854")));
  CHECK(adjacent(h("3854"), h("3955")));
  CHECK(adjacent(h("0607"), h("0708")));
}

TEST_CASE("neighbours are symmetric and at distance one", "[hex]") {
  for (Hex hex : all_hexes()) {
    for (Direction d : kAllDirections) {
      const Hex next = neighbour(hex, d);
      CHECK(distance(hex, next) == 1);
      CHECK(neighbour(next, hd::engine::opposite(d)) == hex);
      CHECK(hd::engine::direction_between(hex, next) == d);
    }
    CHECK(distance(hex, hex) == 0);
  }
}

TEST_CASE("distance is a metric and counts hex steps (3.2C)", "[hex]") {
  const auto hexes = all_hexes();
  for (std::size_t i = 0; i < hexes.size(); i += 97) {
    for (std::size_t j = 0; j < hexes.size(); j += 89) {
      const Hex a = hexes[i];
      const Hex b = hexes[j];
      CHECK(distance(a, b) == distance(b, a));
      CHECK((distance(a, b) == 0) == (a == b));
      // One step changes the distance by at most one; some step decreases it.
      int closer = 0;
      for (Hex n : neighbours(a)) {
        CHECK(std::abs(distance(n, b) - distance(a, b)) <= 1);
        closer += distance(n, b) < distance(a, b) ? 1 : 0;
      }
      if (a != b) CHECK(closer >= 1);
    }
  }
  CHECK(distance(h("1601"), h("1667")) == 66);  // along a column
  CHECK(distance(h("0101"), h("0201")) == 1);   // odd column 01 reaches up to 0201's row
  CHECK(distance(h("0201"), h("0101")) == 1);
  CHECK(distance(h("0102"), h("0301")) == 2);
  CHECK(distance(h("0101"), h("5701")) == 56);  // zig-zag along the north edge
  // w/2 placement radius (3.2C): exactly 18 hexes lie at distance 1 or 2 from an inland hex.
  int within_two = 0;
  for (Hex hex : hexes)
    within_two += (distance(hex, h("2030")) >= 1 && distance(hex, h("2030")) <= 2) ? 1 : 0;
  CHECK(within_two == 18);
}

TEST_CASE("hexsides have one name whichever side they are named from", "[hex]") {
  const auto side = Hexside::between(h("1641"), h("1541"));
  REQUIRE(side);
  CHECK(side == Hexside::between(h("1541"), h("1641")));
  CHECK(side->to_string() == "1541/1641");
  CHECK(Hexside::parse("1641/1541") == side);
  CHECK(side->touches(h("1641")));
  CHECK_FALSE(side->touches(h("1640")));
  CHECK_FALSE(Hexside::between(h("1641"), h("1643")));
  CHECK_FALSE(Hexside::between(h("1641"), h("1641")));
  CHECK_FALSE(Hexside::parse("1641-1541"));
  CHECK_FALSE(Hexside::parse("1641/1643"));

  // Columns 01-57 x rows 01-67: C(R-1) sides inside columns plus (C-1)(2R-1) between columns.
  std::set<Hexside> sides;
  for (Hex hex : all_hexes())
    for (Hex n : neighbours(hex))
      if (kNlbGrid.contains(n)) sides.insert(*Hexside::between(hex, n));
  CHECK(sides.size() == 57u * 66u + 56u * 133u);
}

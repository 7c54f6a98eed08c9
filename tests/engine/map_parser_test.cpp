// The map source format: what it builds, and that every mistake is reported with file and line.
#include <hd/engine/data/map_parser.hpp>

#include <catch2/catch.hpp>

using namespace hd::engine;

namespace {

Hex h(const char* ccrr) {
  return *parse_hex(ccrr);
}
Hexside side(const char* a, const char* b) {
  const auto s = Hexside::between(h(a), h(b));
  REQUIRE(s);
  return *s;
}

// All error messages of a parse, one per line, for CHECK_THAT.
std::string errors_of(const std::string& text) {
  const auto result = parse_map(text, "test.map");
  std::string all;
  for (const auto& e : result.errors)
    all += e.to_string() + "\n";
  return all;
}

const char* kSmallMap = R"(# a 10 x 12 test map
map "Test ground" 10 12
north-map rows 01-06 ; south-map rows 06-12 ; a note for people
forest "Big wood" : 0203-05 0304
marsh "Bog" : 0808
town "Village" : 0505 0606
chateau "Castle" : 0707
road "High road" : 0101 0102 0202 0303 0403
    0404 0505
trail "Lane" : 0505 0605 0706
stream "Brook" : 0506/0606 0507/0607
river "Big river" : 0909/1009 0910/1010
bridge "Old bridge" : 0909/1009
crest "Ridge" : 0303/0403
lake "Pond" : 0808/0908
label "Farm" : 0909
entry "West road" : 0101
exit "East road" : 1005
supply french : south-edge 0101
)";

}  // namespace

TEST_CASE("a map source builds terrain, hexsides, paths and named features", "[map]") {
  const auto result = parse_map(kSmallMap, "test.map");
  INFO(errors_of(kSmallMap));
  REQUIRE(result.map);
  const GameMap& map = *result.map;
  CHECK(map.title() == "Test ground");
  CHECK(map.bounds().columns == 10);
  CHECK(map.bounds().rows == 12);
  CHECK(map.terrain(h("0203")) == HexTerrain::Forest);
  CHECK(map.terrain(h("0205")) == HexTerrain::Forest);
  CHECK(map.terrain(h("0206")) == HexTerrain::Clear);
  CHECK(map.terrain(h("0808")) == HexTerrain::Marsh);
  CHECK(map.terrain(h("0606")) == HexTerrain::Town);
  CHECK(map.terrain(h("0707")) == HexTerrain::Chateau);
  CHECK(map.terrain(h("0101")) == HexTerrain::Clear);

  CHECK(map.path(side("0101", "0102")) == PathKind::Road);
  CHECK(map.path(side("0404", "0505")) == PathKind::Road);  // from the continuation line
  CHECK(map.path(side("0505", "0605")) == PathKind::Trail);
  CHECK(map.path(side("0102", "0103")) == PathKind::None);
  CHECK(map.path(side("0303", "0304")) == PathKind::None);

  CHECK(map.hexside(side("0506", "0606")).has(HexsideFeature::Stream));
  CHECK(map.hexside(side("0909", "1009")).has(HexsideFeature::River));
  CHECK(map.hexside(side("0909", "1009")).has(HexsideFeature::Bridge));
  CHECK_FALSE(map.hexside(side("0910", "1010")).has(HexsideFeature::Bridge));
  CHECK(map.hexside(side("0403", "0303")).has(HexsideFeature::Crest));
  CHECK(map.hexside(side("0808", "0908")).has(HexsideFeature::Lake));
  CHECK(map.hexside(side("0101", "0201")).empty());

  const MapFeature* farm = map.find_feature(MapFeatureKind::Label, "Farm");
  REQUIRE(farm);
  CHECK(farm->hexes == std::vector<Hex>{h("0909")});
  CHECK(map.supply_hexes(Army::French).size() == 11u);  // row 12 of ten columns, plus 0101
  CHECK(map.supply_hexes(Army::Prussian).empty());
}

TEST_CASE("map mistakes are reported with file and line, and no map is built", "[map]") {
  const std::string header = "map \"T\" 10 12\n";
  CHECK_THAT(errors_of(header + "forest \"W\" : 1103\n"),
             Catch::Contains("test.map:2: hex 1103 is off the map"));
  CHECK_THAT(errors_of(header + "forest \"W\" : 0303\ntown \"V\" : 0303\n"),
             Catch::Contains("test.map:3: hex 0303 is already forest (line 2)"));
  CHECK_THAT(errors_of(header + "road \"R\" : 0101 0103\n"),
             Catch::Contains("0101 -> 0103 is not between neighbouring"));
  CHECK_THAT(errors_of(header + "bridge \"B\" : 0303/0304\n"),
             Catch::Contains("bridge 0303/0304 is on no river or stream"));
  CHECK_THAT(errors_of(header + "river \"R\" : 0303/0304\nroad \"X\" : 0303 0304\n"),
             Catch::Contains("test.map:3: road 'X' crosses river hexside 0303/0304 without a bridge"));
  CHECK_THAT(errors_of(header + "stream \"S\" : 0303/0305\n"),
             Catch::Contains("hexside AAAA/BBBB of two neighbouring"));
  CHECK_THAT(errors_of(header + "volcano \"V\" : 0303\n"), Catch::Contains("unknown statement 'volcano'"));
  CHECK_THAT(errors_of("forest \"W\" : 0303\n"), Catch::Contains("the first statement must be"));
  CHECK_THAT(errors_of(header + "forest \"W : 0303\n"),
             Catch::Contains("test.map:2: unterminated quoted string"));
  CHECK_THAT(errors_of(header + "forest \"W\" 0303\n"), Catch::Contains("expected ':'"));
  CHECK_THAT(errors_of(header + "chateau \"C\" : 0303 0304\n"), Catch::Contains("a chateau is one hex"));
  CHECK_THAT(errors_of(header + "forest \"W\" : 0309-05\n"), Catch::Contains("bad hex range"));
  CHECK_THAT(errors_of(header + "supply austrian : west-edge\n"), Catch::Contains("unknown army 'austrian'"));
  CHECK_THAT(errors_of(header + "supply allied : 0505\n"),
             Catch::Contains("supply hex 0505 is not on the map edge"));
  CHECK_FALSE(parse_map(header + "forest \"W\" : 1103\n", "test.map").map);
  CHECK_THAT(errors_of("map \"T\" 100 5\n"), Catch::Contains("bad grid size"));
}

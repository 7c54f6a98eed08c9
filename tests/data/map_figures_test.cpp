// How much of the map carries terrain (issue 17): the share of each hex terrain, the share of hexes
// with any feature beyond plain clear ground, and the number of crest, stream and river hexsides.
// The test prints the figures as the markdown table kept in scenarios/map/NOTES.md; with the
// environment variable HD_MAP_FIGURES_FILE set to another map file (main's nlb.map, say) it prints
// that file's figures too, which is how the "before" table was made. It also checks that every
// feature the notes list as added for issue 17 is in the map, not empty, and has a source.
#include <hd/engine/data/map_parser.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <regex>
#include <sstream>

using namespace hd::engine;

namespace {

struct Figures {
  int hexes = 0;
  std::array<int, 5> terrain{};  // by HexTerrain
  int featured = 0;              // not plain clear: other terrain, or a crest/stream/river/lake hexside
  int crest = 0, stream = 0, river = 0, bridge = 0, lake = 0;  // hexsides
};

Figures figures(const GameMap& map) {
  Figures f;
  const auto& bounds = map.bounds();
  for (int c = 1; c <= bounds.columns; ++c) {
    for (int r = 1; r <= bounds.rows; ++r) {
      const Hex hex{c, r};
      ++f.hexes;
      ++f.terrain[static_cast<std::size_t>(map.terrain(hex))];
      bool featured = map.terrain(hex) != HexTerrain::Clear;
      for (Direction d : kAllDirections) {
        const Hex next = neighbour(hex, d);
        if (!bounds.contains(next)) continue;
        const auto sides = map.hexside(*Hexside::between(hex, next));
        if (sides.has(HexsideFeature::Crest) || sides.has(HexsideFeature::Stream) ||
            sides.has(HexsideFeature::River) || sides.has(HexsideFeature::Lake))
          featured = true;
        if (next < hex) continue;  // count each hexside once
        f.crest += sides.has(HexsideFeature::Crest);
        f.stream += sides.has(HexsideFeature::Stream);
        f.river += sides.has(HexsideFeature::River);
        f.bridge += sides.has(HexsideFeature::Bridge);
        f.lake += sides.has(HexsideFeature::Lake);
      }
      f.featured += featured;
    }
  }
  return f;
}

std::string table(const Figures& f) {
  std::ostringstream out;
  const auto share = [&](int n) {
    std::ostringstream s;
    s << n << " (" << std::fixed << std::setprecision(1) << 100.0 * n / f.hexes << "%)";
    return s.str();
  };
  out << "| figure | value |\n|---|---|\n";
  for (HexTerrain t :
       {HexTerrain::Clear, HexTerrain::Forest, HexTerrain::Marsh, HexTerrain::Town, HexTerrain::Chateau})
    out << "| " << to_string(t) << " hexes | " << share(f.terrain[static_cast<std::size_t>(t)]) << " |\n";
  out << "| hexes with a non-clear feature | " << share(f.featured) << " |\n";
  out << "| plain clear hexes | " << share(f.hexes - f.featured) << " |\n";
  out << "| crest hexsides | " << f.crest << " |\n| stream hexsides | " << f.stream
      << " |\n| river hexsides | " << f.river << " |\n| bridge hexsides | " << f.bridge
      << " |\n| lake hexsides | " << f.lake << " |\n";
  return out.str();
}

GameMap parse_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  auto parsed = parse_map(text.str(), path);
  REQUIRE(parsed.errors.empty());
  return std::move(*parsed.map);
}

}  // namespace

TEST_CASE("the map's terrain figures (issue 17), printed for scenarios/map/NOTES.md", "[data][map]") {
  const GameMap map = parse_file((hd::loader::default_data_root() / "map" / "nlb.map").string());
  const Figures f = figures(map);
  WARN("figures of scenarios/map/nlb.map\n" << table(f));
  if (const char* other = std::getenv("HD_MAP_FIGURES_FILE"))
    WARN("figures of " << other << "\n" << table(figures(parse_file(other))));
  CHECK(f.hexes == 57 * 67);
  int sum = 0;
  for (int n : f.terrain)
    sum += n;
  CHECK(sum == f.hexes);
  CHECK(f.featured >= f.hexes - f.terrain[0]);  // every non-clear hex counts as featured
  // Each bridge lies on a river or stream (the parser checks it), so there are fewer bridges than water.
  CHECK(f.bridge < f.stream + f.river);
}

TEST_CASE("the figures count what a map holds", "[data][map]") {
  // A hand-made 3 x 3 map: one forest hex, one crest and one stream hexside around the centre.
  auto parsed = parse_map(
      "map \"t\" 3 3\nforest \"f\" : 0101\ncrest \"c\" : 0202/0203\nstream \"s\" : 0201/0202\n", "t.map");
  INFO(parsed.errors.size());
  REQUIRE(parsed.map);
  const Figures f = figures(*parsed.map);
  CHECK(f.hexes == 9);
  CHECK(f.terrain[static_cast<std::size_t>(HexTerrain::Forest)] == 1);
  CHECK(f.crest == 1);
  CHECK(f.stream == 1);
  CHECK(f.river == 0);
  CHECK(f.featured == 4);  // 0101 (forest), 0202 and 0203 (crest), 0201 (stream; 0202 already counted)
}

TEST_CASE("every feature the notes list as added for issue 17 is in the map, with a source", "[data][map]") {
  const GameMap map = parse_file((hd::loader::default_data_root() / "map" / "nlb.map").string());
  std::ifstream in(hd::loader::default_data_root() / "map" / "NOTES.md");
  REQUIRE(in);
  // Rows of the "Terrain added for issue 17" table: | kind | "name" | size | source |
  const std::regex row(R"re(^\| (forest|marsh|stream|crest|bridge) \| "([^"]+)" \| (\d+) \| (.*) \|$)re");
  const std::map<std::string, MapFeatureKind> kinds{{"forest", MapFeatureKind::Forest},
                                                    {"marsh", MapFeatureKind::Marsh},
                                                    {"stream", MapFeatureKind::Stream},
                                                    {"crest", MapFeatureKind::Crest},
                                                    {"bridge", MapFeatureKind::Bridge}};
  int rows = 0;
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (!std::regex_match(line, m, row)) continue;
    ++rows;
    INFO(line);
    const MapFeature* feature = map.find_feature(kinds.at(m[1].str()), m[2].str());
    REQUIRE(feature);
    const std::size_t size = feature->hexes.empty() ? feature->sides.size() : feature->hexes.size();
    CHECK(size == std::stoul(m[3].str()));
    CHECK(m[4].str().size() > 10);  // a source, not a blank
  }
  CHECK(rows >= 30);
}

// hd_map_check: parses a map source file and reports every error (file:line: message) or a summary
// of what the map holds. Exit 0 when the map is valid, 1 when it has errors, 2 on bad usage.
#include <hd/engine/map_parser.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: hd_map_check FILE.map\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "hd_map_check: cannot read " << argv[1] << "\n";
    return 2;
  }
  std::ostringstream text;
  text << in.rdbuf();
  const auto result = hd::engine::parse_map(text.str(), argv[1]);
  for (const auto& error : result.errors) std::cerr << error.to_string() << "\n";
  if (!result.map) {
    std::cerr << result.errors.size() << " error(s)\n";
    return 1;
  }
  const auto& map = *result.map;
  std::map<hd::engine::HexTerrain, int> terrain_count;
  for (int c = 1; c <= map.bounds().columns; ++c)
    for (int r = 1; r <= map.bounds().rows; ++r) ++terrain_count[map.terrain({c, r})];
  std::cout << map.title() << ": " << map.bounds().columns << " x " << map.bounds().rows << " hexes, "
            << map.features().size() << " features\n";
  for (const auto& [terrain, count] : terrain_count) std::cout << "  " << to_string(terrain) << ": " << count << "\n";
  return 0;
}

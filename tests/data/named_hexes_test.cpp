// Every hex the rulebook names keeps its terrain and its purpose (issue 17). The list of named
// hexes is the table in scenarios/map/NOTES.md ("Every hex the rulebook names"); the test first
// checks that the table holds every hex the scenarios place, bring in, score or control, then that
// the map still gives each row what its "what the map has" column says (terrain, town or chateau
// name, road or trail, map edge, river/stream/bridge/crest/lake hexsides by direction), that entry
// and exit hexes are still entry and exit features, and that no named hex became prohibited terrain.
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace hd::engine;

namespace {

struct NamedHex {
  std::string rules;  // "what the rules say"
  std::string map;    // "what the map has"
};

// The rows of the named-hex table in scenarios/map/NOTES.md, by hex.
std::map<Hex, NamedHex> named_hex_table() {
  std::ifstream in(hd::loader::default_data_root() / "map" / "NOTES.md");
  REQUIRE(in);
  const std::regex row(R"(^\| (\d{4}) \| (.*) \| (.*) \|$)");
  std::map<Hex, NamedHex> table;
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_match(line, m, row)) table[*parse_hex(m[1].str())] = {m[2].str(), m[3].str()};
  return table;
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, by)) {
    const auto first = part.find_first_not_of(' ');
    parts.push_back(first == std::string::npos ? "" : part.substr(first));
  }
  return parts;
}

std::optional<Direction> direction_named(const std::string& name) {
  static const std::map<std::string, Direction> names{
      {"N", Direction::North}, {"NE", Direction::NorthEast}, {"SE", Direction::SouthEast},
      {"S", Direction::South}, {"SW", Direction::SouthWest}, {"NW", Direction::NorthWest}};
  const auto it = names.find(name);
  if (it == names.end()) return std::nullopt;
  return it->second;
}

bool in_feature(const GameMap& map, MapFeatureKind kind, Hex hex) {
  for (const auto& feature : map.features())
    if (feature.kind == kind &&
        std::find(feature.hexes.begin(), feature.hexes.end(), hex) != feature.hexes.end())
      return true;
  return false;
}

// Checks one "what the map has" cell against the map; returns what disagrees, empty if all agrees.
std::string disagreements(const GameMap& map, Hex hex, const std::string& cell) {
  std::string wrong;
  const auto parts = split(cell, ';');
  // The terrain, with the town's or chateau's name in brackets.
  const std::string terrain_word = parts.at(0).substr(0, parts.at(0).find(' '));
  if (to_string(map.terrain(hex)) != terrain_word)
    wrong += "terrain is " + std::string(to_string(map.terrain(hex))) + "; ";
  const auto open = parts.at(0).find('(');
  if (open != std::string::npos && (terrain_word == "town" || terrain_word == "chateau")) {
    const std::string name = parts.at(0).substr(open + 1, parts.at(0).rfind(')') - open - 1);
    const auto* feature =
        map.find_feature(terrain_word == "town" ? MapFeatureKind::Town : MapFeatureKind::Chateau, name);
    if (!feature || std::find(feature->hexes.begin(), feature->hexes.end(), hex) == feature->hexes.end())
      wrong += "not in " + name + "; ";
  }
  static const std::map<std::string, HexsideFeature> sides{{"river", HexsideFeature::River},
                                                           {"stream", HexsideFeature::Stream},
                                                           {"bridge", HexsideFeature::Bridge},
                                                           {"crest", HexsideFeature::Crest},
                                                           {"lake", HexsideFeature::Lake}};
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    if (part == "road" || part == "road+trail") {
      if (!in_feature(map, MapFeatureKind::Road, hex)) wrong += "no road; ";
    }
    if (part == "trail" || part == "road+trail") {
      if (!in_feature(map, MapFeatureKind::Trail, hex)) wrong += "no trail; ";
    } else if (part == "west edge" || part == "east edge" || part == "north edge" || part == "south edge") {
      const bool edge = part == "west edge"    ? hex.column == 1
                        : part == "east edge"  ? hex.column == map.bounds().columns
                        : part == "north edge" ? hex.row == 1
                                               : hex.row == map.bounds().rows;
      if (!edge) wrong += "not on the " + part + "; ";
    } else if (part != "road") {
      const auto space = part.find(' ');
      const auto kind = sides.find(part.substr(0, space));
      if (kind == sides.end() || space == std::string::npos) {
        wrong += "unreadable part '" + part + "'; ";
        continue;
      }
      for (const auto& name : split(part.substr(space + 1), ',')) {
        const auto direction = direction_named(name);
        const auto side = direction ? Hexside::between(hex, neighbour(hex, *direction)) : std::nullopt;
        if (!side || !map.hexside(*side).has(kind->second))
          wrong += "no " + part.substr(0, space) + " " + name + "; ";
      }
    }
  }
  return wrong;
}

struct Loaded {
  hd::loader::GameData data;
  std::vector<Scenario> scenarios;
};

const Loaded& loaded() {
  static const Loaded all = [] {
    auto data = hd::loader::load_game_data(hd::loader::default_data_root());
    REQUIRE(data.value);
    Loaded result{std::move(*data.value), {}};
    for (const auto& slug : hd::loader::list_scenarios(hd::loader::default_data_root())) {
      ScenarioReport report;
      auto scenario = hd::loader::load_scenario(hd::loader::default_data_root(), slug, result.data, report);
      REQUIRE(scenario.value);
      result.scenarios.push_back(std::move(*scenario.value));
    }
    return result;
  }();
  return all;
}

// Every hex a scenario names: set-up hexes (3.2), entry hexes (3.3), VP and control hexes.
std::map<Hex, std::string> scenario_hexes(const ScenarioForces& forces, const std::string& scenario,
                                          std::map<Hex, std::string> into) {
  for (const auto& p : forces.placements)
    into[p.hex] = scenario + " set-up";
  for (const auto& r : forces.reinforcements)
    for (Hex hex : r.hexes)
      into[hex] = scenario + " entry";
  for (const auto& vp : forces.vp)
    for (Hex hex : vp.hexes)
      into[hex] = scenario + " victory points";
  for (const auto& control : forces.control)
    for (Hex hex : control.hexes)
      into[hex] = scenario + " control";
  return into;
}

}  // namespace

TEST_CASE("the named-hex table in the map notes lists every hex the scenarios name", "[data][map]") {
  const auto table = named_hex_table();
  REQUIRE(table.size() > 150u);  // the table was found and read
  std::map<Hex, std::string> named;
  for (const auto& scenario : loaded().scenarios) {
    named = scenario_hexes(scenario.forces, scenario.name, std::move(named));
    for (const auto& option : scenario.options)
      named = scenario_hexes(option.additions, scenario.name + " " + option.id, std::move(named));
  }
  for (const auto& feature : loaded().data.map.features())
    if (feature.kind == MapFeatureKind::Entry || feature.kind == MapFeatureKind::Exit)
      for (Hex hex : feature.hexes)
        named[hex] = "map " + feature.name;
  REQUIRE(named.size() > 100u);
  for (const auto& [hex, why] : named) {
    INFO(format_hex(hex) << " (" << why << ")");
    CHECK(table.count(hex) == 1);
  }
}

TEST_CASE("every rulebook-named hex keeps its terrain, its name and its purpose (issue 17)", "[data][map]") {
  const auto& data = loaded().data;
  const auto table = named_hex_table();
  REQUIRE(table.size() > 150u);
  for (const auto& [hex, row] : table) {
    INFO(format_hex(hex) << ": " << row.rules << " | " << row.map);
    CHECK(disagreements(data.map, hex, row.map).empty());
    // 2.2 / 5.2A: every named hex can be entered by foot and mounted units alike.
    const auto& effect = data.terrain_effects.hex(data.map.terrain(hex));
    CHECK(effect.half_mp[0].has_value());
    CHECK(effect.half_mp[1].has_value());
    if (row.rules.find("entry") != std::string::npos) CHECK(in_feature(data.map, MapFeatureKind::Entry, hex));
    // An exit hex (22.4, 27.1B), not the 20.4C exit limit nor a half-map edge that scores victory points.
    if (row.rules.find("exit") != std::string::npos && row.rules.find("limit") == std::string::npos &&
        row.rules.find("`vp ") == std::string::npos)
      CHECK(in_feature(data.map, MapFeatureKind::Exit, hex));
  }
}

TEST_CASE("the named-hex check sees a hex that lost its terrain or a hexside", "[data][map]") {
  // The check above must be able to fail: the same cells read against a map with changes.
  auto map = loaded().data.map;
  CHECK(disagreements(map, *parse_hex("1643"), "town (Gemioncourt); road; stream S,SW,SE; bridge S").empty());
  CHECK_FALSE(disagreements(map, *parse_hex("1643"), "town (Quatre Bras); road").empty());
  CHECK_FALSE(disagreements(map, *parse_hex("1643"), "town (Gemioncourt); road; stream N").empty());
  CHECK_FALSE(disagreements(map, *parse_hex("1643"), "town (Gemioncourt); trail").empty());
  map.set_terrain(*parse_hex("1643"), HexTerrain::Forest);
  CHECK(disagreements(map, *parse_hex("1643"), "town (Gemioncourt); road") == "terrain is forest; ");
}

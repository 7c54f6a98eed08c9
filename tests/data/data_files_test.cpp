// The shipped data: every file loads without a single error, and the map agrees with the hexes
// the rulebook names.
#include <hd/engine/rules/combat/line_of_sight.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

using namespace hd::engine;
using hd::loader::default_data_root;

namespace {

std::string all(const std::vector<DataError>& errors) {
  std::string text;
  for (const auto& e : errors)
    text += e.to_string() + "\n";
  return text;
}

const hd::loader::GameData& game_data() {
  static const auto loaded = hd::loader::load_game_data(default_data_root());
  INFO(all(loaded.errors));
  REQUIRE(loaded.value);
  return *loaded.value;
}

Hex h(const char* ccrr) {
  return *parse_hex(ccrr);
}

}  // namespace

TEST_CASE("the map, the armies and the turn track load without errors", "[data]") {
  const auto& data = game_data();
  CHECK(data.map.bounds().columns == 57);
  CHECK(data.map.bounds().rows == 67);
  CHECK(data.map.title().find("rebuilt") != std::string::npos);  // the map says it is rebuilt
  CHECK_FALSE(data.track.empty());
}

TEST_CASE("every scenario loads and validates", "[data]") {
  const auto& data = game_data();
  const auto slugs = hd::loader::list_scenarios(default_data_root());
  CHECK(slugs.size() >= 5u);
  for (const auto& slug : slugs) {
    ScenarioReport report;
    const auto scenario = hd::loader::load_scenario(default_data_root(), slug, data, report);
    INFO(slug << "\n" << all(scenario.errors));
    CHECK(scenario.value);
  }
}

TEST_CASE("town hexes lie where the scenarios put them (2.2, 18.0-25.0)", "[data]") {
  const auto& map = game_data().map;
  const std::vector<std::pair<const char*, std::vector<const char*>>> towns{
      {"Ligny", {"3755", "3854", "3855", "3955"}},
      {"St Amand", {"3256", "3357", "3457"}},
      {"Waterloo", {"0606", "0607", "0708", "0709"}},
      {"Wavre", {"4206", "4306", "4307"}},
      {"Quatre Bras", {"1641"}},
  };
  for (const auto& [name, hexes] : towns) {
    for (const char* hex : hexes) {
      INFO(name << " " << hex);
      CHECK(map.terrain(h(hex)) == HexTerrain::Town);
    }
  }
  CHECK(map.find_feature(MapFeatureKind::Label, "Maison du Roi")->hexes == std::vector<Hex>{h("1022")});
  for (const char* chateau : {"Hougoumont", "La Haye Sainte", "Papelotte", "Frichermont"}) {
    INFO(chateau);
    const MapFeature* feature = map.find_feature(MapFeatureKind::Chateau, chateau);
    REQUIRE(feature);
    CHECK(map.terrain(feature->hexes.front()) == HexTerrain::Chateau);
  }
}

TEST_CASE("the chaussees join the places the rules name", "[data]") {
  const auto& map = game_data().map;
  // Walk the road network from Quatre Bras: Genappe, Maison du Roi, Waterloo and the Nivelles
  // entry hex must all be reachable along road hexsides alone.
  std::set<Hex> reached{h("1641")};
  std::vector<Hex> frontier{h("1641")};
  while (!frontier.empty()) {
    const Hex hex = frontier.back();
    frontier.pop_back();
    for (Hex next : neighbours(hex)) {
      if (!map.bounds().contains(next) || reached.count(next)) continue;
      if (map.path(*Hexside::between(hex, next)) != PathKind::Road) continue;
      reached.insert(next);
      frontier.push_back(next);
    }
  }
  for (const char* place : {"1022", "0606", "0136", "1167"}) {
    INFO("road from Quatre Bras to " << place);
    CHECK(reached.count(h(place)));
  }
}

TEST_CASE("the orders of battle hold the stated counter values (nlb-data.md)", "[data]") {
  const auto& oob = game_data().oob;
  const UnitDefinition* bylandt = oob.find_unit(Army::Allied, "Blndt");
  REQUIRE(bylandt);
  CHECK(bylandt->full_strength->value == 4);
  CHECK(bylandt->full_strength->provenance == Provenance::Stated);
  int derived = 0;
  int without_strength = 0;
  for (const auto& unit : oob.units()) {
    REQUIRE(unit.movement);
    if (!unit.full_strength) {
      ++without_strength;
      CHECK_FALSE(unit.variant.empty());  // only variant counters lack a strength
      continue;
    }
    if (unit.full_strength->provenance == Provenance::Derived) {
      ++derived;
      CHECK(unit.full_strength->source.rfind("derived", 0) == 0);
    }
  }
  CHECK(derived > 100);
  CHECK(without_strength < 10);
}

TEST_CASE("the ground of the combat example agrees with the map (6.0, page 9)", "[data]") {
  const auto& data = game_data();
  const GameMap& map = data.map;
  // Gemioncourt: a town behind a stream, so van Opstal is doubled once (6.3C), not twice.
  CHECK(map.terrain(h("1643")) == HexTerrain::Town);
  const auto south = map.hexside(*Hexside::between(h("1643"), h("1644")));
  CHECK((south.has(HexsideFeature::Stream) || south.has(HexsideFeature::Bridge)));
  // Pireaumont: a town, the brook on its southern sides.
  CHECK(map.terrain(h("1944")) == HexTerrain::Town);
  CHECK(map.hexside(*Hexside::between(h("1944"), h("1945"))).has(HexsideFeature::Stream));
  // Marcillac, two hexes from Gemioncourt, cannot see it: crests block the line of sight (7.3).
  const std::vector<TrackTurn>& track = data.track;
  std::vector<RulesetError> errors;
  ScenarioReport report;
  auto scenario = hd::loader::load_scenario(default_data_root(), "quatre-bras", data, report);
  REQUIRE(scenario.value);
  auto rules =
      make_ruleset(map, data.terrain_effects, data.crt, data.oob, track, *scenario.value, RuleChoice{}, errors);
  REQUIRE(rules);
  CHECK(distance(h("1645"), h("1643")) == 2);
  CHECK_FALSE(line_of_sight_clear(*rules, h("1645"), h("1643")));
  // Pack "in woods": the Bois de Bossu beside Quatre Bras.
  CHECK(map.terrain(h("1542")) == HexTerrain::Forest);
}

TEST_CASE("a counter manifest changes a unit's printed values in a new game", "[data]") {
  const auto manifest = std::filesystem::temp_directory_path() / "hd-manifest-test.tsv";
  {
    std::ofstream out(manifest);
    out << "# my printed "
           "counters\narmy\tid\tfull_strength\treduced_strength\tmovement\nallied\tBlndt\t7\t3\t5\n";
  }
  const auto game = hd::loader::start_scenario_game(default_data_root(), {"quatre-bras", {}, {}, manifest});
  std::string errors;
  for (const auto& e : game.errors)
    errors += e.to_string() + "\n";
  INFO(errors);
  REQUIRE(game.value);
  const auto bylandt = find_unit(*game.value, Army::Allied, "Blndt");
  REQUIRE(bylandt);
  CHECK(game.value->units[*bylandt].full_strength == 7);
  CHECK(game.value->units[*bylandt].movement == 5);
  const UnitDefinition* definition = game.value->rules->oob.find_unit(Army::Allied, "Blndt");
  CHECK(definition->full_strength->provenance == Provenance::Manifest);
  std::filesystem::remove(manifest);
}

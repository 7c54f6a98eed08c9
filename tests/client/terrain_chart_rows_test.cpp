// Issue 16: the terrain effects chart's rows (F2) are the TEC data file's values as the loader reads
// it, in words: movement in MP (half MP halved), hexsides added, prohibited as P, effects named.
#include "view/terrain_chart_rows.hpp"

#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

using hd::client::MapSample;
using hd::client::TerrainChartRow;

namespace {

const TerrainChartRow& row(const std::vector<TerrainChartRow>& rows, MapSample sample) {
  const auto found =
      std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.sample == sample; });
  REQUIRE(found != rows.end());
  return *found;
}

}  // namespace

TEST_CASE("terrain chart (issue 16): movement costs in MP", "[terrain_chart]") {
  CHECK(hd::client::mp_words(2, false) == "1");
  CHECK(hd::client::mp_words(1, false) == "1/2");
  CHECK(hd::client::mp_words(3, false) == "1 1/2");
  CHECK(hd::client::mp_words(4, true) == "+2");
  CHECK(hd::client::mp_words(0, true) == "+0");
  CHECK(hd::client::mp_words(std::nullopt, true) == "P");
}

TEST_CASE("terrain chart (issue 16): one row per terrain from the shipped TEC file", "[terrain_chart]") {
  const auto data = hd::loader::load_game_data(hd::loader::default_data_root());
  REQUIRE(data.value);
  const auto rows = hd::client::terrain_chart_rows(data.value->terrain_effects);
  CHECK(rows.size() == 12);  // 5 hex terrains, road and trail, 5 hexside features
  // scenarios/tables/terrain-effects.tsv: forest 4 / 8 half MP, cavalry halved, blocks sight.
  const auto& forest = row(rows, MapSample::Forest);
  CHECK(forest.name == "forest");
  CHECK(forest.foot == "2");
  CHECK(forest.mounted == "4");
  CHECK(forest.combat == "cavalry halved (6.3)");
  CHECK(forest.sight == "blocks (7.3)");
  CHECK(row(rows, MapSample::Clear).foot == "1");
  CHECK(row(rows, MapSample::Town).combat == "defender doubled");
  CHECK(row(rows, MapSample::Chateau).zoc == "no ZOC into (5.3)");
  CHECK(row(rows, MapSample::Road).foot == "1/2");
  CHECK(row(rows, MapSample::Trail).mounted == "1");
  CHECK(row(rows, MapSample::Stream).foot == "+2");
  CHECK(row(rows, MapSample::River).foot == "P");
  CHECK(row(rows, MapSample::River).zoc == "blocks ZOC");
  CHECK(row(rows, MapSample::Bridge).mounted == "+0");
  CHECK(row(rows, MapSample::Lake).combat == "no attack across");
}

TEST_CASE("terrain chart (issue 16): a changed data file changes the chart", "[terrain_chart]") {
  // The chart reads the numbers; it does not know them: forest at 6 half MP for foot shows 3 MP.
  std::vector<hd::engine::DataError> errors;
  std::ifstream file(hd::loader::default_data_root() / "tables" / "terrain-effects.tsv");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const auto at = text.find("forest\thex\t4\t8");
  REQUIRE(at != std::string::npos);
  text.replace(at, 14, "forest\thex\t6\t8");
  const auto effects = hd::engine::TerrainEffects::parse(text, "terrain-effects.tsv", errors);
  REQUIRE(effects);
  CHECK(row(hd::client::terrain_chart_rows(*effects), MapSample::Forest).foot == "3");
}

// Odds (6.2) and the combat results table (6.4), on the shipped chart.
#include "build_paths.hpp"

#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/board/terrain_effects.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace hd::engine;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CombatResultsTable shipped_crt() {
  std::vector<DataError> errors;
  auto crt = CombatResultsTable::parse(read(hd::test::data_root() + "/tables/crt.tsv"), "crt.tsv", errors);
  REQUIRE(errors.empty());
  REQUIRE(crt);
  return *crt;
}

OddsColumn col(const char* text) {
  return *parse_odds_column(text);
}

}  // namespace

TEST_CASE("6.2A odds are rounded in the defender's favour", "[crt]") {
  CHECK(odds_column(11, 4).to_string() == "2-1");
  CHECK(odds_column(4, 11).to_string() == "1-3");
  CHECK(odds_column(17, 4).to_string() == "4-1");  // the combat example: 17 against Bylandt's 4
  CHECK(odds_column(8, 8).to_string() == "1-1");
  CHECK(odds_column(7, 8).to_string() == "1-2");
  CHECK(odds_column(3, 7).to_string() == "1-3");
  CHECK(odds_column(5, 9).to_string() == "1-2");
}

TEST_CASE("6.2B odds are clamped to 1-5 and 6-1", "[crt]") {
  CHECK(odds_column(40, 3).to_string() == "6-1");
  CHECK(odds_column(1, 12).to_string() == "1-5");
  CHECK(odds_column(1, 5).to_string() == "1-5");
  CHECK(odds_column(6, 1).to_string() == "6-1");
}

TEST_CASE("odds never favour the attacker more as the defence grows", "[crt]") {
  for (int attack = 1; attack <= 40; ++attack) {
    for (int defence = 1; defence < 40; ++defence) {
      CHECK(odds_column(attack, defence + 1) <= odds_column(attack, defence));
      CHECK(odds_column(attack, defence) <= odds_column(attack + 1, defence));
    }
  }
}

TEST_CASE("6.4 the shipped CRT agrees with the rulebook's examples", "[crt]") {
  const auto crt = shipped_crt();
  CHECK(crt.result(col("3-1"), 4) == CombatResult::DefenderRetreat);  // combat example, page 9
  CHECK(crt.result(col("1-1"), 1) == CombatResult::DefenderRetreat);
  CHECK(crt.result(col("1-2"), 3) == CombatResult::AttackerRetreat);
  for (int die = 1; die <= 6; ++die)
    CHECK(crt.result(col("3-1"), die) != CombatResult::Exchange);
  // 17.0 Hougoumont: at 4-1 an attack succeeds one time in three (De on 1, Ex on 6).
  CHECK(crt.result(col("4-1"), 1) == CombatResult::DefenderEliminated);
  CHECK(crt.result(col("4-1"), 6) == CombatResult::Exchange);
  CHECK(crt.result(col("1-5"), 6) == CombatResult::AttackerEliminated);
  CHECK(crt.result(col("6-1"), 1) == CombatResult::DefenderEliminated);
}

TEST_CASE("a broken CRT file is refused with file and line", "[crt]") {
  std::vector<DataError> errors;
  CHECK_FALSE(CombatResultsTable::parse("die\t1-5\n1\tAr\n", "bad.tsv", errors));
  CHECK_FALSE(errors.empty());
  errors.clear();
  std::string text = read(hd::test::data_root() + "/tables/crt.tsv");
  text.replace(text.rfind("Ex"), 2, "Zz");
  CHECK_FALSE(CombatResultsTable::parse(text, "crt.tsv", errors));
  REQUIRE_FALSE(errors.empty());
  CHECK(errors[0].message == "unknown result 'Zz' (Ae, Ar, Ex, Dr, De)");
}

TEST_CASE("the shipped TEC gives costs in half movement points", "[tec]") {
  std::vector<DataError> errors;
  const auto tec =
      TerrainEffects::parse(read(hd::test::data_root() + "/tables/terrain-effects.tsv"), "tec.tsv", errors);
  REQUIRE(errors.empty());
  REQUIRE(tec);
  const auto foot = static_cast<std::size_t>(MoverClass::Foot);
  const auto mounted = static_cast<std::size_t>(MoverClass::Mounted);
  CHECK(tec->hex(HexTerrain::Clear).half_mp[foot] == 2);
  CHECK(tec->hex(HexTerrain::Forest).half_mp[foot] == 4);
  CHECK(tec->hex(HexTerrain::Forest).half_mp[mounted] == 8);
  CHECK(tec->hex(HexTerrain::Chateau).combat == CombatEffect::DefenderTripledInfantry);
  CHECK(tec->hex(HexTerrain::Chateau).zoc == ZocEffect::NotInto);
  CHECK(tec->path(PathKind::Road).half_mp[foot] == 1);             // 5.2B: 1/2 MP
  CHECK(tec->hexside(HexsideFeature::Stream).half_mp[foot] == 4);  // +2 MP
  CHECK_FALSE(tec->hexside(HexsideFeature::River).half_mp[foot]);  // prohibited
  CHECK(tec->hexside(HexsideFeature::Crest).sight == SightEffect::Blocks);
  CHECK(tec->hexside(HexsideFeature::Lake).zoc == ZocEffect::Blocked);

  errors.clear();
  CHECK_FALSE(
      TerrainEffects::parse("feature\tkind\tfoot\tmounted\tcombat\tzoc\tlos\tprovenance\nclear\thex\t2\t2\tno"
                            "ne\tnormal\tclear\tx\n",
                            "tec.tsv", errors));
  bool missing_forest = false;
  for (const auto& e : errors)
    missing_forest |= e.message == "no row for 'forest'";
  CHECK(missing_forest);
}

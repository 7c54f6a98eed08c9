// The Campaign's special rules that the scenario data carries out (22.6F, 16.1B), checked on the real
// scenarios (they still lack other special rules, so they load with the development flag).
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

using namespace hd::engine;

namespace {

bool in_game(const GameState& state, std::string_view id) {
  return std::any_of(state.units.begin(), state.units.end(),
                     [&](const UnitState& unit) { return unit.army == Army::Allied && unit.id == id; });
}

}  // namespace

TEST_CASE("22.6F Cole is never used; Colville only with the Hal Force", "[rules][22.6F]") {
  for (const std::string scenario : {"campaign", "campaign-variant"}) {
    INFO(scenario);
    for (const bool hal_force : {false, true}) {
      std::vector<std::string> options;
      if (hal_force) options = {"22.4C", "22.6B"};  // 22.6B shifts 22.4C's levels
      const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                        {scenario, options, {}, std::nullopt, true});
      REQUIRE(game.value);
      CHECK_FALSE(in_game(*game.value, "Cole"));
      CHECK(in_game(*game.value, "Colville") == hal_force);
      CHECK(in_game(*game.value, "Wellington"));  // the check sees the Allied leaders at all
    }
  }
}

TEST_CASE("16.1B the Campaign's 16.1 option brings the rifles in with their brigades, 16.1B in force",
          "[rules][16.1B]") {
  const auto plain = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                     {"campaign", {}, {}, std::nullopt, false});
  REQUIRE(plain.value);
  CHECK_FALSE(in_game(*plain.value, "Rifles-1"));
  CHECK_FALSE(rule_in_force(*plain.value->rules, "16.1B"));
  // The option plays by the book: its substitutes are placed by its own lines (NOTES R-C13).
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"campaign", {"16.1"}, {}, std::nullopt, false});
  REQUIRE(game.value);
  const GameState& state = *game.value;
  CHECK(state.rules->by_the_book());
  CHECK(rule_in_force(*state.rules, "16.1B"));
  for (const UnitState& unit : state.units) {
    if (unit.id == "Rifles-1") {
      CHECK(unit.status == UnitStatus::OnMap);
      CHECK(format_hex(unit.hex) == "1633");  // with Kempt and Picton
    }
    if (unit.id == "Rifles-2" || unit.id == "Rifles-3") CHECK(unit.status == UnitStatus::Waiting);
  }
  CHECK(in_game(state, "Rifles-2"));
  CHECK(in_game(state, "Rifles-3"));
}

TEST_CASE("16.1 the Campaign's variant counters take the places of the counters they replace",
          "[rules][16.1]") {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {"campaign", {"16.1"}, {}, std::nullopt, false});
  REQUIRE(game.value);
  const GameState& state = *game.value;
  // Any army's unit by id.
  const auto present = [](const GameState& game, std::string_view id) {
    return std::any_of(game.units.begin(), game.units.end(),
                       [&](const UnitState& unit) { return unit.id == id; });
  };
  const auto hex_of = [&](const std::string& id) {
    for (const UnitState& unit : state.units)
      if (unit.id == id && unit.status == UnitStatus::OnMap) return format_hex(unit.hex);
    return std::string("-");
  };
  // The replaced counters are out of the game; each substitute stands where its counter set up.
  for (const char* gone : {"Bttlr", "Duch [G]", "Lall", "St. Maur", "Blndt", "Wmar", "Opstl"}) {
    INFO(gone);
    CHECK_FALSE(present(state, gone));
  }
  CHECK(hex_of("Gd") == "1430");  // the Brunswick Light Brigade's two counters, with Brunswick
  CHECK(hex_of("Bttlr (sub)") == "1430");
  CHECK(hex_of("Lt [G]") == "1451");   // with Lf-Ds
  CHECK(hex_of("Hvy [G]") == "3264");  // with Guyot
  CHECK(hex_of("Res") == "3363");      // Lall's hex
  CHECK(hex_of("Gr") == "3363");
  CHECK(hex_of("Ch") == "3364");  // St. Maur's hex
  CHECK(hex_of("Yng") == "3364");
  CHECK(hex_of("Blndt (3-4)") == "1845");  // 19.5E
  // Without the option the basic counters stand there.
  const auto plain = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                     {"campaign", {}, {}, std::nullopt, false});
  REQUIRE(plain.value);
  CHECK(present(*plain.value, "Bttlr"));
  CHECK(present(*plain.value, "Duch [G]"));
  CHECK(present(*plain.value, "Lall"));
  CHECK_FALSE(present(*plain.value, "Gd"));
  CHECK_FALSE(present(*plain.value, "Res"));
}

// The Campaign's special rules that the scenario data carries out (22.6F), checked on the real
// scenarios (they still lack other special rules, so they load with the development flag).
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
      if (hal_force) options.push_back("22.6B");
      const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                        {scenario, options, {}, std::nullopt, true});
      REQUIRE(game.value);
      CHECK_FALSE(in_game(*game.value, "Cole"));
      CHECK(in_game(*game.value, "Colville") == hal_force);
      CHECK(in_game(*game.value, "Wellington"));  // the check sees the Allied leaders at all
    }
  }
}

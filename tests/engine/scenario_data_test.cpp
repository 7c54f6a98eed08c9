// The shipped scenario files read as the rules say: values checked on the real data, where a
// hand-built scenario would only test the parser.
#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

using namespace hd::engine;

namespace {

GameState start(const std::string& scenario) {
  const auto game =
      hd::loader::start_scenario_game(hd::loader::default_data_root(), {scenario, {}, {}, std::nullopt});
  REQUIRE(game.value);
  return *game.value;
}

// Ends phases, whoever is pending, until the game reaches `turn`.
void end_phases_until(GameState& state, TurnName turn) {
  const DieRoller never = []() -> int {
    FAIL("no die may be rolled by ending an empty phase");
    return 1;
  };
  while (state.current_turn().name < turn) {
    REQUIRE(state.phase != Phase::GameOver);
    apply(state, pending_decision(state).side, EndPhaseAction{}, never);
  }
}

using Levels = std::pair<std::optional<int>, std::optional<int>>;

}  // namespace

TEST_CASE("19.3 Quatre Bras: French 10, then 25 from 16/1600; Allies 25 and 40 (derived levels)",
          "[rules][19.3]") {
  GameState state = start("quatre-bras");
  CHECK(morale_levels(state, Army::French) == Levels{10, std::nullopt});
  CHECK(morale_levels(state, Army::Allied) == Levels{25, 40});
  end_phases_until(state, TurnName{16, 1500});
  CHECK(morale_levels(state, Army::French) == Levels{10, std::nullopt});
  end_phases_until(state, TurnName{16, 1600});
  CHECK(morale_levels(state, Army::French) == Levels{25, std::nullopt});
  CHECK(morale_levels(state, Army::Allied) == Levels{25, 40});
}

TEST_CASE("10.0, 11.0 are refused where the set-up names no leader; 15.2 where 22.5B is played",
          "[data][10.0][11.0][15.2][22.5B]") {
  // Ligny, Wavre and Historic Wavre offer 10.0 and 11.0 (18.1, 20.1) but set up no leader (Ligny's
  // "Soult" is the cavalry division): chosen, they would place nobody and put every unit out of command.
  for (const char* scenario : {"ligny", "wavre", "historic-wavre"}) {
    INFO(scenario);
    for (const char* rule : {"10.0", "11.0"}) {
      const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                        {scenario, {}, {rule}, std::nullopt});
      CHECK_FALSE(game.value);
      std::string errors;
      for (const auto& e : game.errors)
        errors += e.to_string() + "\n";
      CHECK(errors.find("names no leader") != std::string::npos);
    }
  }
  // The Campaign plays 22.5B, which precludes 15.2; 15.1 stays offered.
  const auto campaign = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                        {"campaign", {}, {"15.2"}, std::nullopt, true});
  CHECK_FALSE(campaign.value);
  std::string errors;
  for (const auto& e : campaign.errors)
    errors += e.to_string() + "\n";
  CHECK(errors.find("plays 22.5B, which replaces 15.2") != std::string::npos);
  // 24.1A puts 22.5B in effect in the grand scenarios: 15.2 is precluded there too.
  for (const char* grand : {"grand-ligny", "grand-waterloo"}) {
    INFO(grand);
    const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                      {grand, {}, {"15.2"}, std::nullopt, true});
    CHECK_FALSE(game.value);
    std::string grand_errors;
    for (const auto& e : game.errors)
      grand_errors += e.to_string() + "\n";
    CHECK(grand_errors.find("plays 24.1A, which replaces 15.2") != std::string::npos);
  }
}

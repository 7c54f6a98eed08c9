// The non-battle scenarios' own sections that the data carries alone (no module of their own): the
// rules each puts in force (22.0, 23.0A, 24.1, 26.0A, 28.0A), its turns (22.2B, 28.0B), its army and
// corps levels (22.3, 24.3) and 26.0G's added victory condition, on the shipped scenarios.
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <string>

using namespace hd::engine;

namespace {

GameState start(const std::string& scenario) {
  auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                              {scenario, {}, {}, std::nullopt, false});
  REQUIRE(game.value);
  return std::move(*game.value);
}

bool in_force(const GameState& state, const char* rule) {
  return rule_in_force(*state.rules, rule);
}

}  // namespace

TEST_CASE("23.0A the Quatre Bras Variant plays 1.0-7.0 and 9.0-11.0: no chateaux, no reorganization",
          "[data][rules][23.0A]") {
  const GameState state = start("quatre-bras-variant");
  for (const char* rule : {"1.0", "5.0", "7.0", "9.0", "10.0", "11.0"}) {
    INFO(rule);
    CHECK(in_force(state, rule));
  }
  CHECK_FALSE(in_force(state, "8.0"));
  CHECK_FALSE(in_force(state, "12.0"));
  CHECK_FALSE(in_force(state, "13.0"));
}

TEST_CASE("26.0A the La Belle Alliance Variant plays 1.0-11.0 with 16.1's counters, not 12.0-14.0",
          "[data][rules][26.0A]") {
  const GameState state = start("la-belle-alliance-variant");
  CHECK(in_force(state, "8.0"));
  CHECK(in_force(state, "11.0"));
  for (const char* rule : {"12.0", "13.0", "14.0"}) {
    INFO(rule);
    CHECK_FALSE(in_force(state, rule));
  }
}

TEST_CASE("28.0A the Campaign Variant plays 1.0-14.0 with 16.14 and 16.17 always; 28.0B from 16/0900",
          "[data][rules][28.0A][28.0B][22.2B]") {
  const GameState variant = start("campaign-variant");
  for (const char* rule : {"10.0", "11.0", "12.0", "13.0", "14.0", "16.14", "16.17"}) {
    INFO(rule);
    CHECK(in_force(variant, rule));
  }
  CHECK_FALSE(in_force(variant, "15.1"));  // optional: chosen or not
  CHECK((variant.rules->turns.front().name == TurnName{16, 900}));
  CHECK((variant.rules->turns.back().name == TurnName{18, 2100}));
  // 22.2B: the Campaign from 16/1400, without 16.14 and 16.17 unless chosen.
  const GameState campaign = start("campaign");
  CHECK((campaign.rules->turns.front().name == TurnName{16, 1400}));
  CHECK((campaign.rules->turns.back().name == TurnName{18, 2100}));
  CHECK(in_force(campaign, "14.0"));
  CHECK_FALSE(in_force(campaign, "16.17"));
}

TEST_CASE("22.3 and 24.3 the campaigns' and Grand Ligny's army and corps levels",
          "[data][rules][22.3][24.3]") {
  const GameState ligny = start("grand-ligny");
  // 24.3: army morale with corps morale (13.0).
  CHECK(in_force(ligny, "9.0"));
  CHECK(in_force(ligny, "13.0"));
  CHECK(morale_levels(ligny, Army::French).first == 60);
  CHECK(morale_levels(ligny, Army::Prussian) == std::pair<std::optional<int>, std::optional<int>>{55, 75});
  CHECK(morale_levels(ligny, Army::Allied).first == 25);
  CHECK(corps_morale_level(*ligny.rules, Army::French, "[1]") == 15);
  // 22.3: the Campaign's morale box (scenarios/campaign/NOTES.md R-C5).
  const GameState campaign = start("campaign");
  CHECK(corps_morale_level(*campaign.rules, Army::French, "[G]") == 20);
  CHECK(corps_morale_level(*campaign.rules, Army::Prussian, "[3]") == 14);
  CHECK(corps_morale_level(*campaign.rules, Army::Allied, "netherlands") == 7);
}

TEST_CASE("26.0G the Coalition also wins by controlling Maison du Roi (1022)", "[data][rules][26.0G]") {
  GameState state = start("la-belle-alliance-variant");
  const Hex maison{10, 22};
  REQUIRE(state.control.at(maison) == Side::French);  // occupied by the French at the start (3.4B)
  const GameResult held = final_result(state);
  CHECK(held.text.find("Maison du Roi") == std::string::npos);
  state.control[maison] = Side::Coalition;
  const GameResult taken = final_result(state);
  CHECK(taken.winner == Side::Coalition);
  CHECK(taken.text.find("Maison du Roi") != std::string::npos);
}

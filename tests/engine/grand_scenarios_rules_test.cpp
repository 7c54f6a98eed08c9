// Special rules of Grand Ligny (24.0), the La Belle Alliance Variant (26.0F) and Grand Waterloo (27.1D)
// on small hand-built games (src/scenarios/).
#include "rules_fixture.hpp"

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/victory/victory.hpp>

using namespace hd::test;

namespace {

const std::vector<TestUnit> kUnits{{"french", "A", "infantry", 4, 4, "[2]"},
                                   {"prussian", "P", "infantry", 4, 4, "[1]"},
                                   {"prussian", "R", "infantry", 4, 4, "[1]"},
                                   {"prussian", "S", "infantry", 4, 4, "15/[4]"}};

const std::string kLeaders =
    "Napoleon\tNapoleon\tfrench\tcommander\t\t4\t\n"
    "Bulow\tBulow\tprussian\tofficer\t[4]\t\t\n";

void advance_to(GameState& state, int turn, Side side) {
  while (!(state.turn == turn && state.phasing == side && state.phase == Phase::Movement)) {
    REQUIRE(state.phase != Phase::GameOver);
    apply(state, state.phasing, EndPhaseAction{}, no_dice());
  }
}

}  // namespace

TEST_CASE("24.0 the Coalition wins decisively if Napoleon is eliminated", "[rules][24.0]") {
  const std::string body =
      "rules 1.0-10.0\nsetup french 0101 : A Napoleon\nsetup prussian 1201 : P\n"
      "victory french marginal \"the French hold on\" : otherwise\n";
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game_with_leaders("", kUnits, kLeaders,
                                        body + (rule ? "special 24.0 \"Napoleon eliminated\"\n" : ""));
    CHECK(final_result(state).winner == Side::French);  // he is in play: the scenario's conditions
    state.units[unit(state, "Napoleon")].status = UnitStatus::Eliminated;  // as 10.2 leaves him
    const GameResult result = final_result(state);
    CHECK(result.winner == (rule ? Side::Coalition : Side::French));
    CHECK(result.level == (rule ? "decisive" : "marginal"));
  }
}

TEST_CASE("26.0F the Prussian army stays demoralized although its level rises", "[rules][26.0F]") {
  auto state = make_game("", kUnits,
                         "setup french 0101 : A\nsetup prussian 1201 : P\nsetup prussian 1203 : R\n"
                         "morale-at prussian 16/1400 demoralization 4\n"
                         "morale-at prussian 16/1500 demoralization 20\n"
                         "special 26.0F \"stays demoralized\"\n");
  const auto prussian = static_cast<std::size_t>(Army::Prussian);
  state.units[unit(state, "R")].status = UnitStatus::Eliminated;  // a 4-SP unit lost (hand-built)
  state.eliminated_strength[prussian] = 4;
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  REQUIRE(state.demoralized[prussian]);
  advance_to(state, 1, Side::French);
  CHECK(*morale_levels(state, Army::Prussian).first == 20);  // the level has risen past the losses
  apply(state, Side::French, EndPhaseAction{}, no_dice());
  CHECK(state.demoralized[prussian]);
}

TEST_CASE("27.1D no Prussian unit or leader moves or enters on 18/1200; the French do", "[rules][27.1D]") {
  const std::string body =
      "setup french 0101 : A\nsetup prussian 1201 : P\nreinforce prussian 18/1200 at 1212 : R\n";
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game("", kUnits, body + (rule ? "special 27.1D \"Prussians halt\"\n" : ""),
                           "turns 16/1600 18/1200\n");
    advance_to(state, 0, Side::Coalition);
    CHECK(refused_by(state, Side::Coalition, move(state, "P", {"1202"})) == "");  // 16/1600
    advance_to(state, 3, Side::French);
    REQUIRE(state.current_turn().name == (TurnName{18, 1200}));
    CHECK(refused_by(state, Side::French, move(state, "A", {"0102"})) == "");
    advance_to(state, 3, Side::Coalition);
    CHECK(refused_by(state, Side::Coalition, move(state, "P", {"1202"})) == (rule ? "27.1D" : ""));
    CHECK(refused_by(state, Side::Coalition, move(state, "R", {"1212"})) == (rule ? "27.1D" : ""));
  }
}

TEST_CASE("27.1E Bulow is always in command, and commands his corps within 3 hexes", "[rules][27.1E]") {
  const std::string body =
      "rules 1.0-11.0\nsetup french 0101 : A Napoleon\nsetup prussian 1201 : S Bulow\n"
      "setup prussian 1205 : P\nsetup prussian 1210 : R\n";
  for (const bool rule : {true, false}) {
    INFO(rule);
    auto state = make_game_with_leaders("", kUnits, kLeaders,
                                        body + (rule ? "special 27.1E \"Bulow in command\"\n" : ""));
    advance_to(state, 0, Side::Coalition);  // the Prussian command segment has run (no commander)
    CHECK(out_of_command(state, unit(state, "Bulow")) == !rule);
    CHECK(out_of_command(state, unit(state, "S")) == !rule);  // 15/[4], with him
    CHECK(out_of_command(state, unit(state, "P")));           // [1]: not of his corps
  }
}

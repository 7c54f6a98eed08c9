// 22.2C, 24.2C, 26.0E and 27.2C on the real scenarios: every officer on the map at the start stands with a
// unit of his own command (the data's placement is one of the rule's), and may set up with any other
// (they still lack other special rules, so they load with the development flag).
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/setup_phase.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace hd::engine;

namespace {

GameState start(const std::string& scenario) {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {scenario, {}, {}, std::nullopt, true});
  REQUIRE(game.value);
  return *game.value;
}

// The hexes of the on-map combat units of the officer's organization (11.1B).
std::set<Hex> command_hexes(const GameState& state, const UnitState& officer) {
  std::set<Hex> hexes;
  for (const UnitState& unit : state.units)
    if (unit.on_map() && !unit.is_leader() && in_organization(unit, officer)) hexes.insert(unit.hex);
  return hexes;
}

// Ends set-up phases until `side` sets up (or play begins).
void to_setup_of(GameState& state, Side side) {
  while (state.phase == Phase::Setup && state.phasing != side)
    apply(state, state.phasing, EndPhaseAction{}, [] { return 1; });
}

}  // namespace

TEST_CASE(
    "22.2C 24.2C 27.2C on the real scenarios: each officer set up with his command may go to any "
    "unit of it",
    "[rules][22.2C][24.2C][26.0E][27.2C]") {
  for (const std::string scenario :
       {"campaign", "grand-ligny", "la-belle-alliance-variant", "grand-waterloo"}) {
    INFO(scenario);
    for (const Side side : {Side::French, Side::Coalition}) {
      GameState state = start(scenario);
      REQUIRE(state.phase == Phase::Setup);
      to_setup_of(state, side);
      REQUIRE(state.phase == Phase::Setup);
      int officers = 0;
      for (std::size_t i = 0; i < state.units.size(); ++i) {
        const UnitState& officer = state.units[i];
        if (!officer.on_map() || !officer.is_leader() || officer.command.empty() ||
            side_of(officer.army) != side)
          continue;
        INFO(officer.id);
        ++officers;
        const auto offered = placement_hexes(state, static_cast<UnitIndex>(i));
        const std::set<Hex> offered_set(offered.begin(), offered.end());
        CHECK(offered_set.size() == offered.size());  // each hex once
        CHECK(offered_set.count(officer.hex) == 1);   // the data's hex is one of them
        std::set<Hex> expected = command_hexes(state, officer);
        if (scenario == "grand-waterloo" && officer.army == Army::French) {
          // 27.2C: two officers with the left wing (west of column 29), two with the right.
          if (officer.id == "Reille" || officer.id == "Mouton")
            std::erase_if(expected, [](Hex hex) { return hex.column >= 29; });
          if (officer.id == "Vandamme" || officer.id == "Pajol")
            std::erase_if(expected, [](Hex hex) { return hex.column <= 29; });
        }
        CHECK(offered_set == expected);
      }
      CHECK(officers >= 2);
    }
  }
}

TEST_CASE("27.2C the Duke of Brunswick is not deployed in Grand Waterloo", "[rules][27.2C]") {
  const GameState state = start("grand-waterloo");
  CHECK(std::none_of(state.units.begin(), state.units.end(),
                     [](const UnitState& unit) { return unit.id == "Brunswick"; }));
  CHECK(std::any_of(state.units.begin(), state.units.end(),
                    [](const UnitState& unit) { return unit.id == "Reille"; }));
}

TEST_CASE(
    "26.0E on the real La Belle Alliance Variant: the 15th Brigade's units trade hexes, Blucher "
    "goes to any Prussian unit",
    "[rules][26.0E]") {
  GameState state = start("la-belle-alliance-variant");
  to_setup_of(state, Side::Coalition);
  REQUIRE(state.phase == Phase::Setup);
  const auto find = [&](std::string_view id) {
    for (std::size_t i = 0; i < state.units.size(); ++i)
      if (state.units[i].id == id) return static_cast<UnitIndex>(i);
    FAIL("no unit " << id);
    return UnitIndex{0};
  };
  const std::vector<Hex> brigade{*parse_hex("2312"), *parse_hex("2313"), *parse_hex("2412")};
  CHECK(placement_hexes(state, find("18/15")) == brigade);
  const auto blucher = placement_hexes(state, find("Blucher"));
  CHECK(std::find(blucher.begin(), blucher.end(), *parse_hex("2713")) != blucher.end());  // 15/16
  apply(state, Side::Coalition, PlaceAction{find("18/15"), *parse_hex("2412")}, [] { return 1; });
  CHECK(state.units[find("18/15")].hex == *parse_hex("2412"));
  CHECK(state.units[find("4S/15")].hex == *parse_hex("2312"));
}

TEST_CASE("24.5A on the real Grand Ligny: all of Ligny French costs the Prussians 7 instead of 5",
          "[rules][24.5A][24.4B]") {
  for (const bool larger : {false, true}) {
    INFO(larger);
    std::vector<std::string> optional;
    if (larger) optional.push_back("24.5A");
    const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                      {"grand-ligny", {}, optional, std::nullopt, true});
    REQUIRE(game.value);
    GameState state = *game.value;
    const int before = *morale_levels(state, Army::Prussian).first;
    for (const char* hex : {"3755", "3854", "3855", "3955"})
      state.control[*parse_hex(hex)] = Side::French;
    CHECK(*morale_levels(state, Army::Prussian).first == before - (larger ? 7 : 5));
  }
}

TEST_CASE("27.1B on the real Grand Waterloo: the French (only) may exit, at 3701, scoring no VP",
          "[rules][27.1B]") {
  const GameState state = start("grand-waterloo");
  const Ruleset& rules = *state.rules;
  CHECK(is_exit_hex(rules, Army::French, *parse_hex("3701")));
  CHECK_FALSE(is_exit_hex(rules, Army::Prussian, *parse_hex("3701")));
  CHECK_FALSE(is_exit_hex(rules, Army::Allied, *parse_hex("3701")));
  CHECK_FALSE(is_exit_hex(rules, Army::French, *parse_hex("3702")));
  int exit_lines = 0;
  for (const VpRule& rule : rules.scenario.forces.vp)
    if (rule.kind == VpKind::Exit) {
      ++exit_lines;
      CHECK(rule.side == Side::French);
      CHECK(rule.points == 0);
    }
  CHECK(exit_lines == 1);
}

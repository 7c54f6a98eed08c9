// Die-roll force options on the real scenarios (18.5C, 18.5B with 18.5A, 19.5C): the dice come from
// apply()'s roller at the moments the rules name, and nothing is rolled otherwise.
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/scenarios/quatre_bras.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <memory>

using namespace hd::engine;

namespace {

GameState start(const std::string& scenario, std::vector<std::string> options) {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(),
                                                    {scenario, std::move(options), {}, std::nullopt});
  REQUIRE(game.value);
  return *game.value;
}

GameState ligny(std::vector<std::string> options) {
  return start("ligny", std::move(options));
}

UnitIndex french_unit(const GameState& state, std::string_view id) {
  const auto found = find_unit(state, Army::French, id);
  REQUIRE(found);
  return *found;
}

// Ends phases (accepting every placement, making no moves or attacks) until the French movement
// phase of `turn` has begun, the last EndPhase with `roll`; every earlier phase must roll nothing.
std::vector<Event> end_phases_until(GameState& state, TurnName turn, const DieRoller& roll) {
  const DieRoller none = [] {
    FAIL("no die before the turn");
    return 1;
  };
  while (true) {
    GameState next = state;  // a look ahead: which phase would this EndPhase start?
    apply(next, pending_decision(state).side, EndPhaseAction{}, [] { return 1; });
    const bool arrives =
        next.phase == Phase::Movement && next.phasing == Side::French && next.current_turn().name == turn;
    if (arrives) return apply(state, pending_decision(state).side, EndPhaseAction{}, roll);
    apply(state, pending_decision(state).side, EndPhaseAction{}, none);
  }
}

std::vector<UnitIndex> first_corps(const GameState& state) {
  std::vector<UnitIndex> units;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == Army::French && state.units[i].command.ends_with("[1]"))
      units.push_back(static_cast<UnitIndex>(i));
  return units;
}

}  // namespace

TEST_CASE("18.5C one roll at the 16/1700 French movement phase: 1-3 now, 4-6 the next turn",
          "[rules][18.5C]") {
  for (const int die : {3, 4}) {
    GameState state = ligny({"18.5C"});
    REQUIRE(state.phase == Phase::Setup);
    const auto corps = first_corps(state);
    REQUIRE(corps.size() == 10u);
    for (UnitIndex u : corps)
      CHECK(state.units[u].arrival_turn == -1);
    int rolls = 0;
    const auto events = end_phases_until(state, TurnName{16, 1700}, [&] {
      ++rolls;
      return die;
    });
    CHECK(rolls == 1);
    bool reported = false;
    for (const Event& e : events)
      if (const auto* d = std::get_if<DieRolledEvent>(&e)) reported = d->rule == "18.5C" && d->die == die;
    CHECK(reported);
    const int expected = die <= 3 ? state.turn : state.turn + 1;
    for (UnitIndex u : corps)
      CHECK(state.units[u].arrival_turn == expected);
  }
}

TEST_CASE("18.5C rolls no die when the option is not chosen", "[rules][18.5C]") {
  GameState state = ligny({});
  const auto corps = first_corps(state);
  CHECK(corps.empty());  // the First Corps is in the game only with the option
  end_phases_until(state, TurnName{16, 1700}, [] {
    FAIL("no die");
    return 1;
  });
}

TEST_CASE("19.5C the rolls of Quatre Bras' first French movement phase (16/1400) are made",
          "[rules][19.5C]") {
  // The game begins in a set-up with nothing to place; the French `end` begins 16/1400 and rolls
  // one die per immobile unit, in the rule's order (Lf-Ds, LHer, DUrb, Marc).
  GameState state = start("quatre-bras", {"19.5C"});
  REQUIRE(state.phase == Phase::Setup);
  CHECK(state.phasing == Side::French);
  CHECK(pending_decision(state).side == Side::French);
  CHECK_THAT(pending_decision(state).what, Catch::Contains("end the set-up"));
  for (const char* id : {"Lf-Ds", "LHer", "DUrb", "Marc"})
    CHECK(unreleased_cavalry(state, french_unit(state, id)));
  std::vector<int> dice{4, 1, 6, 2};
  std::size_t next = 0;
  const auto events = apply(state, Side::French, EndPhaseAction{}, [&] {
    REQUIRE(next < dice.size());
    return dice[next++];
  });
  CHECK(next == 4u);
  REQUIRE(state.phase == Phase::Movement);
  CHECK(state.phasing == Side::French);
  CHECK(state.current_turn().name == (TurnName{16, 1400}));
  std::vector<std::string> outcomes;
  for (const Event& e : events)
    if (const auto* d = std::get_if<DieRolledEvent>(&e)) outcomes.push_back(d->rule + " " + d->outcome);
  CHECK(outcomes == std::vector<std::string>{"19.5C Lf-Ds stays", "19.5C LHer is released",
                                             "19.5C DUrb stays", "19.5C Marc stays"});
  // A 1 releases (LHer may move); every other roll leaves the unit immobile (refused as 19.5C).
  CHECK_FALSE(unreleased_cavalry(state, french_unit(state, "LHer")));
  CHECK_FALSE(reachable_hexes(state, french_unit(state, "LHer")).empty());
  for (const char* id : {"Lf-Ds", "DUrb", "Marc"}) {
    CHECK(unreleased_cavalry(state, french_unit(state, id)));
    CHECK(reachable_hexes(state, french_unit(state, id)).empty());
  }
  const UnitIndex durb = french_unit(state, "DUrb");
  const Hex from = state.units[durb].hex;
  const auto refusal =
      validate(state, Side::French, MoveAction{MoveRequest{durb, {Hex{from.column, from.row - 1}}, false}});
  REQUIRE(refusal);
  CHECK(refusal->rule == "19.5C");
}

TEST_CASE("19.5C without the option Quatre Bras starts in the French movement phase, no die",
          "[rules][19.5C]") {
  GameState state = start("quatre-bras", {});
  CHECK(state.phase == Phase::Movement);
  CHECK(state.phasing == Side::French);
  CHECK_FALSE(unreleased_cavalry(state, french_unit(state, "DUrb")));
}

// 26.0B and 26.0C on the real La Belle Alliance Variant: the French Fourth Division holds until
// 18/1300 (the hour reconstructed), and with the early start the Second Corps, the Fourth Cavalry Corps
// and the Guard's infantry hold until 18/1100. Its rifles (16.1B): allied_rifles_test.cpp.
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/rules/sequence/weather.hpp>
#include <hd/engine/state/invariants.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>

using namespace hd::engine;

namespace {

// The scenario, its set-up phase ended by both sides (26.0E), at the first French movement phase.
GameState variant(const std::vector<std::string>& options = {}) {
  const auto game = hd::loader::start_scenario_game(
      hd::loader::default_data_root(), {"la-belle-alliance-variant", options, {}, std::nullopt, false});
  REQUIRE(game.value);
  GameState state = *game.value;
  CHECK(state.rules->missing_rules.empty());  // by the book
  while (state.phase == Phase::Setup)
    apply(state, pending_decision(state).side, EndPhaseAction{}, [] { return 1; });
  REQUIRE(state.phase == Phase::Movement);
  REQUIRE(state.phasing == Side::French);
  return state;
}

UnitIndex find(const GameState& state, std::string_view id) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].id == id) return static_cast<UnitIndex>(i);
  FAIL("no unit " << id);
  return 0;
}

// Ends phases until the French movement phase of the turn named `hhmm` on 18 June.
void to_french_movement(GameState& state, int hhmm) {
  while (!(state.current_turn().name == TurnName{18, hhmm} && state.phasing == Side::French &&
           state.phase == Phase::Movement))
    apply(state, pending_decision(state).side, EndPhaseAction{}, [] { return 1; });
}

// A move of the unit to a hex it could reach if nothing held it: found on a copy of the state taken
// to a turn when nothing does (`free_at`, a turn index), then asked of `state`.
std::string move_refused_by(const GameState& state, std::string_view id, int free_at) {
  GameState free = state;
  free.turn = free_at;
  const auto reach = reachable_hexes(free, find(state, id));
  REQUIRE_FALSE(reach.empty());
  const auto refusal =
      validate(state, Side::French, MoveAction{MoveRequest{find(state, id), reach.front().path, false}});
  return refusal ? refusal->rule : "";
}

}  // namespace

TEST_CASE("26.0B the Fourth Division may not move before 18/1300 (the hour reconstructed)",
          "[rules][26.0B]") {
  GameState state = variant();
  REQUIRE(state.current_turn().name == (TurnName{18, 1100}));
  const int at_1300 = state.rules->turn_index(TurnName{18, 1300});
  CHECK(move_refused_by(state, "Pegot/4", at_1300) == "26.0B");
  CHECK(move_refused_by(state, "Brue/4", at_1300) == "26.0B");
  CHECK(move_refused_by(state, "Huss/5", at_1300).empty());  // the Second Corps moves (no early start)
  to_french_movement(state, 1200);
  CHECK(move_refused_by(state, "Pegot/4", at_1300) == "26.0B");
  to_french_movement(state, 1300);
  CHECK(move_refused_by(state, "Pegot/4", at_1300).empty());
}

TEST_CASE("26.0C with the early start, [2], [4c] and the Guard's infantry hold until 18/1100",
          "[rules][26.0C]") {
  GameState state = variant({"26.0C"});
  REQUIRE(state.current_turn().name == (TurnName{18, 900}));
  const int at_1100 = state.rules->turn_index(TurnName{18, 1100});
  CHECK(move_refused_by(state, "Huss/5", at_1100) == "26.0C");  // Second Corps
  CHECK(move_refused_by(state, "Fri/Gr", at_1100) == "26.0C");  // Guard infantry
  CHECK(move_refused_by(state, "Guyot", at_1100).empty());      // Guard cavalry
  // Still the Fourth Division's own hold (26.0B), until 18/1300.
  CHECK(move_refused_by(state, "Pegot/4", state.rules->turn_index(TurnName{18, 1300})) == "26.0B");
  to_french_movement(state, 1100);
  CHECK(move_refused_by(state, "Huss/5", at_1100).empty());
  CHECK(move_refused_by(state, "Fri/Gr", at_1100).empty());
}

TEST_CASE("16.1B the La Belle Alliance Variant sets the rifles up with their brigades, by the book",
          "[rules][16.1B][26.0E]") {
  const auto game = hd::loader::start_scenario_game(
      hd::loader::default_data_root(), {"la-belle-alliance-variant", {}, {}, std::nullopt, false});
  std::string errors;
  for (const auto& e : game.errors)
    errors += e.to_string() + "\n";
  INFO(errors);
  REQUIRE(game.value);
  const GameState& state = *game.value;
  CHECK(state.rules->missing_rules.empty());
  const auto stack_of = [&](const char* hex) {
    std::vector<std::string> ids;
    for (UnitIndex u : state.units_at(*parse_hex(hex)))
      ids.push_back(state.units[u].id);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  CHECK(stack_of("0915") == std::vector<std::string>{"Heisse", "Kempt", "Rifles-1"});
  CHECK(stack_of("0516") == std::vector<std::string>{"Adam", "Gold", "Rifles-2"});
  CHECK(stack_of("0916") == std::vector<std::string>{"Omptda"});  // La Haye Sainte, a chateau (8.1A)
  bool kgl_rifles_next_to_it = false;
  for (Hex next : neighbours(*parse_hex("0916")))
    for (UnitIndex u : state.units_at(next))
      kgl_rifles_next_to_it = kgl_rifles_next_to_it || state.units[u].id == "Rifles-3";
  CHECK(kgl_rifles_next_to_it);
  CHECK(broken_invariants(state).empty());
}

TEST_CASE("26.0D a mud turn is played as a rain turn, but observation reaches ten hexes (16.3)",
          "[rules][26.0D][16.3]") {
  const GameState state = variant();
  REQUIRE(state.rules->turns[static_cast<std::size_t>(state.turn)].name == TurnName{18, 1100});
  CHECK(raining(state));  // 26.0B: the 1100 turn is a mud turn
  CHECK(observation_distance(state) == 10);
}

// Random legal play to the end of a scenario with invariants checked after every step, and replays
// of its record: random_play_test's helpers, shared with battle_play_test.
#pragma once

#include "game_tally.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/state/game_setup.hpp>
#include <hd/engine/state/invariants.hpp>
#include <hd/engine/state/stacking.hpp>
#include <hd/loader/data_files.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace hd::test {

using namespace hd::engine;

inline GameState new_game(const hd::loader::GameChoice& choice) {
  const auto game = hd::loader::start_scenario_game(hd::loader::default_data_root(), choice);
  std::string errors;
  for (const auto& e : game.errors)
    errors += e.to_string() + "\n";
  INFO(errors);
  REQUIRE(game.value);
  return *game.value;
}

inline GameState new_game(const std::string& scenario, const std::vector<std::string>& options = {}) {
  return new_game({scenario, options, {}, std::nullopt, false});
}

// The engine's invariants (state/invariants.hpp, also checked inside apply() in test builds), and
// losses never shrink (but for 12.0's reorganized units, which play_to_the_end() takes off).
inline void check_invariants(const GameState& state, int previous_losses_total) {
  const auto broken = broken_invariants(state);
  for (const std::string& problem : broken)
    UNSCOPED_INFO(problem);
  REQUIRE(broken.empty());
  REQUIRE(state.eliminated_strength[0] + state.eliminated_strength[1] + state.eliminated_strength[2] >=
          previous_losses_total);
}

// 5.4, 8.1A at the end of every phase; 16.1B: rifle units count apart, three units at most with one.
inline void check_stacking_at_phase_start(const GameState& state) {
  std::map<std::pair<Hex, int>, std::pair<int, int>> count;  // ordinary units, rifle units
  for (const UnitState& unit : state.units) {                // leaders stack freely (10.1B)
    if (!unit.on_map() || unit.is_leader()) continue;
    auto& [ordinary, rifles] = count[{unit.hex, static_cast<int>(side_of(unit.army))}];
    ++(unit.type == UnitType::Rifles ? rifles : ordinary);
  }
  for (const auto& [key, units] : count) {
    INFO("hex " << format_hex(key.first));
    const int limit = stacking_limit(state.rules->map, key.first);
    REQUIRE(units.first <= limit);
    REQUIRE(units.first + units.second <= (units.second > 0 && limit > 1 ? 3 : limit));
  }
}

// A random game played to its end: its record, final hash and what happened in it (game_tally.hpp).
struct Played : GameTally {
  std::uint64_t hash = 0;
  std::string record;
};

// 24.4D, 27.2D: once the army has fallen, as soon as no combat waits for a choice, none of its units
// is on the map or waiting (unless that very action ended the game).
inline void check_withdrawals(const GameState& state) {
  if (state.phase == Phase::GameOver || !state.pending_retreats.empty() || state.pending_advance ||
      state.pending_exchange)
    return;
  const auto in_play = [&](Army army) {
    return std::count_if(state.units.begin(), state.units.end(), [&](const UnitState& unit) {
      return unit.army == army && (unit.status == UnitStatus::OnMap || unit.status == UnitStatus::Waiting);
    });
  };
  if (rule_in_force(*state.rules, "24.4D") && state.demoralized[static_cast<std::size_t>(Army::Allied)])
    REQUIRE(in_play(Army::Allied) == 0);
  if (rule_in_force(*state.rules, "27.2D") && state.disintegrated[static_cast<std::size_t>(Army::Prussian)])
    REQUIRE(in_play(Army::Prussian) == 0);
}

inline Played play_to_the_end(const std::string& scenario, std::uint64_t seed,
                              const std::vector<std::string>& options = {},
                              RandomPlayerStyle style = RandomPlayerStyle::Uniform) {
  GameState state = new_game(scenario, options);
  SplitMix64 random(seed);
  SplitMix64 dice(seed * 7919 + 1);
  Played played;
  int losses = 0;
  while (state.phase != Phase::GameOver) {
    REQUIRE(played.actions < 20000);
    const Side side = pending_decision(state).side;
    const Action action = choose_random_action(state, random, style);
    const auto refusal = validate(state, side, action);
    INFO(format_action(state, side, action)
         << (refusal ? " refused: " + refusal->rule + " " + describe(*refusal, state) : ""));
    REQUIRE_FALSE(refusal);
    std::vector<int> rolled;
    const int turn = state.turn;
    const auto events = apply(state, side, action, [&] {
      rolled.push_back(dice.die());
      return rolled.back();
    });
    played.record += format_action(state, side, action, rolled) + "\n";
    tally_action(played, state, turn, events);
    // 12.0: a reorganized unit is no longer a loss (docs/rules-notes.md, 12.0): its full strength
    // leaves its army's running losses, which otherwise never shrink.
    for (const Event& event : events)
      if (const auto* rule = std::get_if<RuleEvent>(&event))
        if (rule->rule == "12.0" && rule->kind == "reorganized" && !rule->units.empty())
          losses -= state.units[rule->units.front()].full_strength;
    check_invariants(state, losses);
    check_withdrawals(state);
    losses = state.eliminated_strength[0] + state.eliminated_strength[1] + state.eliminated_strength[2];
    for (const Event& event : events)
      if (std::holds_alternative<PhaseStartedEvent>(event)) check_stacking_at_phase_start(state);
  }
  REQUIRE(state.result);
  played.hash = state_hash(state);
  return played;
}

// Replays a record line by line on the game `choice` names; every line must parse and be accepted.
inline GameState replay_state(const hd::loader::GameChoice& choice, const std::string& record) {
  GameState state = new_game(choice);
  std::istringstream lines(record);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const auto parsed = parse_action_line(state, line);
    INFO("line " << number << ": " << line);
    REQUIRE(std::holds_alternative<NotatedAction>(parsed));
    const auto& notated = std::get<NotatedAction>(parsed);
    REQUIRE_FALSE(validate(state, notated.side, notated.action));
    std::size_t used = 0;
    apply(state, notated.side, notated.action, [&] {
      REQUIRE(used < notated.dice.size());
      return notated.dice[used++];
    });
    REQUIRE(used == notated.dice.size());
  }
  return state;
}

inline std::uint64_t replay(const hd::loader::GameChoice& choice, const std::string& record) {
  return state_hash(replay_state(choice, record));
}

inline std::uint64_t replay(const std::string& scenario, const std::string& record,
                            const std::vector<std::string>& options = {}) {
  return replay({scenario, options, {}, std::nullopt, false}, record);
}

}  // namespace hd::test

// What happened in a game, tallied action by action from the engine's events and the state after
// each action: the battles and campaign rules issue 13 asks a campaign game to show (combat
// eliminations, 11.0 command given and withheld, 12.0 reorganizations, 13.0 corps demoralized,
// 14.0 supply checks). Shared by the engine's random play (tests/engine/random_play_helpers.hpp)
// and the server's campaign game replayed from its exported record (tests/server).
#pragma once

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/supply/supply_check.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace hd::test {

struct GameTally {
  int actions = 0;
  std::map<std::string, int> dice_by_rule;  // the rules' own dice (DieRolledEvent), counted by rule
  int eliminations = 0;
  int combat_eliminations = 0;  // 6.5: Ae, De, Ex; 6.6: no retreat
  int out_of_supply = 0;        // 14.0: eliminated out of supply
  int reorganizations = 0;      // 12.0
  int demoralized_corps = 0;    // 13.0 (13.1: Allied nationalities)
  int supply_checks = 0;        // turns begun that had a 14.0 supply check
  // 11.0: the most leaders marked as giving command, and the most units and officers marked out of
  // command, after any one action (both stay 0 where 11.0 is not in force).
  int most_giving_command = 0;
  int most_out_of_command = 0;
};

// Adds one action to `tally`: `state` is the state after it, `turn_before` the turn before it and
// `events` what it produced.
inline void tally_action(GameTally& tally, const engine::GameState& state, int turn_before,
                         const std::vector<engine::Event>& events) {
  using namespace hd::engine;
  ++tally.actions;
  if (state.turn != turn_before && rule_in_force(*state.rules, "14.0") &&
      supply_check_turn(*state.rules, state.turn))
    ++tally.supply_checks;
  for (const Event& event : events) {
    if (const auto* roll = std::get_if<DieRolledEvent>(&event)) ++tally.dice_by_rule[roll->rule];
    if (const auto* gone = std::get_if<UnitEliminatedEvent>(&event)) {
      ++tally.eliminations;
      tally.out_of_supply += gone->reason == "out of supply (14.0)";
      tally.combat_eliminations += gone->reason == "Ae" || gone->reason == "De" || gone->reason == "Ex" ||
                                   gone->reason == "no retreat (6.6)";
    }
    if (const auto* rule = std::get_if<RuleEvent>(&event))
      tally.reorganizations += rule->rule == "12.0" && rule->kind == "reorganized";
    if (const auto* morale = std::get_if<CorpsMoraleEvent>(&event))
      tally.demoralized_corps += morale->demoralized;
  }
  if (rule_in_force(*state.rules, "11.0")) {
    int giving = 0, out = 0;
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      giving += gave_command(state, static_cast<UnitIndex>(i));
      out += out_of_command(state, static_cast<UnitIndex>(i));
    }
    tally.most_giving_command = std::max(tally.most_giving_command, giving);
    tally.most_out_of_command = std::max(tally.most_out_of_command, out);
  }
}

}  // namespace hd::test

// Everything fixed for one game: the map, the charts, the armies, the turn track, the scenario and
// the rules the players chose. Shared, immutable, referenced by every GameState of the game.
#pragma once

#include <hd/engine/board/combat_results.hpp>
#include <hd/engine/board/game_map.hpp>
#include <hd/engine/board/terrain_effects.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario.hpp>
#include <hd/engine/data/scenario_parser.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// Optional rules the players may switch on for a game (15.0); more come with later issues.
struct OptionalRules {
  bool combined_arms = false;   // 15.1
  bool imperial_guard = false;  // 15.2
};

// One turn of the game being played (a slice of the turn track).
struct GameTurn {
  TurnName name;
  bool night = false;  // 4.2
  bool rain = false;   // 4.3
};

struct Ruleset {
  GameMap map;
  TerrainEffects terrain;
  CombatResultsTable crt;
  OrderOfBattle oob;
  Scenario scenario;
  std::vector<std::string> chosen_options;  // scenario force options in play (ids)
  OptionalRules optional_rules;
  std::vector<GameTurn> turns;  // first to last turn of this game

  // The turn index of a turn name, or -1 if it is not one of this game's turns.
  int turn_index(TurnName name) const;

  // True if the players chose this scenario force option for the game.
  bool option_chosen(std::string_view id) const;
};

// Calls visit(forces) for the scenario's own forces, then for the additions of each chosen option.
template <typename Visit>
void for_each_forces_in_play(const Ruleset& rules, Visit&& visit) {
  visit(rules.scenario.forces);
  for (const ScenarioOption& option : rules.scenario.options)
    if (rules.option_chosen(option.id)) visit(option.additions);
}

// The rules in force in a game, as one line of text: the scenario's rule number, the chosen force
// options and the chosen optional rules, e.g. "scenario 19.0; options 19.5A; optional 15.1". The
// state hash covers it and a snapshot names it, so that a state of one game is never taken for a
// state of a game played under other rules.
std::string rules_identity(const Ruleset& rules);

// The ids of the chosen optional rules ("15.1", "15.2"), in rule order.
std::vector<std::string> optional_rule_ids(const OptionalRules& rules);

// Chooses the optional rule `id` ("15.1" or "15.2"); false if there is no such optional rule.
bool choose_optional_rule(OptionalRules& rules, std::string_view id);

struct RulesetError {
  std::string message;
};

// Builds the ruleset for a scenario with chosen force options: works out the game's turns from the
// track and the options, and checks that every option chosen exists.
std::shared_ptr<const Ruleset> make_ruleset(GameMap map, TerrainEffects terrain, CombatResultsTable crt,
                                            OrderOfBattle oob, const std::vector<TrackTurn>& track,
                                            Scenario scenario, std::vector<std::string> chosen_options,
                                            OptionalRules optional_rules, std::vector<RulesetError>& errors);

}  // namespace hd::engine

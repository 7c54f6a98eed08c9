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

struct RuleModule;  // rules/modules/rule_module.hpp

// The players' choices that shape a game besides its scenario: every one is recorded with the game.
struct RuleChoice {
  std::vector<std::string> options;         // scenario force options (ids: "18.5A")
  std::vector<std::string> optional_rules;  // optional and variant rules ("15.1")
  // Development only: play although rules in force have no module; the game is then "not by the
  // book" wherever it is shown (Ruleset::missing_rules).
  bool allow_missing_rules = false;
};

// One turn of the game being played (a slice of the turn track).
struct GameTurn {
  TurnName name;
  bool night = false;  // 4.2
  bool rain = false;   // 4.3
  // 14.0 "the first daylight turn of each day": a daylight turn that follows a night turn on the
  // turn track, or the track's first turn (16/0900: 16/0600 is a night turn, 4.2). True for a game's
  // opening turn too when it is one (28.0 opens at 16/0900).
  bool first_daylight_of_day = false;
};

class FieldsOfView;

struct Ruleset {
  GameMap map;
  TerrainEffects terrain;
  CombatResultsTable crt;
  OrderOfBattle oob;
  Scenario scenario;
  std::vector<std::string> chosen_options;  // scenario force options in play (ids)
  std::vector<std::string> optional_rules;  // optional rules chosen, in book order
  std::vector<GameTurn> turns;              // first to last turn of this game
  // The modules of the rules in force, in the order their hooks run: rule-number order but for the
  // modules' declared runs_before (rules/modules/rule_registry.hpp), and
  // the rules in force that have none (only with RuleChoice::allow_missing_rules).
  std::vector<const RuleModule*> modules;
  std::vector<std::string> missing_rules;
  // 16.3's kept lines of sight (rules/observation/fields_of_view.hpp), set with the modules
  // (resolve_rule_modules) when 16.3 is in force, null otherwise (observing then traces each line).
  std::shared_ptr<const FieldsOfView> fields_of_view;

  // True if every rule in force is played: no rule is missing.
  bool by_the_book() const { return missing_rules.empty(); }

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
// options, the chosen optional rules and the rules in force played without a module, e.g.
// "scenario 19.0; options 19.5A; optional 15.1; missing". The state hash covers it and a snapshot
// names it, so that a state of one game is never taken for a state of a game played under other
// rules.
std::string rules_identity(const Ruleset& rules);

struct RulesetError {
  std::string message;
};

// Builds the ruleset for a scenario with the players' choices: works out the game's turns from the
// track and the options, checks that every option chosen exists and every optional rule chosen is
// offered by the scenario, and resolves the modules of the rules in force. A rule in force without
// a module is an error naming every such rule, unless the choice allows missing rules.
std::shared_ptr<const Ruleset> make_ruleset(GameMap map, TerrainEffects terrain, CombatResultsTable crt,
                                            OrderOfBattle oob, const std::vector<TrackTurn>& track,
                                            Scenario scenario, RuleChoice choice,
                                            std::vector<RulesetError>& errors);

}  // namespace hd::engine

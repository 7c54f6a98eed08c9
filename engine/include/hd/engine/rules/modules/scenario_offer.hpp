// What a new game of a scenario may be made of, as a lobby offers it (the server's ListScenarios,
// the clients' create forms): one source for all of them. Nothing secret: a scenario's title, its
// force options, the optional rules it offers, its armies, turns, victory conditions and special
// rules are printed in the rulebook (a secret option, 18.5C, is secret only once chosen).
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario.hpp>
#include <hd/engine/data/scenario_parser.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::engine {

// One force option of a scenario, e.g. 19.5A.
struct OfferedForceOption {
  std::string id;  // the rule number a game's choice names
  std::string title;
  std::optional<Side> secret_side;  // 18.5C: the side whose secret written choice it is
  // Its briefing (issue 16), in the scenario file's words and order: the victory conditions and
  // special rules it adds, and a game's turns with it alone chosen when it changes them (its own
  // first and last turn, further rain, or 22.6A's rolled weather); empty when it leaves them as they are.
  std::vector<VictoryCondition> victory;
  std::vector<SpecialRule> specials;
  std::vector<GameTurn> turns;
};

struct ScenarioOffer {
  std::string title;                              // "Quatre Bras"
  std::string rule;                               // "19.0"
  std::vector<OfferedForceOption> force_options;  // in the scenario's order
  // The optional rules the engine has that the scenario's `optional` line offers (itself or as all
  // of 15.0): offered_optional_rules.
  std::vector<std::string> optional_rules;
  std::vector<Army> armies;  // the armies of the base forces (set up or entering): French, Prussian, Allied
  // The rules in force with no force option chosen that have no module (rules_in_force's missing):
  // a game of it is not by the book, and a normal server refuses to make one.
  std::vector<std::string> missing_rules;
  // The briefing (issue 16) with no force option chosen: the turns (scenario_turns: a game's, 4.2's
  // night turns, the rain the file fixes, none where the weather is rolled, 22.6A), and the victory
  // conditions and special rules of the base forces in the scenario file's words and order.
  std::vector<GameTurn> turns;
  std::vector<VictoryCondition> victory;
  std::vector<SpecialRule> specials;
};

// The offer of a parsed scenario; `oob`, the armies it is played with, tells leaders from units
// (10.0 is offered only where a set-up line names a leader); `track`, the turn record track (4.0),
// gives its turns.
ScenarioOffer scenario_offer(const Scenario& scenario, const OrderOfBattle& oob,
                             const std::vector<TrackTurn>& track);

}  // namespace hd::engine

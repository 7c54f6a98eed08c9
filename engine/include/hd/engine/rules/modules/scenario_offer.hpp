// What a new game of a scenario may be made of, as a lobby offers it (the server's ListScenarios,
// the clients' create forms): one source for all of them. Nothing secret: a scenario's title, its
// force options, the optional rules it offers and its armies are printed in the rulebook.
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::engine {

// One force option of a scenario, e.g. 19.5A.
struct OfferedForceOption {
  std::string id;  // the rule number a game's choice names
  std::string title;
  std::optional<Side> secret_side;  // 18.5C: the side whose secret written choice it is
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
};

// The offer of a parsed scenario; `oob`, the armies it is played with, tells leaders from units
// (10.0 is offered only where a set-up line names a leader).
ScenarioOffer scenario_offer(const Scenario& scenario, const OrderOfBattle& oob);

}  // namespace hd::engine

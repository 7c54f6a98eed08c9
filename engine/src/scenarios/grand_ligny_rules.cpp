// Grand Ligny (24.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {
namespace {

// 24.2C: officers are deployed with any unit of their own command.
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  scenario_detail::officer_with_own_command(state, index, terms, "24.2C");
}

// 24.0: the Coalition also wins decisively if Napoleon has been eliminated (10.2), whatever else holds
// at the end (docs/rules-notes.md, 24.0).
void napoleon_eliminated(const GameState& state, VictoryTerms& terms) {
  if (terms.result || !leader_eliminated(state, Army::French, "Napoleon")) return;
  terms.result = GameResult{Side::Coalition, "decisive", "Napoleon eliminated"};
}

}  // namespace

extern const RuleModule grand_ligny_24_0{
    "24.0",
    "Coalition decisive victory if Napoleon is eliminated",
    "hook: victory (a result at the end, before the scenario's conditions, once 10.2 has eliminated him)",
    {.victory = napoleon_eliminated}};
extern const RuleModule grand_ligny_24_2C{
    "24.2C",
    "Officers deployed with any unit of their own command",
    "hook: set-up (an officer's hexes: his organization's units, 11.1B); the forces are the scenario's data",
    {.setup = officers_set_up_with_their_command}};

}  // namespace hd::engine::modules

// Grand Ligny (24.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {
namespace {

// 24.2C: officers are deployed with any unit of their own command.
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  scenario_detail::officer_with_own_command(state, index, terms, "24.2C");
}

}  // namespace

extern const RuleModule grand_ligny_24_2C{
    "24.2C",
    "Officers deployed with any unit of their own command",
    "hook: set-up (an officer's hexes: his organization's units, 11.1B); the forces are the scenario's data",
    {.setup = officers_set_up_with_their_command}};

}  // namespace hd::engine::modules

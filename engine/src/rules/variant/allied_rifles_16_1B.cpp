// 16.1B Allied rifle units: "The three 2-5 units operate like other infantry, but may stack freely
// with one or two other units and are always in command." Their commands are lost with p.29's
// picture; the scenario data reconstructs them (scenarios/armies/NOTES.md, docs/rules-notes.md 16.1B).
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine {
namespace {

// 16.1B: a rifle unit stacks freely with one or two other units (stacking.hpp counts the three).
bool rifles_stack_freely(const Ruleset&, const UnitState& unit) {
  return unit.type == UnitType::Rifles;
}

// 16.1B: always in command (11.3's effects never reach it); no leader's capacity is spent on it.
void rifles_always_in_command(const GameState&, const UnitState& unit, UnitTerms& terms) {
  if (unit.type == UnitType::Rifles) terms.always_in_command = true;
}

}  // namespace

namespace modules {
extern const RuleModule allied_rifles_16_1B{
    "16.1B",
    "Allied rifle units stack freely with one or two other units and are always in command",
    "hooks: stacking (a rifle unit counts against no limit but three units in all, none in a chateau: "
    "state/stacking.hpp), unit terms (always in command, traced by 11.0 without a leader)",
    {.unit_terms = rifles_always_in_command, .stacks_freely = rifles_stack_freely}};
}  // namespace modules

}  // namespace hd::engine

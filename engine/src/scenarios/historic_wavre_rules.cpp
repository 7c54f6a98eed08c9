// Historic Wavre (25.0): its two options' rules (25.0E-1, 25.0E-2), each a rule module.
#include <hd/engine/rules/modules/rule_module.hpp>

namespace hd::engine::modules {
namespace {

// 25.0E-1 French Double Move: the French Fourth Corps ([4] and its divisions) moves double on
// 18/1200.
void fourth_corps_double(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  const bool fourth = unit.army == Army::French && (unit.command == "[4]" || unit.command.ends_with("/[4]"));
  if (fourth && state.current_turn().name == TurnName{18, 1200}) terms.allowance_half_mp *= 2;
}

// 25.0E-2: bridge hexsides block ZOC: units on either side of a bridge need not attack each other.
bool bridges_block_zoc(const Ruleset& rules, Hex from, Hex to) {
  const auto side = Hexside::between(from, to);
  return side && rules.map.hexside(*side).has(HexsideFeature::Bridge);
}

}  // namespace

extern const RuleModule historic_wavre_25_0E_1{
    "25.0E-1", "French Double Move", "hook: unit terms (the allowance)", {.unit_terms = fourth_corps_double}};
extern const RuleModule historic_wavre_25_0E_2{
    "25.0E-2", "Bridge hexsides block ZOC", "hook: zones of control", {.zoc_blocked = bridges_block_zoc}};

}  // namespace hd::engine::modules

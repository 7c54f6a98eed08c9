// La Belle Alliance (21.0): the scenario's special rules (21.3A, 21.3B), each a rule module. The
// La Belle Alliance variant (26.0) names them too.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>

#include <variant>

namespace hd::engine::modules {
namespace {

using namespace scenario_detail;

constexpr std::string_view kWaterlooEntered = "21.3B waterloo";
constexpr std::string_view kPrussianCombat = "21.3B prussian combat";

// 21.3A: the French demoralization level rises by 10 while the Allied or the Prussian army is
// demoralized.
std::pair<int, int> coalition_broken(const GameState& state, Army army) {
  const bool broken = state.demoralized[static_cast<std::size_t>(Army::Allied)] ||
                      state.demoralized[static_cast<std::size_t>(Army::Prussian)];
  return {army == Army::French && broken ? 10 : 0, 0};
}

// 21.3B: both Allied levels fall by 20 once a French unit has entered Waterloo, and rise by 10 from
// the first Prussian-French combat (the figure is lost in 21.0 and read from 27.4C:
// docs/rules-notes.md).
std::pair<int, int> allied_levels(const GameState& state, Army army) {
  if (army != Army::Allied) return {0, 0};
  const int change =
      (triggered(state, kWaterlooEntered) ? -20 : 0) + (triggered(state, kPrussianCombat) ? 10 : 0);
  return {change, change};
}

// 21.3B: notes the instant a French unit enters Waterloo and the first Prussian-French combat.
void note_waterloo_and_prussian_combat(GameState& state, const std::vector<Event>& events) {
  for (Hex hex : {Hex{6, 6}, Hex{6, 7}, Hex{7, 8}, Hex{7, 9}})
    if (french_control(state, hex)) trigger(state, kWaterlooEntered);
  for (const Event& event : events) {
    const auto* combat = std::get_if<CombatResolvedEvent>(&event);
    if (!combat) continue;
    bool french = false;
    bool prussian = false;
    for (const auto* list : {&combat->attackers, &combat->defenders}) {
      for (UnitIndex u : *list) {
        french = french || state.units[u].army == Army::French;
        prussian = prussian || state.units[u].army == Army::Prussian;
      }
    }
    if (french && prussian) trigger(state, kPrussianCombat);
  }
}

}  // namespace

extern const RuleModule la_belle_alliance_21_3A{"21.3A",
                                                "French level +10 once a Coalition army is demoralized",
                                                "hook: morale",
                                                {.morale_levels = coalition_broken}};
extern const RuleModule la_belle_alliance_21_3B{
    "21.3B",
    "Allied levels: -20 after Waterloo is entered, +10 after the first Prussian combat",
    "hooks: after each action, morale",
    {.after_action = note_waterloo_and_prussian_combat, .morale_levels = allied_levels}};

}  // namespace hd::engine::modules

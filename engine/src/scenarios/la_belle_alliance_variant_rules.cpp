// La Belle Alliance Variant (26.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>

#include <array>
#include <string_view>

namespace hd::engine::modules {
namespace {

// 26.0E: the commanders who set up with any unit of their army.
struct CommanderWithAnyUnit {
  std::string_view leader;
  Army army;
};
constexpr std::array<CommanderWithAnyUnit, 6> kCommandersWithAnyUnit{{
    {"Napoleon", Army::French},
    {"Ney", Army::French},
    {"Wellington", Army::Allied},
    {"Willem", Army::Allied},
    {"Hill", Army::Allied},
    {"Blucher", Army::Prussian},
}};

// 26.0E: the Prussian brigades set up one unit per hex, whose three units may take the brigade's
// three hexes in any order.
constexpr std::array<std::string_view, 2> kBrigadesInAnyOrder{"15/[4]", "16/[4]"};

// 26.0E: officers set up with any unit of their own command; Napoleon, Ney, Wellington, Willem, Hill
// and Blucher with any unit of their army; a unit of the 15th or 16th Prussian Brigade in any of its
// brigade's hexes, exchanging hexes with the one there.
void set_up_freely(const GameState& state, UnitIndex index, SetupTerms& terms) {
  const UnitState& unit = state.units[index];
  if (unit.is_leader()) {
    for (const CommanderWithAnyUnit& freed : kCommandersWithAnyUnit) {
      if (unit.army != freed.army || unit.id != freed.leader) continue;
      terms.hexes.clear();
      for (const UnitState& other : state.units)
        if (other.on_map() && !other.is_leader() && other.army == unit.army) terms.hexes.push_back(other.hex);
      terms.refusal = refuse_by_rule("26.0E", "commander-sets-up-with-army",
                                     "{0} sets up with a unit of his army", {RefusalArg::of_unit(index)});
      return;
    }
    scenario_detail::officer_with_own_command(state, index, terms, "26.0E");
    return;
  }
  if (unit.army != Army::Prussian || !unit.on_map()) return;
  for (std::string_view brigade : kBrigadesInAnyOrder) {
    if (unit.command != brigade) continue;
    terms.hexes.clear();
    for (std::size_t i = 0; i < state.units.size(); ++i) {
      const UnitState& other = state.units[i];
      if (!other.on_map() || other.is_leader() || other.army != Army::Prussian || other.command != brigade)
        continue;
      terms.hexes.push_back(other.hex);
      if (i != index) terms.exchanges.push_back(static_cast<UnitIndex>(i));
    }
    terms.refusal = refuse_by_rule("26.0E", "brigade-in-its-hexes",
                                   "{0} sets up in one of its brigade's hexes", {RefusalArg::of_unit(index)});
  }
}

}  // namespace

extern const RuleModule la_belle_alliance_variant_26_0E{
    "26.0E",
    "Leaders set up with any unit of their command or army; the 15th and 16th Brigades in any order",
    "hook: set-up (an officer's hexes: his organization's units, 11.1B; six commanders: any unit of "
    "their army; a 15th or 16th Brigade unit: its brigade's hexes, exchanging with the unit there); the "
    "forces are the scenario's data",
    {.setup = set_up_freely}};
extern const RuleModule la_belle_alliance_variant_26_0F{
    "26.0F",
    "The Prussian army stays demoralized although its level rises",
    "the core: 9.2's demoralization is never lifted (rules/morale/army_morale.cpp), so the rising "
    "Prussian levels of the scenario's morale-at lines leave a demoralized army demoralized "
    "(tests/engine/scenario_rules_test.cpp checks it)",
    {}};

}  // namespace hd::engine::modules

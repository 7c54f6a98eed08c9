// La Belle Alliance Variant (26.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>

#include <array>
#include <optional>
#include <string>
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

// 26.0B and 26.0C: the French Fourth Division (4/[1]) "may not move until" an hour lost in
// transcription. RECONSTRUCTED as 18/1300: the division went forward with d'Erlon's grand attack of
// about 13:30 (scenarios/la-belle-alliance-variant/NOTES.md, R-A2).
constexpr TurnName kFourthDivisionMoves{18, 1300};
// 26.0C: the Second Corps, the Fourth Cavalry Corps and the Guard's infantry move from 18/1100.
constexpr TurnName kEarlyStartHoldEnds{18, 1100};

bool in_fourth_division(const UnitState& unit) {
  return unit.army == Army::French && unit.command == "4/[1]";
}

// 26.0C: a combat unit of [2] or [4c], or of the Guard's infantry ("no unit": leaders are not units,
// as 27.1D's "no Prussian unit or leader" shows).
bool held_by_early_start(const UnitState& unit) {
  if (unit.is_leader()) return false;
  using scenario_detail::french_corps;
  return french_corps(unit, "[2]") || french_corps(unit, "[4c]") ||
         (french_corps(unit, "[G]") && unit.type == UnitType::Infantry);
}

// 26.0B: the Fourth Division does not move before 18/1300 (its units' first step; retreats and
// advances after combat are not movement).
std::optional<Refusal> fourth_division_held(const GameState& state, UnitAct act, UnitIndex index) {
  if (act != UnitAct::BeginMove || !in_fourth_division(state.units[index]) ||
      !(state.current_turn().name < kFourthDivisionMoves))
    return std::nullopt;
  return refuse_by_rule("26.0B", "fourth-division-held",
                        "{0} of the Fourth Division may not move before 18/1300",
                        {RefusalArg::of_unit(index)});
}

// 26.0C: with the early start, [2], [4c] and the Guard's infantry do not move before 18/1100 (the
// Fourth Division's hold is 26.0B's, in force in every game of the scenario).
std::optional<Refusal> early_start_held(const GameState& state, UnitAct act, UnitIndex index) {
  if (act != UnitAct::BeginMove || !held_by_early_start(state.units[index]) ||
      !(state.current_turn().name < kEarlyStartHoldEnds))
    return std::nullopt;
  return refuse_by_rule(
      "26.0C", "early-start-held",
      "{0} may not move before 18/1100 (Second Corps, Fourth Cavalry Corps, Guard infantry)",
      {RefusalArg::of_unit(index)});
}

}  // namespace

extern const RuleModule la_belle_alliance_variant_26_0B{
    "26.0B",
    "The French Fourth Division holds until 18/1300",
    "hook: unit refusal (a 4/[1] unit's first step before 18/1300, the hour RECONSTRUCTED); the "
    "18/1100-18/2100 turns and the 1100 mud turn are the scenario's data (turns, rain)",
    {.unit_refusal = fourth_division_held}};
extern const RuleModule la_belle_alliance_variant_26_0C{
    "26.0C",
    "Optional early start",
    "hook: unit refusal ([2], [4c] and the Guard's infantry hold until 18/1100); the turns from 18/0900, "
    "the three mud turns, the Prussian brigades' entries and levels are the option's data",
    {.unit_refusal = early_start_held}};
extern const RuleModule la_belle_alliance_variant_26_0D{
    "26.0D",
    "Mud turns",
    "the scenario's data: each mud turn is a rain turn (rain lines; 4.3: no combat phase, movement as at "
    "night with the command phase held); its 10-hex observation limit matters only under 16.3, which "
    "the engine does not have (refused if chosen)",
    {}};
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

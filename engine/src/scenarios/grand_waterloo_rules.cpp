// Grand Waterloo (27.0): its special rules, each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>

#include <array>
#include <string_view>

namespace hd::engine::modules {
namespace {

// 27.1A: the French wings are split by hex column 29xx; the left (Napoleon's) wing is west of it, the
// right (Grouchy's) east of it. A hex in column 29 itself is in neither (docs/rules-notes.md, 27.2C).
constexpr int kWingColumn = 29;
bool left_wing(Hex hex) {
  return hex.column < kWingColumn;
}
bool right_wing(Hex hex) {
  return hex.column > kWingColumn;
}

// 27.2C: the officers who must set up with one wing.
struct WingOfficer {
  std::string_view officer;
  bool (*wing)(Hex);
};
constexpr std::array<WingOfficer, 4> kWingOfficers{{
    {"Reille", left_wing},
    {"Mouton", left_wing},
    {"Vandamme", right_wing},
    {"Pajol", right_wing},
}};

// 27.2C: officers are placed with any unit of their own command; Reille [2] and Mouton [6] with the
// left wing, Vandamme [3] and Pajol [1c] with the right wing.
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  const UnitState& unit = state.units[index];
  bool (*wing)(Hex) = nullptr;
  for (const WingOfficer& named : kWingOfficers)
    if (unit.army == Army::French && unit.id == named.officer) wing = named.wing;
  scenario_detail::officer_with_own_command(state, index, terms, "27.2C", wing);
}

constexpr TurnName kPrussiansHalt{18, 1200};

// 27.1D: no Prussian unit or leader may move in the 18/1200 turn (entering the map included).
std::optional<Refusal> prussians_halt(const GameState& state, UnitAct act, UnitIndex index) {
  if (act != UnitAct::BeginMove || state.units[index].army != Army::Prussian ||
      state.current_turn().name != kPrussiansHalt)
    return std::nullopt;
  return refuse_by_rule("27.1D", "prussians-halt", "no Prussian unit or leader moves on 18/1200 ({0})",
                        {RefusalArg::of_unit(index)});
}

// 27.1E: Bulow is always in command (and so gives command to his [4] within 3 hexes, 11.1B).
void bulow_in_command(const GameState&, const UnitState& unit, UnitTerms& terms) {
  if (unit.army == Army::Prussian && unit.id == "Bulow") terms.always_in_command = true;
}

}  // namespace

extern const RuleModule grand_waterloo_27_1D{"27.1D",
                                             "No Prussian movement on 18/1200",
                                             "hook: unit refusal (a move's first step or entry); "
                                             "retreats and advances after combat are not movement",
                                             {.unit_refusal = prussians_halt}};
extern const RuleModule grand_waterloo_27_1E{
    "27.1E",
    "Bulow is always in command",
    "hook: unit terms (an officer in command with no commander, taking none's capacity; he commands his "
    "organization within 3 hexes as any officer in command, 11.1B)",
    {.unit_terms = bulow_in_command}};
extern const RuleModule grand_waterloo_27_2C{
    "27.2C",
    "Officers placed with any unit of their own command, four of them with their wing",
    "hook: set-up (an officer's hexes: his organization's units, 11.1B; Reille and Mouton west of "
    "column 29, Vandamme and Pajol east of it); the Duke of Brunswick's absence is the scenario's data "
    "(leaders.tsv)",
    {.setup = officers_set_up_with_their_command}};

}  // namespace hd::engine::modules

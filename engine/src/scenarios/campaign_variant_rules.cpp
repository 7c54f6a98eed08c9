// 28.0 Campaign Variant special rules. 28.0C Forces: Ney sets up inactive (16.14C's side), officers
// set up with any unit of their own command, and every Prussian [2] unit enters before any [3] unit.
// (28.0C's entries on other turns and their deadlines are 28.0D's choices: entry_choices.hpp.)
// 28.0E Exited French Units: "Trace the LOS [line of supply] from
// 0605 to the French trains. The train may exit, in which case all French units trace supply from
// [lost]": read as 0605 (docs/rules-notes.md, 16.17; scenarios/campaign-variant/NOTES.md R-X7).
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/variant/army_headquarters.hpp>

#include "scenario_detail.hpp"

namespace hd::engine::modules {
namespace {

// 28.0C: "1647 Lf-Ds, Ney (inactive)": Ney begins on 16.14C's inactive side, released as 15.4 says.
void ney_sets_up_inactive(GameState& state) {
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (state.units[i].army == Army::French && state.units[i].id == "Ney")
      set_commander_inactive(state, static_cast<UnitIndex>(i), true);
}

// 28.0C: "Officers may be deployed with any unit bearing the same command designation."
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  scenario_detail::officer_with_own_command(state, index, terms, "28.0C");
}

bool prussian_corps(const UnitState& unit, std::string_view corps) {
  return unit.army == Army::Prussian && !unit.is_leader() && unit.command.ends_with(corps);
}

// 28.0C: "16/0900 at 5756, unstacked, all [2] units must enter before any [3] units": no [3] unit
// enters while a [2] unit is still waiting (officers are not units).
std::optional<Refusal> second_corps_first(const GameState& state, UnitAct act, UnitIndex index) {
  const UnitState& unit = state.units[index];
  if (act != UnitAct::BeginMove || unit.status != UnitStatus::Waiting || !prussian_corps(unit, "[3]"))
    return std::nullopt;
  for (std::size_t i = 0; i < state.units.size(); ++i)
    if (prussian_corps(state.units[i], "[2]") && state.units[i].status == UnitStatus::Waiting)
      return refuse(RefusalCode::EntryOrder, "28.0C",
                    {RefusalArg::of_unit(index), RefusalArg::of_unit(static_cast<UnitIndex>(i))});
  return std::nullopt;
}

}  // namespace

extern const RuleModule campaign_variant_28_0C{
    "28.0C",
    "Forces: Ney sets up inactive, officers with any unit of their command, Prussian [2] enters before [3]",
    "opening (Ney on 16.14C's inactive side), set-up terms (officers), unit refusal (the entry order); the "
    "entries on other turns and their deadlines are 28.0D's choices",
    {.opening = ney_sets_up_inactive, .setup = officers_set_up_with_their_command,
     .unit_refusal = second_corps_first}};

// Its first sentence is 22.4B's exit condition with 16.17's train as the only source (22.4B's line
// from 0605 runs to supply_train_sources()); its second, the exited train, is a case of
// supply_train_sources() that only 28.0E opens.
extern const RuleModule campaign_variant_28_0E{
    "28.0E",
    "Exited French units trace supply from 0605 to the French train; once the train has exited, French "
    "units trace supply to 0605",
    "no hooks of its own: 22.4B's exit check traces from 0605 to the train (16.17's "
    "supply_train_sources()), which gives an exited train's side its exit hexes as the source only where "
    "28.0E is in force"};

}  // namespace hd::engine::modules

// Ligny (18.0): the scenario's special rules (18.3A, 18.3B, 18.4A) and its force options' rules
// (18.5A, 18.5B, 18.5C), each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

#include <algorithm>
#include <string>

namespace hd::engine::modules {
namespace {

using namespace scenario_detail;

// 18.3A: the French can be demoralized only while the Prussians are not.
void french_demoralized_only_first(const GameState& state, Army army, MoraleTerms& terms) {
  if (army == Army::French && state.demoralized[static_cast<std::size_t>(Army::Prussian)])
    terms.demoralization_allowed = false;
}

// 18.3B: both Prussian levels fall by 3 for each Ligny and St Amand town hex the French control.
void ligny_towns(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::Prussian) return;
  int held = 0;
  for (Hex hex : {Hex{37, 55}, Hex{38, 54}, Hex{38, 55}, Hex{39, 55}, Hex{32, 56}, Hex{33, 57}, Hex{34, 57}})
    held += french_control(state, hex) ? 1 : 0;
  terms.demoralization -= 3 * held;
  terms.disintegration -= 3 * held;
}

// 18.4A: a French victory also if the Prussians are demoralized and French losses are under 35;
// 18.5C voids it (with First Corps' option the French win only by disintegration).
void prussians_broken(const GameState& state, VictoryTerms& terms) {
  if (terms.result || rule_in_force(*state.rules, "18.5C") ||
      !state.demoralized[static_cast<std::size_t>(Army::Prussian)] ||
      state.eliminated_strength[static_cast<std::size_t>(Army::French)] >= 35) {
    return;
  }
  terms.result =
      GameResult{Side::French, "win", "18.4A the Prussians are demoralized and French losses are under 35"};
}

// 18.5A: as play begins, each unit of the 1st and 2nd Brigades, in the rule's order, is reduced on
// a 1 or 2.
void prussian_losses_on_15_june(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  for (std::string_view id : {"12/1", "24/1", "1W/1", "6/2", "28/2", "2W/2"}) {
    const auto index = find_unit(state, Army::Prussian, id);
    if (!index) continue;
    UnitState& unit = state.units[*index];
    const int die = roll();
    unit.reduced = die <= 2 && unit.reduced_strength > 0;
    events.push_back(DieRolledEvent{
        "18.5A", die, unit.id + (unit.reduced ? " sets up reduced" : " sets up at full strength")});
  }
}

void hold_sixth_corps(GameState& state) {
  hold_corps(state, "[6]");
}

// 18.5B: a roll each French movement phase from 16/1600 on; on 1 or 2 the Sixth Corps enters.
void sixth_corps_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  roll_for_held_corps(state, roll, events, "18.5B", "[6]", 2);
}

// 18.5B: both Prussian levels rise by 3 for each turn the Sixth Corps is in the game.
void sixth_corps_morale(const GameState& state, Army army, MoraleTerms& terms) {
  if (army != Army::Prussian) return;
  const int turns = turns_in_game(state, "[6]");
  terms.demoralization += 3 * turns;
  terms.disintegration += 3 * turns;
}

void hold_first_corps(GameState& state) {
  hold_corps(state, "[1]");
}

// 18.5C: one roll at the start of the 16/1700 French movement phase: on 1-3 all [1] enters this
// phase, else on the next turn.
void first_corps_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (!french_movement_phase(state) || !(state.current_turn().name == TurnName{16, 1700})) return;
  const auto units = still_held(state, "[1]");
  if (units.empty()) return;
  const int die = roll();
  const int last_turn = static_cast<int>(state.rules->turns.size()) - 1;
  const int arrival = die <= 3 ? state.turn : std::min(state.turn + 1, last_turn);
  for (UnitIndex u : units)
    state.units[u].arrival_turn = arrival;
  events.push_back(DieRolledEvent{
      "18.5C", die, die <= 3 ? "all [1] enters at 2952 this phase" : "all [1] enters on the next turn"});
}

}  // namespace

extern const RuleModule ligny_18_3A{"18.3A",
                                    "French demoralization only while the Prussians are not",
                                    "hook: morale",
                                    {.morale = french_demoralized_only_first}};
extern const RuleModule ligny_18_3B{"18.3B",
                                    "Prussian levels fall with the Ligny and St Amand towns",
                                    "hook: morale",
                                    {.morale = ligny_towns}};
extern const RuleModule ligny_18_4A{
    "18.4A", "French victory by Prussian demoralization", "hook: victory", {.victory = prussians_broken}};
extern const RuleModule ligny_18_5A{
    "18.5A", "Prussian losses on 15 June", "hook: play start", {.play_start = prussian_losses_on_15_june}};
extern const RuleModule ligny_18_5B{
    "18.5B",
    "French Sixth Corps marches to Ligny",
    "hooks: set-up, phase start, morale",
    {.opening = hold_sixth_corps, .phase_start = sixth_corps_roll, .morale = sixth_corps_morale}};
extern const RuleModule ligny_18_5C{"18.5C",
                                    "French First Corps marches to Ligny (chosen in secret)",
                                    "hooks: set-up, phase start; its secrecy by the scenario's `secret` "
                                    "option (visibility/view); it voids 18.4A",
                                    {.opening = hold_first_corps, .phase_start = first_corps_roll}};

}  // namespace hd::engine::modules

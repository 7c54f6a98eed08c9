// Quatre Bras (19.0): the scenario's special rules (19.2C, 19.4C) and its force options' rules
// (19.5A, 19.5C, 19.5D), each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <algorithm>
#include <array>
#include <string>

namespace hd::engine::modules {
namespace {

using namespace scenario_detail;

constexpr std::array<std::string_view, 4> kNeyCavalry{"Lf-Ds", "LHer", "DUrb", "Marc"};  // 19.5C
constexpr Hex kQuatreBras{16, 41};
constexpr Hex kColumnEntry{16, 34};

// 19.2C: the column at 1634 is all [5], then all [Bw]: no [Bw] unit enters while a [5] unit that
// may enter there now is still waiting.
std::optional<Refusal> brunswick_after_fifth(const GameState& state, UnitIndex index) {
  const UnitState& unit = state.units[index];
  if (unit.army != Army::Allied || !unit.command.ends_with("[Bw]")) return std::nullopt;
  for (const UnitState& other : state.units) {
    if (other.army == Army::Allied && other.command.ends_with("[5]") && other.status == UnitStatus::Waiting &&
        other.arrival_turn >= 0 && other.arrival_turn <= state.turn &&
        std::find(other.entry_hexes.begin(), other.entry_hexes.end(), kColumnEntry) !=
            other.entry_hexes.end()) {
      return Refusal{RefusalCode::NotArrived, "19.2C",
                     unit.id + " enters after all of [5] (" + other.id + " is still to enter)"};
    }
  }
  return std::nullopt;
}

// 19.4C: 1 VP to the player who controls Quatre Bras at the end of each of his player turns.
void hold_quatre_bras(GameState& state, Side side) {
  const auto found = state.control.find(kQuatreBras);
  if (found != state.control.end() && found->second == side)
    ++state.special_vp[static_cast<std::size_t>(side)];
}

// 19.5C (only without 10.0 and 11.0): four cavalry units start immobile until released.
void ney_cavalry_held(GameState& state) {
  for (std::string_view id : kNeyCavalry)
    if (const auto u = find_unit(state, Army::French, id)) state.units[*u].immobile = true;
}

// 19.5C: at each French movement phase, one die per unreleased unit, in the rule's order; a 1
// releases it.
void ney_cavalry_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (!french_movement_phase(state)) return;
  for (std::string_view id : kNeyCavalry) {
    const auto u = find_unit(state, Army::French, id);
    if (!u || !state.units[*u].immobile || !state.units[*u].on_map()) continue;
    const int die = roll();
    state.units[*u].immobile = die != 1;
    events.push_back(DieRolledEvent{"19.5C", die, std::string(id) + (die == 1 ? " is released" : " stays")});
  }
}

// 19.5C: a unit is also released when an enemy unit enters its ZOC for any reason.
void ney_cavalry_released_by_contact(GameState& state, const std::vector<Event>&) {
  for (UnitState& unit : state.units) {
    if (!unit.immobile || !unit.on_map()) continue;
    for (const UnitState& enemy : state.units) {
      if (enemy.on_map() && side_of(enemy.army) != side_of(unit.army) && adjacent(enemy.hex, unit.hex) &&
          zoc_reaches(*state.rules, unit.hex, enemy.hex))
        unit.immobile = false;
    }
  }
}

void hold_first_corps(GameState& state) {
  hold_corps(state, "[1]");
}

// 19.5D: a roll each French movement phase from 16/1600 on; on a 1 the First Corps enters.
void first_corps_roll(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  roll_for_held_corps(state, roll, events, "19.5D", "[1]", 1);
}

// 19.5D: 2 VP to the Allies for each turn the First Corps was in play, counted at the end.
int first_corps_vp(const GameState& state, Side side) {
  return side == Side::Coalition ? 2 * turns_in_game(state, "[1]") : 0;
}

}  // namespace

extern const RuleModule quatre_bras_19_2C{"19.2C",
                                          "At 1634 all [5] enters first, then all [Bw]",
                                          "hook: movement refusal (entry)",
                                          {.entry_refusal = brunswick_after_fifth}};
extern const RuleModule quatre_bras_19_4C{"19.4C",
                                          "1 VP for holding Quatre Bras at the end of a player turn",
                                          "hook: player turn end",
                                          {.player_turn_end = hold_quatre_bras}};
extern const RuleModule quatre_bras_19_5A{"19.5A",
                                          "Buttlar's brigade enters reduced",
                                          "the scenario's data: the option's reinforcement line brings Bttlr "
                                          "reduced with [Bw]; 19.2C orders its entry",
                                          {}};
extern const RuleModule quatre_bras_19_5C{"19.5C",
                                          "Ney's uncertain authority over the French cavalry",
                                          "hooks: set-up, phase start, after each action",
                                          {.opening = ney_cavalry_held,
                                           .phase_start = ney_cavalry_roll,
                                           .after_action = ney_cavalry_released_by_contact}};
extern const RuleModule quatre_bras_19_5D{
    "19.5D",
    "French First Corps could have arrived",
    "hooks: set-up, phase start, victory",
    {.opening = hold_first_corps, .phase_start = first_corps_roll, .final_vp = first_corps_vp}};

}  // namespace hd::engine::modules

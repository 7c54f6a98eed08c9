#include "scenario_detail.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/morale/army_morale.hpp>

#include <algorithm>
#include <string>

namespace hd::engine::scenario_detail {

bool controls(const GameState& state, Hex hex, Side side) {
  const auto found = state.control.find(hex);
  return found != state.control.end() && found->second == side;
}

bool french_control(const GameState& state, Hex hex) {
  return controls(state, hex, Side::French);
}

bool coalition_army_demoralized(const GameState& state) {
  return state.demoralized[static_cast<std::size_t>(Army::Allied)] ||
         state.demoralized[static_cast<std::size_t>(Army::Prussian)];
}

bool french_corps(const UnitState& unit, std::string_view corps) {
  return unit.army == Army::French && unit.command.ends_with(corps);
}

void hold_corps(GameState& state, std::string_view corps) {
  for (UnitState& unit : state.units)
    if (french_corps(unit, corps) && unit.status == UnitStatus::Waiting) unit.arrival_turn = -1;
}

std::vector<UnitIndex> still_held(const GameState& state, std::string_view corps) {
  std::vector<UnitIndex> units;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (french_corps(unit, corps) && unit.status == UnitStatus::Waiting && unit.arrival_turn < 0)
      units.push_back(static_cast<UnitIndex>(i));
  }
  return units;
}

int turns_in_game(const GameState& state, std::string_view corps) {
  std::optional<int> arrival;  // the first turn any unit of the corps may enter, once brought
  for (const UnitState& unit : state.units)
    if (french_corps(unit, corps) && unit.arrival_turn >= 0)
      arrival = arrival ? std::min(*arrival, unit.arrival_turn) : unit.arrival_turn;
  return arrival && state.turn >= *arrival ? state.turn - *arrival + 1 : 0;
}

bool french_movement_phase(const GameState& state) {
  return state.phase == Phase::Movement && state.phasing == Side::French;
}

void roll_for_held_corps(GameState& state, const DieRoller& roll, std::vector<Event>& events,
                         std::string_view rule, std::string_view corps, int needed) {
  if (!french_movement_phase(state) || state.current_turn().name < TurnName{16, 1600}) return;
  const auto units = still_held(state, corps);
  if (units.empty()) return;
  const int die = roll();
  const bool arrives = die <= needed;
  if (arrives) {
    for (UnitIndex u : units)
      state.units[u].arrival_turn = state.turn;
  }
  events.push_back(
      DieRolledEvent{std::string(rule), die,
                     "all " + std::string(corps) + (arrives ? " enters this phase" : " does not come yet")});
}

void withdraw_army(GameState& state, Army army, std::string_view rule, ArmyFall fall,
                   std::vector<Event>& events) {
  if (state.phase == Phase::GameOver || !state.pending_retreats.empty() || state.pending_advance ||
      state.pending_exchange)
    return;
  update_morale(state, events);  // a level an earlier rule moved this action (24.4C) counts now
  const auto a = static_cast<std::size_t>(army);
  const bool fallen = fall == ArmyFall::Demoralized ? state.demoralized[a] : state.disintegrated[a];
  if (state.phase == Phase::GameOver || !fallen) return;
  RuleEvent withdrawal{std::string(rule), "withdrawn", {}, {}, {}};
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    UnitState& unit = state.units[i];
    if (unit.army != army || (unit.status != UnitStatus::OnMap && unit.status != UnitStatus::Waiting))
      continue;
    unit.status = UnitStatus::Withdrawn;
    withdrawal.units.push_back(static_cast<UnitIndex>(i));
  }
  if (!withdrawal.units.empty()) events.push_back(std::move(withdrawal));
}

void grouchy_counts_cavalry_corps_half(const UnitState& unit, UnitTerms& terms) {
  if (unit.army == Army::French && unit.is_leader() && unit.id == "Grouchy")
    terms.cavalry_corps_count_half = true;
}

std::optional<Refusal> withdrawn_unit_refusal(const GameState& state, UnitIndex index, Army army,
                                              std::string_view rule) {
  const UnitState& unit = state.units[index];
  if (unit.status != UnitStatus::Withdrawn || unit.army != army) return std::nullopt;
  return refuse_by_rule(std::string(rule), "army-withdrawn", "{0} has withdrawn with its army",
                        {RefusalArg::of_unit(index)});
}

std::string withdrawal_words(const RuleEvent& event, Army army) {
  const std::size_t n = event.units.size();
  std::string name(to_string(army));
  name.front() = static_cast<char>(name.front() - 'a' + 'A');
  return "the " + name + " army withdraws: " + std::to_string(n) +
         (n == 1 ? " unit leaves" : " units leave") + " the map (" + event.rule + ")";
}

void officer_with_own_command(const GameState& state, UnitIndex index, SetupTerms& terms,
                              std::string_view rule, bool (*accepts)(Hex)) {
  const UnitState& officer = state.units[index];
  if (!officer.is_leader() || officer.command.empty() || !officer.on_map()) return;
  terms.hexes.clear();
  for (const UnitState& unit : state.units)
    if (unit.on_map() && !unit.is_leader() && in_organization(unit, officer) &&
        (!accepts || accepts(unit.hex)))
      terms.hexes.push_back(unit.hex);
  terms.refusal = refuse_by_rule(std::string(rule), "officer-sets-up-with-command",
                                 "{0} sets up with a unit of his own command", {RefusalArg::of_unit(index)});
}

}  // namespace hd::engine::scenario_detail

#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/scenarios/scenario_rules.hpp>

#include <algorithm>
#include <array>

namespace hd::engine {
namespace {

constexpr std::string_view kWaterlooEntered = "21.3B waterloo";
constexpr std::string_view kPrussianCombat = "21.3B prussian combat";
constexpr std::array<std::string_view, 4> kNeyCavalry{"Lf-Ds", "LHer", "DUrb", "Marc"};  // 19.5C

bool triggered(const GameState& state, std::string_view flag) {
  return std::find(state.special_triggers.begin(), state.special_triggers.end(), flag) !=
         state.special_triggers.end();
}

void trigger(GameState& state, std::string_view flag) {
  if (!triggered(state, flag)) {
    state.special_triggers.emplace_back(flag);
    std::sort(state.special_triggers.begin(), state.special_triggers.end());
  }
}

bool french_control(const GameState& state, Hex hex) {
  const auto found = state.control.find(hex);
  return found != state.control.end() && found->second == Side::French;
}

Hex h(int column, int row) {
  return Hex{column, row};
}

// A unit of the French corps `corps` ("[6]"): its command designation ends with it.
bool french_corps(const UnitState& unit, std::string_view corps) {
  return unit.army == Army::French && unit.command.ends_with(corps);
}

// The corps whose arrival a die decides in this game, with its rule.
struct HeldCorps {
  std::string_view rule;
  std::string_view corps;
};
std::vector<HeldCorps> held_corps(const Ruleset& rules) {
  std::vector<HeldCorps> held;
  for (const HeldCorps& candidate :
       {HeldCorps{"18.5B", "[6]"}, HeldCorps{"18.5C", "[1]"}, HeldCorps{"19.5D", "[1]"}})
    if (has_special(rules, candidate.rule)) held.push_back(candidate);
  return held;
}

// The units of a corps still waiting for their die (no arrival turn yet).
std::vector<UnitIndex> still_held(const GameState& state, std::string_view corps) {
  std::vector<UnitIndex> units;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (french_corps(unit, corps) && unit.status == UnitStatus::Waiting && unit.arrival_turn < 0)
      units.push_back(static_cast<UnitIndex>(i));
  }
  return units;
}

// The first turn any unit of the corps may enter, once its die has brought it; nullopt before.
std::optional<int> corps_arrival(const GameState& state, std::string_view corps) {
  std::optional<int> arrival;
  for (const UnitState& unit : state.units)
    if (french_corps(unit, corps) && unit.arrival_turn >= 0)
      arrival = arrival ? std::min(*arrival, unit.arrival_turn) : unit.arrival_turn;
  return arrival;
}

// Turns the corps has been in the game, counting the current one (18.5B, 19.5D).
int turns_in_game(const GameState& state, std::string_view corps) {
  const auto arrival = corps_arrival(state, corps);
  return arrival && state.turn >= *arrival ? state.turn - *arrival + 1 : 0;
}

}  // namespace

bool has_special(const Ruleset& rules, std::string_view rule) {
  bool found = false;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    found = found || std::any_of(forces.specials.begin(), forces.specials.end(),
                                 [&](const SpecialRule& s) { return s.rule == rule; });
  });
  return found;
}

std::pair<int, int> special_morale_adjustment(const GameState& state, Army army) {
  const Ruleset& rules = *state.rules;
  int demoralization = 0;
  int disintegration = 0;
  if (army == Army::Prussian && has_special(rules, "18.3B")) {
    // 18.3B: both Prussian levels fall by 3 for each Ligny and St Amand town hex the French control.
    int held = 0;
    for (Hex hex : {h(37, 55), h(38, 54), h(38, 55), h(39, 55), h(32, 56), h(33, 57), h(34, 57)})
      held += french_control(state, hex);
    demoralization -= 3 * held;
    disintegration -= 3 * held;
  }
  if (army == Army::Prussian && has_special(rules, "18.5B")) {
    // 18.5B: both Prussian levels rise by 3 for each turn the Sixth Corps is in the game.
    demoralization += 3 * turns_in_game(state, "[6]");
    disintegration += 3 * turns_in_game(state, "[6]");
  }
  if (army == Army::French && has_special(rules, "20.3A")) {
    // 20.3A: the French level rises by the French VP total (computed without this rule's own effect).
    int vp = 0;
    for (const VpRule& rule : rules.scenario.forces.vp) {
      if (rule.side != Side::French || rule.kind != VpKind::PerStrengthPoint) continue;
      vp += rule.points * (state.eliminated_strength[static_cast<std::size_t>(Army::Prussian)] +
                           state.eliminated_strength[static_cast<std::size_t>(Army::Allied)]);
    }
    demoralization += vp;
  }
  if (army == Army::French && has_special(rules, "21.3A") &&
      (state.demoralized[static_cast<std::size_t>(Army::Allied)] ||
       state.demoralized[static_cast<std::size_t>(Army::Prussian)])) {
    demoralization += 10;  // 21.3A
  }
  if (army == Army::Allied && has_special(rules, "21.3B")) {
    // 21.3B: -20 once a French unit has entered Waterloo; +10 from the first Prussian-French combat
    // (the figure is lost in 21.0 and read from 27.4C: docs/rules-notes.md).
    const int change =
        (triggered(state, kWaterlooEntered) ? -20 : 0) + (triggered(state, kPrussianCombat) ? 10 : 0);
    demoralization += change;
    disintegration += change;
  }
  return {demoralization, disintegration};
}

bool special_allows_demoralization(const GameState& state, Army army) {
  return !(army == Army::French && has_special(*state.rules, "18.3A") &&
           state.demoralized[static_cast<std::size_t>(Army::Prussian)]);
}

void note_special_triggers(GameState& state, const std::vector<Event>& events) {
  // 19.5C: a unit is also released when an enemy unit enters its ZOC for any reason.
  for (UnitState& unit : state.units) {
    if (!unit.immobile || !unit.on_map()) continue;
    for (const UnitState& enemy : state.units) {
      if (enemy.on_map() && side_of(enemy.army) != side_of(unit.army) && adjacent(enemy.hex, unit.hex) &&
          zoc_reaches(*state.rules, unit.hex, enemy.hex))
        unit.immobile = false;
    }
  }
  if (!has_special(*state.rules, "21.3B")) return;
  for (Hex hex : {h(6, 6), h(6, 7), h(7, 8), h(7, 9)})
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

void special_hold_arrivals(GameState& state) {
  // 19.5C (only without 10.0 and 11.0, which the engine does not play): four cavalry units start
  // immobile until released.
  if (has_special(*state.rules, "19.5C")) {
    for (std::string_view id : kNeyCavalry)
      if (const auto u = find_unit(state, Army::French, id)) state.units[*u].immobile = true;
  }
  for (const HeldCorps& held : held_corps(*state.rules)) {
    for (UnitState& unit : state.units)
      if (french_corps(unit, held.corps) && unit.status == UnitStatus::Waiting) unit.arrival_turn = -1;
  }
}

void special_phase_start_rolls(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (state.phase != Phase::Movement || state.phasing != Side::French) return;
  // 19.5C: one die per unreleased unit, in the rule's order; a 1 releases it.
  for (std::string_view id : kNeyCavalry) {
    const auto u = find_unit(state, Army::French, id);
    if (!u || !state.units[*u].immobile || !state.units[*u].on_map()) continue;
    const int die = roll();
    state.units[*u].immobile = die != 1;
    events.push_back(DieRolledEvent{"19.5C", die, std::string(id) + (die == 1 ? " is released" : " stays")});
  }
  const TurnName now = state.current_turn().name;
  const int last_turn = static_cast<int>(state.rules->turns.size()) - 1;
  for (const HeldCorps& held : held_corps(*state.rules)) {
    const auto units = still_held(state, held.corps);
    if (units.empty()) continue;
    std::optional<int> arrival;
    std::string outcome;
    const int die = [&] {
      if (held.rule == "18.5C") {
        // 18.5C: one roll at the start of the 16/1700 French movement phase: 1-3 now, else next turn.
        if (!(now == TurnName{16, 1700})) return 0;
        const int d = roll();
        arrival = d <= 3 ? state.turn : std::min(state.turn + 1, last_turn);
        outcome = d <= 3 ? "all [1] enters at 2952 this phase" : "all [1] enters on the next turn";
        return d;
      }
      // 18.5B (1 or 2) and 19.5D (1): a roll each French movement phase from 16/1600 on.
      if (now < TurnName{16, 1600}) return 0;
      const int d = roll();
      const int needed = held.rule == "18.5B" ? 2 : 1;
      if (d <= needed) arrival = state.turn;
      outcome = std::string("all ") + std::string(held.corps) +
                (arrival ? " enters this phase" : " does not come yet");
      return d;
    }();
    if (die == 0) continue;
    if (arrival) {
      for (UnitIndex u : units)
        state.units[u].arrival_turn = *arrival;
    }
    events.push_back(DieRolledEvent{std::string(held.rule), die, outcome});
  }
}

void special_start_of_play_rolls(GameState& state, const DieRoller& roll, std::vector<Event>& events) {
  if (!has_special(*state.rules, "18.5A")) return;
  // 18.5A: each unit of the 1st and 2nd Brigades, in the rule's order, is reduced on a 1 or 2.
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

bool special_rolls_before_play(const GameState& state) {
  GameState first = state;
  first.phase = Phase::Movement;
  first.phasing = state.rules->scenario.first_side;
  int rolls = 0;
  const DieRoller count = [&rolls] {
    ++rolls;
    return 6;
  };
  std::vector<Event> events;
  special_start_of_play_rolls(first, count, events);
  special_phase_start_rolls(first, count, events);
  return rolls > 0;
}

std::optional<Refusal> special_entry_refusal(const GameState& state, UnitIndex index) {
  const UnitState& unit = state.units[index];
  if (unit.army != Army::Allied || !unit.command.ends_with("[Bw]") || !has_special(*state.rules, "19.2C"))
    return std::nullopt;
  // 19.2C: the column at 1634 is all [5], then all [Bw]: no [Bw] unit enters while a [5] unit that
  // may enter there now is still waiting.
  for (const UnitState& other : state.units) {
    if (other.army == Army::Allied && other.command.ends_with("[5]") && other.status == UnitStatus::Waiting &&
        other.arrival_turn >= 0 && other.arrival_turn <= state.turn &&
        std::find(other.entry_hexes.begin(), other.entry_hexes.end(), h(16, 34)) != other.entry_hexes.end()) {
      return refuse(RefusalCode::EntryOrder, "19.2C",
                    {RefusalArg::of_unit(index),
                     RefusalArg::of_unit(static_cast<UnitIndex>(&other - state.units.data()))});
    }
  }
  return std::nullopt;
}

void special_end_of_player_turn(GameState& state, Side side) {
  // 19.4C: 1 VP to the player who controls Quatre Bras at the end of each of his player turns.
  if (!has_special(*state.rules, "19.4C")) return;
  const auto found = state.control.find(h(16, 41));
  if (found != state.control.end() && found->second == side)
    ++state.special_vp[static_cast<std::size_t>(side)];
}

bool special_exit_counts(const GameState& state, Army army) {
  // 20.4C: Prussian strength exited counts only on or before the 18/1500 turn.
  return !(army == Army::Prussian && has_special(*state.rules, "20.4C") &&
           TurnName{18, 1500} < state.current_turn().name);
}

int special_final_vp(const GameState& state, Side side) {
  // 19.5D: 2 VP to the Allies for each turn the First Corps was in play, counted at the end.
  if (side == Side::Coalition && has_special(*state.rules, "19.5D")) return 2 * turns_in_game(state, "[1]");
  if (side != Side::French || !has_special(*state.rules, "20.4C")) return 0;
  int on_map = 0;  // 20.4C: 1 VP per Prussian strength point still on the map
  for (const UnitState& unit : state.units)
    if (unit.on_map() && unit.army == Army::Prussian) on_map += unit.strength();
  return on_map;
}

std::optional<GameResult> special_final_result(const GameState& state) {
  // 18.5C voids this condition: with First Corps' option the French win only by disintegration.
  if (has_special(*state.rules, "18.4A") && !has_special(*state.rules, "18.5C") &&
      state.demoralized[static_cast<std::size_t>(Army::Prussian)] &&
      state.eliminated_strength[static_cast<std::size_t>(Army::French)] < 35) {
    return GameResult{Side::French, "win",
                      "18.4A the Prussians are demoralized and French losses are under 35"};
  }
  return std::nullopt;
}

}  // namespace hd::engine

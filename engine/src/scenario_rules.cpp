#include <hd/engine/scenario_rules.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

constexpr std::string_view kWaterlooEntered = "21.3B waterloo";
constexpr std::string_view kPrussianCombat = "21.3B prussian combat";

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

// Quatre Bras Variant (23.0): its special rules, each a rule module. 19.0's rules that 23.0 does not
// alter stand (19.2C's entry order is 19.0's module).
#include "scenario_detail.hpp"

#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/movement/movement.hpp>

#include <array>
#include <string>
#include <string_view>

namespace hd::engine::modules {
namespace {

using namespace scenario_detail;

constexpr Hex kQuatreBras{16, 41};

// 23.0B: the leaders who set up with any unit of a command (an empty command: any unit of his army).
struct LeaderWithAnyUnit {
  std::string_view leader;
  Army army;
  std::string_view command;
};
constexpr std::array<LeaderWithAnyUnit, 6> kLeadersWithAnyUnit{{
    {"Ney", Army::French, "[2]"},
    {"Reille", Army::French, "[2]"},
    {"Kellermann", Army::French, "[3c]"},
    {"Wellington", Army::Allied, ""},
    {"Willem", Army::Allied, ""},
    {"Perponcher", Army::Allied, ""},
}};

// 23.0B: Ney and Reille set up with any [2] unit, Kellermann with any [3c] unit, Wellington, Willem and
// Perponcher with any Allied unit: the hexes of those units now (the scenario's hex is one of them).
// [N2] units may not set up in a French ZOC: those hexes of their 5-hex radius are taken away.
void set_up_freely(const GameState& state, UnitIndex index, SetupTerms& terms) {
  const UnitState& unit = state.units[index];
  if (unit.is_leader()) {
    for (const LeaderWithAnyUnit& freed : kLeadersWithAnyUnit) {
      if (unit.army != freed.army || unit.id != freed.leader) continue;
      for (const UnitState& other : state.units)
        if (other.on_map() && !other.is_leader() && other.army == unit.army &&
            other.command.ends_with(freed.command))
          terms.hexes.push_back(other.hex);
      const std::string with =
          freed.command.empty() ? "an Allied unit" : "a " + std::string(freed.command) + " unit";
      terms.refusal = refuse_by_rule("23.0B", "leader-sets-up-with-command", "{0} sets up with " + with,
                                     {RefusalArg::of_unit(index)});
    }
    return;
  }
  if (unit.army != Army::Allied || !unit.command.ends_with("[N2]")) return;
  std::erase_if(terms.hexes, [&](Hex hex) { return in_enemy_zoc(state, hex, Side::Coalition); });
  terms.refusal =
      refuse_by_rule("23.0B", "n2-in-french-zoc", "{0} may not set up in a French zone of control",
                     {RefusalArg::of_unit(index)});
}
constexpr TurnName kLastScoringExit{16, 1800};

// 23.0C: each time an army loses control of Quatre Bras its level(s) fall by 5, each time it gains
// control they rise by 5. The hex starts Allied and control only passes between the two armies
// (3.4B), so the count nets out to the holder now: while the French hold it, the French level is 5
// higher and both Allied levels 5 lower; while the Allies hold it, nothing (docs/rules-notes.md,
// 23.0C).
void quatre_bras_control(const GameState& state, Army army, MoraleTerms& terms) {
  if (!french_control(state, kQuatreBras)) return;
  if (army == Army::French) terms.demoralization += 5;
  if (army == Army::Allied) {
    terms.demoralization -= 5;
    terms.disintegration -= 5;
  }
}

// 23.0D: the French score 1/5 VP for each SP exited from an east-edge hex north of 2952 on or before
// 16/1800: the SP exited are totalled, divided by 5 and rounded up. The scenario's exit line names
// the hexes (5.5) and scores 0 itself; exits after 16/1800 are allowed but score nothing.
void french_exit_fifths(const GameState& state, VictoryTerms& terms) {
  constexpr auto french = static_cast<std::size_t>(Side::French);
  if (kLastScoringExit < state.current_turn().name)
    terms.exits_score[static_cast<std::size_t>(Army::French)] = false;
  terms.vp[french] += (state.exited_strength[french] + 4) / 5;
}

}  // namespace

extern const RuleModule quatre_bras_variant_23_0B{
    "23.0B",
    "Leaders set up with any unit of a command; [N2] not in a French ZOC",
    "hook: set-up (the leaders' hexes, the [N2] units' ZOC); the leaders who arrive with their commands "
    "(D'Erlon, Cooke, Alten, Picton, Brunswick) are the scenario's data: each enters in his command's "
    "reinforcement line",
    {.setup = set_up_freely}};
extern const RuleModule quatre_bras_variant_23_0C{"23.0C",
                                                  "Quatre Bras control moves both armies' levels by 5",
                                                  "hook: morale (the holder of 1641 now)",
                                                  {.morale = quatre_bras_control}};
extern const RuleModule quatre_bras_variant_23_0D{
    "23.0D",
    "French exits from the east edge score 1/5 VP per SP until 16/1800",
    "hook: victory (the exited SP, fifths rounded up; exits stop counting after 16/1800); the scenario's "
    "exit line names the hexes",
    {.victory = french_exit_fifths}};

}  // namespace hd::engine::modules

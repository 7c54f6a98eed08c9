// The Campaign (22.0) and the Campaign Variant (28.0, which takes 22.4 over): their special rules,
// each a rule module.
#include "scenario_detail.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <algorithm>

namespace hd::engine::modules {
namespace {

// 22.2C: officers set up with any unit of their own command.
void officers_set_up_with_their_command(const GameState& state, UnitIndex index, SetupTerms& terms) {
  scenario_detail::officer_with_own_command(state, index, terms, "22.2C");
}

// The reinforcement line of the forces in play that names the leader `id` of `army`, if any.
const Reinforcement* own_entry_line(const Ruleset& rules, Army army, std::string_view id) {
  const Reinforcement* found = nullptr;
  for_each_forces_in_play(rules, [&](const ScenarioForces& forces) {
    for (const Reinforcement& line : forces.reinforcements)
      if (line.army == army &&
          std::any_of(line.units.begin(), line.units.end(), [&](const UnitRef& ref) { return ref.id == id; }))
        found = found ? found : &line;
  });
  return found;
}

// 22.2C: officers "enter with any unit of their own command". As each movement phase begins, a
// waiting officer of the phasing side may enter at his own line's hexes once its turn has come, and
// at the entry hexes of every waiting unit of his organization whose turn has come (5.6E lets such a
// unit be delayed, and the officer comes with it). An officer of a secret force (22.6B's Hal Force
// "must enter together") and one a rule holds back keep their line. docs/rules-notes.md, 22.2C.
void officers_enter_with_their_command(GameState& state, const DieRoller&, std::vector<Event>&) {
  if (state.phase != Phase::Movement) return;
  const Ruleset& rules = *state.rules;
  for (UnitState& officer : state.units) {
    if (!officer.is_leader() || officer.command.empty() || officer.status != UnitStatus::Waiting ||
        side_of(officer.army) != state.phasing || !officer.secret_option.empty() || officer.arrival_turn < 0)
      continue;
    const Reinforcement* own = own_entry_line(rules, officer.army, officer.id);
    if (!own) continue;
    const int own_arrival = rules.turn_index(own->turn);
    std::vector<Hex> hexes;
    if (own_arrival >= 0 && own_arrival <= state.turn) hexes = own->hexes;
    for (const UnitState& unit : state.units)
      if (unit.status == UnitStatus::Waiting && !unit.is_leader() && unit.secret_option.empty() &&
          in_organization(unit, officer) && unit.arrival_turn >= 0 && unit.arrival_turn <= state.turn)
        hexes.insert(hexes.end(), unit.entry_hexes.begin(), unit.entry_hexes.end());
    std::sort(hexes.begin(), hexes.end());
    hexes.erase(std::unique(hexes.begin(), hexes.end()), hexes.end());
    if (hexes.empty()) {
      officer.arrival_turn = own_arrival;
      officer.entry_hexes = own->hexes;
    } else {
      officer.arrival_turn = state.turn;
      officer.entry_hexes = std::move(hexes);
    }
  }
}

constexpr int kDoublingStrength = 20;  // 22.4A

// 22.4A: once at least 20 French SP have exited at 0605, every exit VP is doubled, the first 20 SP
// included: the scenario's exit lines score their VP a second time.
void exit_doubling(const GameState& state, VictoryTerms& terms) {
  constexpr auto french = static_cast<std::size_t>(Side::French);
  const int exited = state.exited_strength[french];
  if (exited < kDoublingStrength) return;
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) {
    for (const VpRule& rule : forces.vp)
      if (rule.kind == VpKind::Exit && rule.side == Side::French) terms.vp[french] += rule.points * exited;
  });
}

}  // namespace

extern const RuleModule campaign_22_2C{
    "22.2C",
    "Officers set up or enter with any unit of their own command; commanders set up active",
    "hooks: set-up (an officer's hexes: his organization's units, 11.1B) and phase start (a waiting "
    "officer's entry hexes: his own line's and those of his organization's waiting units whose turn has "
    "come); commanders have no inactive side in the engine, so all are active; the chart's on-map [5] "
    "and [Bw] are the scenario's data",
    {.phase_start = officers_enter_with_their_command, .setup = officers_set_up_with_their_command}};
extern const RuleModule campaign_22_4A{"22.4A",
                                       "Exit VP doubled once 20 French SP have exited at 0605",
                                       "hook: victory (the exit lines' VP counted twice from 20 SP on)",
                                       {.victory = exit_doubling}};
extern const RuleModule campaign_22_6F{
    "22.6F",
    "Missing British leaders: Cole never used, Colville only with the Hal Force",
    "the scenario's data: no line places Cole [6]; Colville [4] enters only in the 22.6B option's "
    "reinforcement line (tests/engine/campaign_rules_test.cpp checks both)",
    {}};

}  // namespace hd::engine::modules

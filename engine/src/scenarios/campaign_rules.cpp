// The Campaign (22.0) and the Campaign Variant (28.0, which takes 22.4 over): their special rules,
// each a rule module; 22.5A and 22.5B are in campaign_morale_rules.cpp.
#include "scenario_detail.hpp"

#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/rules/supply/supply_line.hpp>
#include <hd/engine/rules/victory/victory.hpp>
#include <hd/engine/scenarios/entry_choices.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <algorithm>
#include <array>
#include <limits>

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
        side_of(officer.army) != state.phasing || !officer.secret_option.empty() || !officer.entry_choice.empty() ||
        officer.arrival_turn < 0)
      continue;
    const Reinforcement* own = own_entry_line(rules, officer.army, officer.id);
    if (!own) continue;
    const int own_arrival = rules.turn_index(own->turn);
    std::vector<Hex> hexes;
    if (own_arrival >= 0 && own_arrival <= state.turn) hexes = own->hexes;
    for (const UnitState& unit : state.units)
      if (unit.status == UnitStatus::Waiting && !unit.is_leader() && unit.secret_option.empty() &&
          unit.entry_choice.empty() &&
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

// Calls `visit(rule)` for each French exit VP line in play (the Campaign's: 2 VP a SP at 0605).
template <typename Visit>
void for_each_french_exit_line(const GameState& state, Visit visit) {
  for_each_forces_in_play(*state.rules, [&](const ScenarioForces& forces) {
    for (const VpRule& rule : forces.vp)
      if (rule.kind == VpKind::Exit && rule.side == Side::French) visit(rule);
  });
}

// 22.4B: the strength of the French units exited at `hex` that counts: those put in command by the
// commanders and officers exited there (11.0-11.1 with every range reached), provided a French line of
// supply (14.0) runs from `hex` to a French supply source.
int exit_strength_meeting_22_4B(const GameState& state, Hex hex) {
  if (!supply_line(state, Army::French, hex)) return 0;
  std::vector<UnitIndex> exited;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (unit.army == Army::French && unit.status == UnitStatus::Exited && unit.hex == hex)
      exited.push_back(static_cast<UnitIndex>(i));
  }
  const CommandStructure command = command_within_reach(state, exited);
  int strength = 0;
  for (UnitIndex u : exited)
    if (!state.units[u].is_leader() && command.in_command[u]) strength += state.units[u].strength();
  return strength;
}

// 22.4B: "counts VP if ... at the end of the game": the French strength exited whose VP count now:
// none while the game goes on (the conditions are judged at its end: docs/rules-notes.md, 22.4B), at
// the end what meets them at each exit hex.
int exit_strength_scoring(const GameState& state) {
  if (state.phase != Phase::GameOver && !state.result) return 0;
  int strength = 0;
  std::vector<Hex> hexes;
  for_each_french_exit_line(
      state, [&](const VpRule& rule) { hexes.insert(hexes.end(), rule.hexes.begin(), rule.hexes.end()); });
  std::sort(hexes.begin(), hexes.end());
  hexes.erase(std::unique(hexes.begin(), hexes.end()), hexes.end());
  for (Hex hex : hexes)
    strength += exit_strength_meeting_22_4B(state, hex);
  return strength;
}

// 22.4A: once at least 20 French SP have exited at 0605 (every SP exited counts towards the 20), every
// exit VP awarded is doubled, the first 20 SP included: the exit lines score their VP a second time,
// for the strength that scores (all of it; with 22.4B only what meets its conditions).
void exit_doubling(const GameState& state, VictoryTerms& terms) {
  constexpr auto french = static_cast<std::size_t>(Side::French);
  const int exited = state.exited_strength[french];
  if (exited < kDoublingStrength) return;
  const int scoring = rule_in_force(*state.rules, "22.4B") ? exit_strength_scoring(state) : exited;
  for_each_french_exit_line(state, [&](const VpRule& rule) { terms.vp[french] += rule.points * scoring; });
}

// 22.4B: takes back the exit VP of the French strength that does not score (victory_points() counts
// every SP exited).
void exit_conditions(const GameState& state, VictoryTerms& terms) {
  constexpr auto french = static_cast<std::size_t>(Side::French);
  const int not_scoring = state.exited_strength[french] - exit_strength_scoring(state);
  for_each_french_exit_line(state,
                            [&](const VpRule& rule) { terms.vp[french] -= rule.points * not_scoring; });
}

// 22.4C's levels of victory by the net French VP at the end. Stated: 230 or more French Decisive, less
// than 50 Coalition Decisive. The four thresholds between are lost in transcription: RECONSTRUCTED as
// four equal bands of 45 (scenarios/campaign/NOTES.md, R-C6).
struct VictoryLevel {
  int net_at_least;
  Side side;
  const char* level;
  const char* text;
};
constexpr std::array<VictoryLevel, 6> kVictoryLevels{{
    {230, Side::French, "decisive", "net French VP 230 or more (22.4C)"},
    {185, Side::French, "tactical", "net French VP 185-229 (22.4C; threshold reconstructed)"},
    {140, Side::French, "marginal", "net French VP 140-184 (22.4C; threshold reconstructed)"},
    {95, Side::Coalition, "marginal", "net French VP 95-139 (22.4C; threshold reconstructed)"},
    {50, Side::Coalition, "tactical", "net French VP 50-94 (22.4C; threshold reconstructed)"},
    {std::numeric_limits<int>::min(), Side::Coalition, "decisive", "net French VP less than 50 (22.4C)"},
}};

// 22.4C: at the end of the game, the level of victory by the net French VP (French minus Coalition):
// the scenario's VP with the rules' changes made before this one in the modules' order (22.4A,
// 22.4B). It decides the result before the scenario's "the French fail to win" line.
void victory_levels(const GameState& state, VictoryTerms& terms) {
  if ((state.phase != Phase::GameOver && !state.result) || terms.result) return;
  const std::array<int, 2> scheduled = scheduled_victory_points(state);
  constexpr auto french = static_cast<std::size_t>(Side::French);
  constexpr auto coalition = static_cast<std::size_t>(Side::Coalition);
  const int net = scheduled[french] + terms.vp[french] - scheduled[coalition] - terms.vp[coalition];
  for (const VictoryLevel& level : kVictoryLevels)
    if (net >= level.net_at_least) {
      terms.result = GameResult{level.side, level.level, level.text};
      return;
    }
}

// 22.6B: "If used, shift the level of victory one level in favor of the French (for example, a French
// Marginal becomes a French Tactical)": 22.4C's level, found before this rule in the modules' order,
// moves one step up its ladder (a French Decisive stays). The force is used if the Allied player chose
// an entry for it; a force not brought, or a decision never due, shifts nothing.
void hal_force_shift(const GameState& state, VictoryTerms& terms) {
  if (!terms.result || !terms.result->winner) return;
  const auto chosen = entry_choice_made(state, "hal-force");
  if (!chosen || chosen->declines()) return;
  for (std::size_t i = 1; i < kVictoryLevels.size(); ++i) {
    if (kVictoryLevels[i].side != *terms.result->winner || terms.result->level != kVictoryLevels[i].level) continue;
    const VictoryLevel& shifted = kVictoryLevels[i - 1];
    terms.result = GameResult{shifted.side, shifted.level,
                              terms.result->text + ", shifted one level toward the French from " +
                                  (kVictoryLevels[i].side == Side::French ? "French " : "Coalition ") +
                                  kVictoryLevels[i].level + ": the Hal Force was used (22.6B)"};
    return;
  }
}

}  // namespace

extern const RuleModule campaign_22_6B{
    "22.6B",
    "Hal Force: decided in secret in the Allied player turn of 17/2100, entering together at one of three "
    "times and hexes; if used, the level of victory shifts one level toward the French",
    "the entry-choice segment of 22.6B (scenarios/entry_choices.hpp: its choice `hal-force`, with `none`) "
    "and hook: victory (22.4C's level one step toward the French, 22.4C in force)",
    {.opening = open_hal_force_slot,
     .victory = hal_force_shift,
     .segment = &kHalForceSegment,
     .event_words = entry_choice_words}};

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
extern const RuleModule campaign_22_4B{
    "22.4B",
    "Exited French units score only in supply and in command",
    "hook: victory (exit VP count only once the game is over, for the units exited at 0605 that the "
    "leaders exited with them put in command, ranges ignored, and only if a French line of supply runs "
    "from 0605 to a source: supply_line, command_within_reach)",
    {.victory = exit_conditions}};
extern const RuleModule campaign_22_4C{
    "22.4C",
    "Optional levels of victory",
    "hook: victory (at the end, the level by net French VP: 230+ French Decisive, 185 Tactical, 140 "
    "Marginal, 95 Coalition Marginal, 50 Tactical, below 50 Coalition Decisive; the four middle "
    "thresholds reconstructed)",
    {.victory = victory_levels}};
extern const RuleModule campaign_22_6F{
    "22.6F",
    "Missing British leaders: Cole never used, Colville only with the Hal Force",
    "the scenario's data: no line places Cole [6]; Colville [4] enters only in the 22.6B option's "
    "reinforcement line (tests/engine/campaign_rules_test.cpp checks both)",
    {}};

}  // namespace hd::engine::modules

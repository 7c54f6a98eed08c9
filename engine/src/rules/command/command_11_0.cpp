// 11.0 Command, 11.1 Leaders and Command, 11.2 Tracing Command, 11.3 Command Effects: the rule
// modules. The command segment (4.1A) runs at the start of each daylight player turn; the effects of
// being out of command (11.3) and 10.1C's half allowance for a leader giving command act through the
// extension points below.
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

// 16.15 supersedes 11.3: where it is in force, 11.3's effects below step aside for its own.
bool superseded(const GameState& state) {
  return rule_in_force(*state.rules, "16.15");
}

// 4.1A: the command segment opens the player turn; none at night (4.2), held as usual in rain (4.3).
// At night no command is given: the marks stay until the next command segment (11.0) and no leader
// is giving command (10.1C).
void command_segment(GameState& state, const DieRoller&, std::vector<Event>&) {
  if (state.phase != Phase::Movement) return;
  if (!state.current_turn().night) return determine_command(state, state.phasing);
  clear_gave_command(state, state.phasing);
}

// 4.1A: the game's first player turn opens without a phase start when there is no set-up phase
// (start_game); its command segment is made with the opening position. With a set-up phase, the
// segment is made again once the set-up ends and the first movement phase begins. The first night
// turn's opening leaves every mark clear.
void first_command_segment(GameState& state) {
  if (!state.current_turn().night) return determine_command(state, state.rules->scenario.first_side);
  clear_gave_command(state, state.rules->scenario.first_side);
}

// 10.1C: a leader who gives command this player turn receives only half his movement allowance.
// 11.3A: out-of-command units and leaders may not enter an enemy ZOC. (Those beginning the movement
// phase in one cannot move: 5.3E already keeps every combat unit there.)
void command_unit_terms(const GameState& state, const UnitState& unit, UnitTerms& terms) {
  const UnitIndex index = index_of(state, unit);
  if (unit.is_leader() && side_of(unit.army) == state.phasing && gave_command(state, index))
    terms.allowance_half_mp /= 2;
  if (out_of_command(state, index) && !superseded(state)) terms.zoc_entry_barred = true;
}

// 11.3B: against out-of-command attackers a De or Dr becomes an Ar. 11.3C: against out-of-command
// defenders an Ae becomes an Ar (one defender out of command suffices: docs/rules-notes.md, 11.3C).
void convert_results(const GameState& state, CombatTerms& terms) {
  if (!terms.result || superseded(state)) return;
  CombatResult& result = *terms.result;
  const AttackAction& attack = terms.attack;
  if ((result == CombatResult::DefenderEliminated || result == CombatResult::DefenderRetreat) &&
      attack_out_of_command(state, attack))
    result = CombatResult::AttackerRetreat;
  const auto ooc = [&](UnitIndex u) { return out_of_command(state, u); };
  if (result == CombatResult::AttackerEliminated &&
      std::any_of(attack.defenders.begin(), attack.defenders.end(), ooc))
    result = CombatResult::AttackerRetreat;
}

// 11.3B: out-of-command attackers do not advance after an Ex (a De or Dr never reaches them).
// 11.3C: out-of-command defenders do not advance after combat.
void keep_out_of_command_from_advancing(GameState& state, const CombatAftermath& combat,
                                        std::vector<Event>&) {
  if (superseded(state)) return;
  const Side attacker = state.phasing;
  if (combat.result == CombatResult::Exchange && attack_out_of_command(state, combat.attack)) {
    if (state.pending_exchange) state.pending_exchange->vacated.clear();  // no advance after the choice
    if (state.pending_advance && state.pending_advance->side == attacker) state.pending_advance.reset();
  }
  if (state.pending_advance && state.pending_advance->side != attacker)
    std::erase_if(state.pending_advance->candidates, [&](UnitIndex u) { return out_of_command(state, u); });
}

// 11.3B: out-of-command artillery may not bombard.
// 11.3B, 11.3C: the refusal an out-of-command unit gets for an advance, citing the case that keeps
// it back (the attacker's 11.3B, the defender's 11.3C) rather than 6.7's "not offered".
std::optional<Refusal> out_of_command_refusal(const GameState& state, UnitAct act, UnitIndex unit) {
  if (act == UnitAct::BeginMove || !out_of_command(state, unit) || superseded(state)) return std::nullopt;
  if (act == UnitAct::Bombard)
    return refuse(RefusalCode::OocMayNotBombard, "11.3B", {RefusalArg::of_unit(unit)});
  const bool attacking = side_of(state.units[unit].army) == state.phasing;
  if (attacking && rules_unit_terms(state, state.units[unit]).attacks_normally_out_of_command)
    return std::nullopt;  // 24.1A: its results, and the advance after them, are normal
  return refuse(RefusalCode::OocMayNotAdvance, attacking ? "11.3B" : "11.3C", {RefusalArg::of_unit(unit)});
}

}  // namespace

bool attack_out_of_command(const GameState& state, const AttackAction& attack) {
  const auto ooc = [&](UnitIndex u) { return out_of_command(state, u); };
  const auto ooc_adjacent = [&](UnitIndex u) {
    return ooc(u) && !rules_unit_terms(state, state.units[u]).attacks_normally_out_of_command;
  };
  return std::any_of(attack.attackers.begin(), attack.attackers.end(), ooc_adjacent) ||
         std::any_of(attack.bombarding.begin(), attack.bombarding.end(), ooc);
}

namespace modules {
extern const RuleModule command_11_0{
    "11.0",
    "Command",
    "hooks: opening and phase start (the command segment, rules/command/command_segment), combat "
    "aftermath; unit terms (10.1C's half allowance, 11.3A's EZOC bar), unit refusal (11.3B's bombardment, "
    "11.3B-C's advance), combat (11.3B-C's results)",
    {.opening = first_command_segment,
     .phase_start = command_segment,
     .combat_resolved = keep_out_of_command_from_advancing,
     .unit_terms = command_unit_terms,
     .unit_refusal = out_of_command_refusal,
     .combat = convert_results}};
extern const RuleModule leaders_and_command_11_1{
    "11.1",
    "Leaders and command",
    "rules/command/command_range (trace_command: capacity, organizations, armies)",
    {}};
extern const RuleModule tracing_command_11_2{
    "11.2", "Tracing command", "rules/command/command_range (command_reach)", {}};
extern const RuleModule command_effects_11_3{
    "11.3", "Command effects", "the 11.0 module's hooks (rules/command/command_11_0)", {}};
}  // namespace modules

}  // namespace hd::engine

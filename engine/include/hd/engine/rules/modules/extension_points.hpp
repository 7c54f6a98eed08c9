// The extension points: where the engine's core calls the hooks of the rule modules in force
// (rule_module.hpp), in rule-number order. Each function names the core code that calls it.
#pragma once

#include <hd/engine/rules/modules/rule_module.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hd::engine {

// True if the game plays this rule: a module of it is in force (a chapter, an optional rule chosen,
// a scenario's or a chosen force option's special rule).
bool rule_in_force(const Ruleset& rules, std::string_view rule);

// Set-up: start_game(), once the opening position is built.
void rules_opening(GameState& state);

// The dice rolled as play begins (apply(), as the first turn's first phase starts).
void rules_play_start(GameState& state, const DieRoller& roll, std::vector<Event>& events);

// Phase start: apply(), as each phase begins.
void rules_phase_start(GameState& state, const DieRoller& roll, std::vector<Event>& events);

// True if play's first phase would open with the rules acting: rolling dice (19.5C) or reporting
// events (14.0's check on an opening first daylight turn, removing units). A dry run of the two hooks
// above on a copy, rolling nothing. Such a game must begin with a set-up phase, even with nothing to
// place, so that an action (the first side's `end`) makes the rolls and reports the events
// (start_game()); nothing the rules do is left out of the record.
bool rules_act_before_play(const GameState& state);

// Phase end: apply(), at the end of each player turn of `side`.
void rules_player_turn_end(GameState& state, Side side);

// After every applied action, with its events (apply()).
void rules_after_action(GameState& state, const std::vector<Event>& events);

// Movement cost: the allowance in half MP after the rules' changes (movement_allowance()).
int rules_movement_allowance(const GameState& state, const UnitState& unit, int half_mp);

// Movement cost: a hex's own terrain cost for this unit after the rules' changes (step(), entry_cost()).
int rules_terrain_cost(const GameState& state, const UnitState& unit, HexTerrain terrain, int half_mp);

// Movement refusal: a reason the rules keep a unit from beginning a move now (start_refusal()).
std::optional<Refusal> rules_move_start_refusal(const GameState& state, UnitIndex unit);

// Movement: true if a rule keeps the unit out of every enemy ZOC this phase (mover_of()).
bool rules_bar_zoc_entry(const GameState& state, const UnitState& unit);

// Zones of control: true if a rule keeps a ZOC from reaching from `from` into `to` (zoc_reaches()).
bool rules_block_zoc(const Ruleset& rules, Hex from, Hex to);

// Odds modifiers (compute_odds()).
void rules_adjust_odds(const GameState& state, const AttackAction& attack, CombatOdds& odds);

// Bombardment: a reason the rules keep an artillery unit from bombarding now (check_bombardment()).
std::optional<Refusal> rules_bombard_refusal(const GameState& state, UnitIndex unit);

// Combat result: the rules' changes to the CRT's result before it is applied (resolve_attack()).
void rules_adjust_result(const GameState& state, const AttackAction& attack, CombatResult& result);

// Combat result adjustments, once a combat's result is applied (resolve_attack()).
void rules_combat_resolved(GameState& state, const CombatAftermath& combat, std::vector<Event>& events);

// Advance after combat: a reason the rules forbid this unit's advance (demoralized_advance_refusal()).
std::optional<Refusal> rules_advance_refusal(const GameState& state, UnitIndex unit);

// Losses: after a combat unit is eliminated and counted against its army (eliminate(), the supply
// check).
void rules_unit_eliminated(GameState& state, UnitIndex unit, std::vector<Event>& events);

// Morale: the changes to an army's demoralization and disintegration levels now (morale_levels()).
std::pair<int, int> rules_morale_adjustment(const GameState& state, Army army);

// Morale: false if a rule forbids the army's demoralization now (update_morale()).
bool rules_allow_demoralization(const GameState& state, Army army);

// Victory: whether strength exited now counts for VP (apply(), on exiting).
bool rules_exit_counts(const GameState& state, Army army);

// Victory: the VP the rules award a side now (victory_points()).
int rules_vp(const GameState& state, Side side);

// Victory: a result the rules add, checked at the end before the scenario's conditions
// (final_result()).
std::optional<GameResult> rules_final_result(const GameState& state);

// Command: true if a rule keeps this leader from giving command now (trace_command(); 12.1D).
bool rules_withhold_command(const GameState& state, UnitIndex leader);

// Sequence of play: the module in force whose segment waits for the phasing side now, or null
// (pending_decision(), validate(), the `end` action). The first in the modules' order.
const RuleModule* open_rule_segment(const GameState& state);

// Events: the words of a rule's event from its module, or nullopt if no module words it
// (format_event()).
std::optional<std::string> rules_event_words(const GameState& state, const RuleEvent& event);

// The action kind of any registered module with this verb (and its module, if asked), or null
// (the notation; validate() checks the rule is in force).
const RuleActionKind* find_rule_action_kind(std::string_view verb, const RuleModule** module = nullptr);

}  // namespace hd::engine

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
void rules_after_action(GameState& state, std::vector<Event>& events);

// Combat result adjustments, once a combat's result is applied (resolve_attack()).
void rules_combat_resolved(GameState& state, const CombatAftermath& combat, std::vector<Event>& events);

// Losses: after a combat unit is eliminated and counted against its army (eliminate(), the supply
// check).
void rules_unit_eliminated(GameState& state, UnitIndex unit, std::vector<Event>& events);

// The general modifier points (rule_terms.hpp).

// Where a unit may be set up: 3.2C's hexes (`hexes`) after the rules' changes (has_setup_choices(),
// placement_hexes(), check_place()).
SetupTerms rules_setup(const GameState& state, UnitIndex unit, std::vector<Hex> hexes);

// True if a rule offers `side` an action of its own in the set-up (16.6A: units go hidden), so that a
// set-up phase is held for the side (has_setup_choices()).
bool rules_offer_setup_actions(const GameState& state, Side side);

// A unit's terms now, starting from its own allowance (movement_allowance(), mover_of(),
// entry_cost(), trace_command()).
UnitTerms rules_unit_terms(const GameState& state, const UnitState& unit);

// A reason the rules keep a unit from what it is about to do (start_refusal(), check_bombardment(),
// demoralized_advance_refusal()); the first module's in their order.
std::optional<Refusal> rules_unit_refusal(const GameState& state, UnitAct act, UnitIndex unit);

// A combat's odds after the rules' changes, before 8.2B's cap (compute_odds()).
void rules_adjust_odds(const GameState& state, const AttackAction& attack, CombatOdds& odds);

// A combat's CRT result after the rules' changes, before it is applied (resolve_attack()).
void rules_adjust_result(const GameState& state, const AttackAction& attack, CombatResult& result);

// Zones of control: true if a rule keeps a ZOC from reaching from `from` into `to` (zoc_reaches()).
bool rules_block_zoc(const Ruleset& rules, Hex from, Hex to);

// A move cut short: true if a rule stops the moving `unit` at `at`, a hex of its path (apply_move()).
bool rules_halt_move(const GameState& state, UnitIndex unit, Hex at);

// Hexes closed to a moving piece: the first rule's reason `mover` may not enter `hex`, or nullopt
// (the movement's steps and entries, retreat_ground_ok()).
std::optional<Refusal> rules_hex_closed(const GameState& state, const UnitState& mover, Hex hex);

// Stacking: true if a rule lets the combat unit stack freely (add_to_stack(), stacking.hpp).
bool rules_stack_freely(const Ruleset& rules, const UnitState& unit);

// An army's morale terms now (morale_levels(), update_morale()).
MoraleTerms rules_morale(const GameState& state, Army army);

// A corps' (Allied nationality's) morale terms now (corps_level_now(): 13.0's demoralization and
// recovery, 22.5A's segment).
CorpsMoraleTerms rules_corps_morale(const GameState& state, Army army, std::string_view corps);

// The victory terms now (victory_points(), final_result(), a unit's exit).
VictoryTerms rules_victory(const GameState& state);

// Sequence of play: the module in force whose segment waits for the phasing side now, or null
// (pending_decision(), validate(), the `end` action). The first in the modules' order.
const RuleModule* open_rule_segment(const GameState& state);

// Who decides in the rule segment `open`: its decider, or the phasing side (pending_decision()).
Side rule_segment_decider(const GameState& state, const RuleModule& open);

// Events: the words of a rule's event from its module, or nullopt if no module words it
// (format_event()).
std::optional<std::string> rules_event_words(const GameState& state, const RuleEvent& event);

// The action kinds a module defines: its segment's, then those it adds to a core decision
// (rule_segment.hpp), each once.
std::vector<const RuleActionKind*> module_action_kinds(const RuleModule& module);

// The action kind of any registered module with this verb (and its module, if asked), or null
// (the notation; validate() checks the rule is in force).
const RuleActionKind* find_rule_action_kind(std::string_view verb, const RuleModule** module = nullptr);

}  // namespace hd::engine

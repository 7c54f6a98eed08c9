// The rule modules that exist, and which a game needs: every rule a scenario names (its `rules`
// line and `special` lines), the force options chosen and the optional rules chosen is checked
// against them. A rule without a module is an error (no silent rules), unless the game is created
// with the development flag, and then the game is marked "not by the book".
#pragma once

#include <hd/engine/data/order_of_battle.hpp>
#include <hd/engine/data/scenario.hpp>
#include <hd/engine/rules/modules/rule_module.hpp>
#include <hd/engine/state/ruleset.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// Every registered module, by rule number (numeric order: 9.0 before 10.0).
const std::vector<const RuleModule*>& registered_rule_modules();

// The module registered under `rule`, or null.
const RuleModule* find_rule_module(std::string_view rule);

// Orders rule numbers as the book does: chapter, section, then case ("9.0" < "10.0" < "10.2").
bool rule_number_less(std::string_view a, std::string_view b);

// The rules a scenario's `rules` entry stands for: "1.0-9.0" is each chapter 1.0 .. 9.0.
std::vector<std::string> expand_rules_entry(std::string_view entry);

// The leaders (per the order of battle) that the scenario's set-up and entry lines name, its force
// options' included.
int leaders_named(const Scenario& scenario, const OrderOfBattle& oob);

// True if the scenario's set-up or entry lines, its force options' included, name a rifle unit (16.1B).
bool rifles_named(const Scenario& scenario, const OrderOfBattle& oob);

// True if the scenario (or one of its force options) names a leader of 16.1C's, or an army commander
// with his second-in-command (Blucher and Bulow, Wellington and Uxbridge), which 16.1C acts on.
bool additional_leaders_in_play(const Scenario& scenario, const OrderOfBattle& oob);

// True if the scenario (or one of its force options) names an army HQ counter (16.14), which 16.14
// acts through: chosen where none is in play, it would change nothing.
bool headquarters_named(const Scenario& scenario, const OrderOfBattle& oob);

// True if the scenario (or one of its force options) names a supply train counter (16.17), which
// 16.17 acts through.
bool supply_trains_named(const Scenario& scenario, const OrderOfBattle& oob);

// Why an optional rule may not be chosen for this scenario (not in its `optional` line, where
// "15.0" and "16.0" stand for any case of theirs, while another chapter is chosen whole, never a
// section of it alone; 10.0 or 11.0 where no line names a leader, as in 18.0 and 19.0, which offer
// them but set up none: chosen, they would place nothing; a rule the scenario plays replaces it:
// RuleModule::precluded_by), or nullopt if it may.
std::optional<std::string> optional_rule_refusal(const Scenario& scenario, const OrderOfBattle& oob,
                                                 std::string_view rule);

// Puts modules in the order their hooks run: rule-number order, except that a module whose
// `runs_before` names another is placed just before it (with 11.0 and 14.0: ... 10.0 14.0 11.0 11.1
// ...). A `runs_before` naming a rule not among `modules` is ignored. Returns a message if the
// declarations form a cycle (the modules are then left in rule-number order).
std::optional<std::string> order_rule_modules(std::vector<const RuleModule*>& modules);

// True for a rule the engine plays (it has a module) whose server side is not whole yet, so that
// playing it would not yet be by the book: 16.6 (16.3 was, until 6 December). Choosing it is refused
// (optional_rule_refusal) but under the development flag allow-missing-rules, which plays it with
// the rule listed among the missing ones (rules_in_force), so marked not by the book.
bool rule_unfinished(std::string_view rule);

// Sets the ruleset's modules and missing rules from its scenario, chosen force options and chosen
// optional rules, and gives it a fresh FieldsOfView when 16.3 is in force, none otherwise
// (make_ruleset does this; tests that change a ruleset, its map included, call it again).
void resolve_rule_modules(Ruleset& rules);

// The optional rules a game of this scenario may choose that the engine has: every registered
// module the scenario's `optional` line offers, in book order.
std::vector<std::string> offered_optional_rules(const Scenario& scenario, const OrderOfBattle& oob);

// The rules of a game played without their module that everyone may know of: those a secret force
// option (18.5C) brings stay unnamed, so that the list cannot tell the option is chosen.
std::vector<std::string> public_missing_rules(const Ruleset& rules);

// The rules a game of this scenario with these choices needs, and what exists of them.
struct RulesInForce {
  std::vector<std::string> needed;  // every rule number in force, in book order
  std::vector<const RuleModule*>
      modules;                       // the modules of those that have one, in hook order (order_rule_modules)
  std::vector<std::string> missing;  // those without a module, and unfinished ones (rule_unfinished), in book order
};

// Works out the rules in force: the scenario's `rules` entries (an entry such as "22.5" that heads
// `special` lines stands for them), its `special` lines, those of the chosen force options, and
// the chosen optional rules. Options and optional rules must be known to the scenario (unknown
// ones are the caller's error to report).
RulesInForce rules_in_force(const Scenario& scenario, const std::vector<std::string>& options,
                            const std::vector<std::string>& optional_rules);

}  // namespace hd::engine

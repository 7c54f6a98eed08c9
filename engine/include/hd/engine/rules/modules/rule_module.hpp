// A rule module: one rule of the book (a chapter of the standard rules, an optional or variant rule,
// a scenario's special rule) registered under its number, acting through named extension points.
// A ruleset resolves the modules of the rules in force once (rule_registry.hpp); the engine calls
// their hooks at the extension points (extension_points.hpp). Adding a rule is one new file defining
// its module and one registration line in src/rules/modules/rule_registry.cpp.
#pragma once

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/modules/rule_segment.hpp>
#include <hd/engine/rules/modules/rule_terms.hpp>
#include <hd/engine/state/dice.hpp>
#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace hd::engine {

// What a combat's hook sees once its result has been applied (15.2).
struct CombatAftermath {
  const AttackAction& attack;
  CombatResult result;
  bool coalition_broken = false;  // the combat demoralized or disintegrated the Prussian or Allied army
  std::size_t event_at = 0;       // the index of its CombatResolvedEvent in the events
};

// The extension points. Each hook is optional: null where the rule does not act there.
struct RuleHooks {
  // Set-up: once, by start_game(), after the opening position is built (18.5B: arrivals held).
  void (*opening)(GameState& state) = nullptr;
  // The dice rolled as play begins, after any set-up phase (18.5A).
  void (*play_start)(GameState& state, const DieRoller& roll, std::vector<Event>& events) = nullptr;
  // Phase start: as every phase begins (18.5B's roll at each French movement phase).
  void (*phase_start)(GameState& state, const DieRoller& roll, std::vector<Event>& events) = nullptr;
  // Phase end: at the end of each player turn of `side` (19.4C).
  void (*player_turn_end)(GameState& state, Side side) = nullptr;
  // After every applied action, with its events: instant triggers (21.3B, 19.5C's release); the
  // rule may add events of its own (24.4D's withdrawal).
  void (*after_action)(GameState& state, std::vector<Event>& events) = nullptr;
  // Combat result adjustments: after a combat's result is applied (15.2).
  void (*combat_resolved)(GameState& state, const CombatAftermath& combat,
                          std::vector<Event>& events) = nullptr;
  // Losses: a combat unit has just been eliminated (in combat or out of supply), its strength already
  // counted against its army (9.0); the rule may count it too and report (13.0's corps losses).
  void (*unit_eliminated)(GameState& state, UnitIndex unit, std::vector<Event>& events) = nullptr;

  // The general modifier points (rule_terms.hpp): pure modifiers, changing only the terms handed in.
  // Where a unit may be set up (23.0B).
  void (*setup)(const GameState& state, UnitIndex unit, SetupTerms& terms) = nullptr;
  // A unit's move and command: allowance (10.1C, 25.0E-1), EZOC entry (11.3A), terrain (13.2),
  // command withheld (12.1D).
  void (*unit_terms)(const GameState& state, const UnitState& unit, UnitTerms& terms) = nullptr;
  // A reason the rule keeps the unit from what it is about to do, asked once the core's own checks
  // pass: begin a move (19.2C's entry order, 19.5C's held units), bombard (11.3B), advance (11.3B,
  // 11.3C, 13.2).
  std::optional<Refusal> (*unit_refusal)(const GameState& state, UnitAct act, UnitIndex unit) = nullptr;
  // A combat's odds (15.1) and then its result (11.3B, 11.3C).
  void (*combat)(const GameState& state, CombatTerms& terms) = nullptr;
  // Zones of control: true if the rule keeps a ZOC from reaching from `from` into `to` (25.0E-2). It
  // reads only the ruleset (the board), as the ZOC is asked for every unit and hexside.
  bool (*zoc_blocked)(const Ruleset& rules, Hex from, Hex to) = nullptr;
  // A moving unit stops at `at`, a hex of its path, its move cut there (16.6C: from there it observes
  // an enemy HM marker, revealed that instant); the rule may let it go on later.
  bool (*halts_move)(const GameState& state, UnitIndex unit, Hex at) = nullptr;
  // Hexes closed to a moving piece: a reason `mover` (moving, entering, retreating) may not enter
  // `hex`, or nullopt (16.6B: an HM marker stacks with no unit, nor is moved through). Asked at every
  // step a move or a search for one takes.
  std::optional<Refusal> (*hex_closed)(const GameState& state, const UnitState& mover, Hex hex) = nullptr;
  // Stacking: true if the combat unit stacks freely with one or two other units (16.1B: rifles;
  // stacking.hpp). It reads only the ruleset and the unit, as every stacking count asks it.
  bool (*stacks_freely)(const Ruleset& rules, const UnitState& unit) = nullptr;
  // An army's morale levels and whether it may be demoralized (18.3A, 18.3B, 18.5B, 20.3A, 21.3A,
  // 21.3B, 15.2).
  void (*morale)(const GameState& state, Army army, MoraleTerms& terms) = nullptr;
  // A corps' (13.1: Allied nationality's) demoralization level (22.5B).
  void (*corps_morale)(const GameState& state, Army army, std::string_view corps,
                       CorpsMoraleTerms& terms) = nullptr;
  // The victory count: VP (19.4C, 20.4C, 19.5D), exits that score (20.4C), a result at the end (18.4A).
  void (*victory)(const GameState& state, VictoryTerms& terms) = nullptr;

  // Sequence of play: the segment the rule adds, with its decision and actions (rule_segment.hpp).
  const RuleSegment* segment = nullptr;
  // Sequence of play: the actions the rule adds to the core's decisions, a list per decision
  // (rule_segment.hpp).
  std::array<const RulePhaseActions*, kMaxPhaseActionLists> phase_actions{};
  // Events: the words of the rule's own events (RuleEvent), for format_event().
  std::string (*event_words)(const GameState& state, const RuleEvent& event) = nullptr;
};

// At most this many rules a module's hooks are declared to run before.
inline constexpr std::size_t kMaxRunsBefore = 4;
// At most this many rules that may preclude an optional rule.
inline constexpr std::size_t kMaxPrecludedBy = 2;

struct RuleModule {
  // A module is written as {rule, title, where, hooks} and, where it needs them, the two
  // declarations below (a constructor, so that modules leave out what they do not declare).
  constexpr RuleModule(std::string_view rule, std::string_view title, std::string_view where,
                       RuleHooks hooks = {}, std::array<std::string_view, kMaxRunsBefore> runs_before = {},
                       std::array<std::string_view, kMaxPrecludedBy> precluded_by = {})
      : rule(rule),
        title(title),
        where(where),
        hooks(hooks),
        runs_before(runs_before),
        precluded_by(precluded_by) {}

  std::string_view rule;   // its number as the book writes it: "9.0", "15.1", "19.4C", "25.0E-1"
  std::string_view title;  // a few words
  std::string_view where;  // how the engine carries it out: its hooks, the core's files, or the data
  RuleHooks hooks;
  // The rules whose hooks this module's run before wherever both act (the sequence of play decides:
  // 14.0's daily check before 11.0's command segment, 4.1). Otherwise modules run in rule-number
  // order. Checked when the registry is made (order_rule_modules): every rule named is registered
  // and the declarations form no cycle.
  std::array<std::string_view, kMaxRunsBefore> runs_before{};
  // The rules in force that preclude this optional rule: with any of them it is not offered (15.2
  // Exception 2: 22.5B replaces it, and 24.1A, which puts 22.5B in effect).
  std::array<std::string_view, kMaxPrecludedBy> precluded_by{};
};

}  // namespace hd::engine

// What a rule module brings to the sequence of play beside its hooks: its own actions (each a
// RuleActionKind, carried as a RuleAction) and a segment of the sequence of play that waits for a
// decision of the phasing side (DecisionKind::Rule), such as 12.0's reorganization segment (4.1A).
// validate(), apply(), legal_actions(), the notation, claim_of() and decision_choices() reach them
// through the core's `rule` action kind (rules/sequence/rule_action.cpp): a rule with a decision
// needs no change to the core's actions, decisions or the wire.
#pragma once

#include <hd/engine/rules/sequence/decisions.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hd::engine {

// One kind of a module's action: its verb (unique among every kind, core and module), notation and
// the functions that check, carry out, list, read, write, label and claim it.
struct RuleActionKind {
  std::string_view verb;     // "reorganize"
  std::string_view grammar;  // the notation after the side: "reorganize OFFICER UNIT [UNIT]"
  // The kind's check (after the core's: the game goes on, the side is phasing, the segment is open).
  std::optional<Refusal> (*validate)(const GameState& state, Side side, const RuleAction& action);
  // Carries out an action validate() accepted, appending its events; dice come from `roll`.
  void (*apply)(GameState& state, Side side, const RuleAction& action, const DieRoller& roll,
                std::vector<Event>& events);
  // Appends the actions of this kind `side` may take now.
  void (*generate)(const GameState& state, Side side, std::vector<Action>& actions);
  // Reads the words after the verb; an error message if they do not make an action.
  std::variant<RuleAction, std::string> (*parse)(const GameState& state,
                                                 const std::vector<std::string>& args);
  // The notation after the verb: "Reille Bach".
  std::string (*format)(const GameState& state, const RuleAction& action);
  // The action as a choice, in words: "reorganize Bach at Reille in 1744".
  std::string (*label)(const GameState& state, const RuleAction& action);
  // Adds the armies whose seats must take it (none: any seat of the deciding side).
  void (*claim)(const GameState& state, const RuleAction& action, ActionClaim& claim);
};

// At most this many action kinds a segment offers.
inline constexpr std::size_t kMaxSegmentActions = 4;

// A segment of the sequence of play a rule adds: while open() says so it is the pending decision
// (DecisionKind::Rule) of its decider (the phasing side unless it says otherwise), who takes its
// actions; the phasing side ends it with `end`.
struct RuleSegment {
  std::string_view name;  // "reorganization segment (4.1A)"
  // True while the segment waits for the phasing side (the rule opens it from one of its hooks).
  bool (*open)(const GameState& state);
  // What it asks, in words: "reorganize eliminated units (12.0) or end the reorganization segment".
  std::string (*what)(const GameState& state);
  // The phasing side ends it (`end`): the sequence of play moves on to what follows.
  void (*close)(GameState& state, std::vector<Event>& events);
  std::array<const RuleActionKind*, kMaxSegmentActions> actions{};  // the actions it answers
  // Why `end` may not close it yet (28.0D: a choice still due), or nullopt; null: it always may.
  std::optional<Refusal> (*refuse_close)(const GameState& state) = nullptr;
  // Who decides while it is open (16.6C: the owner of a pair revealed in the enemy's phase deploys its
  // pieces), or null: the phasing side.
  Side (*decider)(const GameState& state) = nullptr;
};

// Actions a rule adds to a decision of the core's sequence of play, beside the core's own (16.6B: the
// HM markers move in the phasing side's movement phase, as units do; 16.6A: units go hidden during
// set-up). Taken by the phasing side while that decision is pending and no rule's segment is open.
struct RulePhaseActions {
  DecisionKind decision = DecisionKind::Move;                       // the decision they answer
  std::array<const RuleActionKind*, kMaxSegmentActions> actions{};  // the actions
  // For the set-up's decision (DecisionKind::SetupPlacement): true if `side` may have such an action
  // now, so that a set-up phase is held for it (3.2C) though it has no unit to place; null: never.
  bool (*offered)(const GameState& state, Side side) = nullptr;
};

// At most this many decisions a rule adds actions to.
inline constexpr std::size_t kMaxPhaseActionLists = 2;

}  // namespace hd::engine

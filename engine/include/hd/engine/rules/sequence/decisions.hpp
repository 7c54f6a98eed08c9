// What the game waits for: the kind of decision pending, who must take it (deciders), and whether
// the last action may still be taken back (5.1C). The server and clients decide from these typed
// answers, never from the notation or the words.
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// What kind of decision the game waits for.
enum class DecisionKind {
  None,            // the game is over
  SetupPlacement,  // 3.2C: place units within their set-up radius, or end the set-up
  SetupEnd,        // 3.2C: nothing left to place: end the set-up to begin play
  Move,            // 5.0: move units or end the movement phase
  Attack,          // 6.0: attack or end the combat phase
  ExchangeChoice,  // 6.5A: choose the attackers an exchange eliminates
  Retreat,         // 6.6: retreat a unit (8.2C: a chateau defender may stay)
  Advance,         // 6.7: advance after combat, or decline
  Rule,            // a rule module's segment of the sequence of play (12.0's reorganization segment)
};

std::string_view to_string(DecisionKind kind);

// Whose decision the game waits for, and what kind (for the server, clients and bots).
struct PendingDecision {
  Side side = Side::French;
  DecisionKind kind = DecisionKind::None;
  std::optional<UnitIndex> unit;  // Retreat: the unit to retreat
  int exchange_loss = 0;          // ExchangeChoice: the strength the attackers must lose at least
  bool may_stay = false;          // Retreat: 8.2C, the chateau defender may ignore the Dr
  std::vector<Army> armies;       // the armies whose units it concerns (deciders()), in Army order
  std::string what;               // in words: "move units or end the movement phase", "retreat Bach"
  std::string rule;               // Rule: the rule whose segment asks ("12.0")
};
PendingDecision pending_decision(const GameState& state);

// One choice a decision offers, described for any client: a label in words, the action that takes
// it, and the units and hexes it concerns (a client highlights them and lets a click choose).
struct DecisionChoice {
  std::string label;  // "reorganize Bach at Reille in 1744"
  Action action;
  std::vector<UnitIndex> units;
  std::vector<Hex> hexes;
};

// The choices of a rule's decision (DecisionKind::Rule) for `side`, in the order legal_actions()
// lists them: each of the rule's actions with its label, then ending the segment. In a set-up
// (DecisionKind::SetupPlacement), the actions rules add beside the placements (RulePhaseActions:
// 16.6A's hides), labelled alike, in legal_actions()' order; not the placements nor ending the
// set-up. Empty for the core's other decisions, which clients know by kind.
std::vector<DecisionChoice> decision_choices(const GameState& state, Side side);

// Who must act now: a side, and the armies whose units the decision concerns (a Coalition retreat
// of a Prussian unit concerns the Prussian army only; an exchange, the armies of the attackers it
// may eliminate; a phase, every army of the side in the game). Only one side decides at a time under
// these rules; the list is empty when the game is over.
struct Decider {
  Side side = Side::French;
  std::vector<Army> armies;  // in Army order
};
std::vector<Decider> deciders(const GameState& state);

// Which side an action is taken for and which armies' seats must take it (the server binds these
// to the seats of the caller's account).
struct ActionClaim {
  Side side = Side::French;
  std::set<Army> armies;  // empty: any seat of `side` may take it (end phase, advance none)
};

// The claim of an action in `state`, from its kind (action_kind.hpp): moves, retreats and advances
// belong to the unit's army; an attack to the armies of its attacking and bombarding units (the
// phasing side's); the rest to any seat of the side whose decision is pending. The side follows
// the units named (a French unit is always the French side's business).
ActionClaim claim_of(const GameState& state, const Action& action);

// Adds the army of `unit` to the claim, if the unit exists (for action kinds' claims).
void add_army_of(const GameState& state, UnitIndex unit, ActionClaim& claim);

// A player turn (4.1): the game turn and the phasing side.
struct PlayerTurn {
  int turn = 0;
  Side side = Side::French;
  friend bool operator==(const PlayerTurn&, const PlayerTurn&) = default;
};

// The player turn `state` is in, or nullopt outside play (the set-up, the game's end). A new player
// turn has begun when this differs from the one before (the server keeps a state for each, for
// delayed spectators).
std::optional<PlayerTurn> player_turn(const GameState& state);

// 5.1C: whether `side` may ask to take back `last`, the action that led to `state`: a move of the
// phasing side in the movement phase still running, while no die has been rolled in that phase
// (GameState::dice_this_step; a rule's segment before it, 12.0's with 12.2's dice, is a step of its
// own).
bool undo_allowed(const GameState& state, Side side, const Action& last);

}  // namespace hd::engine

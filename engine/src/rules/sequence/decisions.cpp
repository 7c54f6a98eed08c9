#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>

#include <algorithm>
#include <set>

namespace hd::engine {
namespace {

// The armies of `units`, in Army order.
std::vector<Army> armies_of(const GameState& state, const std::vector<UnitIndex>& units) {
  std::set<Army> armies;
  for (UnitIndex unit : units)
    if (unit < state.units.size()) armies.insert(state.units[unit].army);
  return {armies.begin(), armies.end()};
}

// Every army of `side` with a unit in the game, in Army order.
std::vector<Army> armies_of_side(const GameState& state, Side side) {
  std::set<Army> armies;
  for (const UnitState& unit : state.units)
    if (side_of(unit.army) == side) armies.insert(unit.army);
  return {armies.begin(), armies.end()};
}

// The armies a decision concerns: 6.6B the retreating unit's owner; an exchange's or an advance's
// candidates; for anything else every army of the deciding side.
std::vector<Army> concerned_armies(const GameState& state, const PendingDecision& pending) {
  switch (pending.kind) {
    case DecisionKind::None:
      return {};
    case DecisionKind::Retreat:
      return {state.units[*pending.unit].army};
    case DecisionKind::ExchangeChoice:
      return armies_of(state, state.pending_exchange->candidates);
    case DecisionKind::Advance:
      return armies_of(state, state.pending_advance->candidates);
    default:
      return armies_of_side(state, pending.side);
  }
}

}  // namespace

std::string_view to_string(DecisionKind kind) {
  switch (kind) {
    case DecisionKind::None:
      return "none";
    case DecisionKind::SetupPlacement:
      return "setup-placement";
    case DecisionKind::SetupEnd:
      return "setup-end";
    case DecisionKind::Move:
      return "move";
    case DecisionKind::Attack:
      return "attack";
    case DecisionKind::ExchangeChoice:
      return "exchange-choice";
    case DecisionKind::Retreat:
      return "retreat";
    case DecisionKind::Advance:
      return "advance";
    case DecisionKind::Rule:
      return "rule";
  }
  return "?";
}

// The order of the checks is the order validate() asks for them: an exchange (6.5A), then the
// combat's retreats (6.6), then its advance (6.7), before anything else of the phase.
PendingDecision pending_decision(const GameState& state) {
  PendingDecision pending;
  pending.side = state.phasing;
  if (state.phase == Phase::GameOver || state.result) {
    pending.kind = DecisionKind::None;
    pending.what = "nothing: the game is over";
  } else if (state.pending_exchange) {
    pending.side = state.pending_exchange->side;
    pending.kind = DecisionKind::ExchangeChoice;
    pending.exchange_loss = state.pending_exchange->loss;
    pending.what = "choose the attackers the exchange eliminates (at least " +
                   std::to_string(state.pending_exchange->loss) + " strength)";
  } else if (!state.pending_retreats.empty()) {
    const PendingRetreat& retreat = state.pending_retreats.front();
    const UnitState& unit = state.units[retreat.unit];
    pending.side = side_of(unit.army);
    pending.kind = DecisionKind::Retreat;
    pending.unit = retreat.unit;
    pending.may_stay = retreat.may_stay;
    pending.what = "retreat " + unit.id;
  } else if (state.pending_advance) {
    pending.side = state.pending_advance->side;
    pending.kind = DecisionKind::Advance;
    pending.what = "advance after combat, or decline";
  } else if (const RuleModule* open = open_rule_segment(state)) {
    pending.kind = DecisionKind::Rule;
    pending.side = rule_segment_decider(state, *open);
    pending.rule = std::string(open->rule);
    pending.what = open->hooks.segment->what(state);
  } else if (state.phase == Phase::Setup && !has_setup_choices(state, state.phasing)) {
    pending.kind = DecisionKind::SetupEnd;
    pending.what = "end the set-up to begin play (the first phase's scenario dice are rolled)";
  } else if (state.phase == Phase::Setup) {
    pending.kind = DecisionKind::SetupPlacement;
    pending.what =
        "place units within their set-up radius (3.2C) or where a scenario rule lets them, or end the set-up";
  } else if (state.phase == Phase::Movement) {
    pending.kind = DecisionKind::Move;
    pending.what = "move units or end the movement phase";
  } else {
    pending.kind = DecisionKind::Attack;
    pending.what = "attack or end the combat phase";
  }
  pending.armies = concerned_armies(state, pending);
  return pending;
}

// A rule's decision: every action legal_actions() lists, ending the segment last. A set-up
// (3.2C): only the actions rules add beside the placements (RulePhaseActions; 16.6A's hides), as
// legal_actions() lists them, found by the rule-action kind's own generator so that the placements
// are not generated to be dropped; the placements and ending the set-up clients know by kind.
std::vector<DecisionChoice> decision_choices(const GameState& state, Side side) {
  std::vector<DecisionChoice> choices;
  const PendingDecision pending = pending_decision(state);
  std::vector<Action> actions;
  if (pending.kind == DecisionKind::Rule) {
    actions = legal_actions(state, side);
  } else if (pending.kind == DecisionKind::SetupPlacement && pending.side == side) {
    action_kind(Action{RuleAction{}}).generate(state, side, actions);
  } else {
    return choices;
  }
  for (Action& action : actions) {
    DecisionChoice choice;
    if (const auto* rule_action = std::get_if<RuleAction>(&action)) {
      const RuleActionKind* kind = find_rule_action_kind(rule_action->verb);
      choice.label = kind ? kind->label(state, *rule_action) : rule_action->verb;
      choice.units = rule_action->units;
      choice.hexes = rule_action->hexes;
    } else {
      choice.label = "end the " + std::string(open_rule_segment(state)->hooks.segment->name);
    }
    choice.action = std::move(action);
    choices.push_back(std::move(choice));
  }
  return choices;
}

std::vector<Decider> deciders(const GameState& state) {
  const PendingDecision pending = pending_decision(state);
  if (pending.kind == DecisionKind::None) return {};
  return {Decider{pending.side, pending.armies}};
}

ActionClaim claim_of(const GameState& state, const Action& action) {
  ActionClaim claim;
  claim.side = pending_decision(state).side;  // also for an advance (6.7)
  action_kind(action).claim(state, action, claim);
  if (!claim.armies.empty()) claim.side = side_of(*claim.armies.begin());
  return claim;
}

void add_army_of(const GameState& state, UnitIndex unit, ActionClaim& claim) {
  if (unit < state.units.size()) claim.armies.insert(state.units[unit].army);
}

std::optional<PlayerTurn> player_turn(const GameState& state) {
  if (state.phase == Phase::Setup || state.phase == Phase::GameOver) return std::nullopt;
  return PlayerTurn{state.turn, state.phasing};
}

bool undo_allowed(const GameState& state, Side side, const Action& last) {
  // An undoable action (a move) never ends its phase, so one followed by a movement phase was made
  // in this one.
  return action_kind(last).undoable && state.phase == Phase::Movement && !state.result &&
         side == state.phasing && state.dice_this_step == 0;
}

}  // namespace hd::engine

// validate() and apply() for every kind of action, through the action registry (action_kind.hpp):
// the checks common to all kinds here, each kind's own in its descriptor.
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>
#include <hd/engine/state/invariants.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

bool decision_pending(const GameState& state) {
  return !state.pending_retreats.empty() || state.pending_advance.has_value() ||
         state.pending_exchange.has_value();
}

// validate(), noting what the kind's check found for apply() (a move's cost); `open` is
// open_rule_segment(state), asked once by the caller.
std::optional<Refusal> validate_action(const GameState& state, Side side, const Action& action,
                                       const ActionKind& kind, const RuleModule* open, ActionCheck& check) {
  if (state.phase == Phase::GameOver) return refuse(RefusalCode::GameOver, "3.0");
  if (kind.phasing_only) {
    if (side != state.phasing) return refuse(RefusalCode::NotYourTurn, "4.1");
    if (decision_pending(state)) return refuse(RefusalCode::DecisionPending, "6.6");
    // A rule's segment (12.0's reorganization, 4.1A) is decided before the phase goes on.
    if (open && !(kind.answers & decision_bit(DecisionKind::Rule)))
      return refuse(RefusalCode::RuleSegmentPending, std::string(open->rule));
  }
  return kind.validate(state, side, action, check);
}

}  // namespace

std::optional<Refusal> validate(const GameState& state, Side side, const Action& action) {
  ActionCheck check;
  return validate_action(state, side, action, action_kind(action), open_rule_segment(state), check);
}

namespace {

// 4.1: a step begins with each phase and when a rule's segment closes (the phase it opened goes on
// as a step of its own). The dice of the action that begins a step count before it (a phase's
// opening dice on `end`, 19.5C), so they never bar 5.1C's undo of the step's first move.
void count_step(GameState& state, const std::vector<Event>& events, bool was_in_segment, int rolled) {
  const bool phase_started = std::any_of(events.begin(), events.end(), [](const Event& event) {
    return std::holds_alternative<PhaseStartedEvent>(event);
  });
  if (phase_started || (was_in_segment && !open_rule_segment(state))) {
    ++state.steps_begun;
    state.dice_this_step = 0;
  } else {
    state.dice_this_step += rolled;
  }
}

}  // namespace

std::vector<Event> apply(GameState& state, Side side, const Action& action, const DieRoller& roll) {
  const ActionKind& kind = action_kind(action);
  // 4.1A: the rule's segment open before the action, asked once for the check and for count_step()
  // (the state does not change between the two).
  const RuleModule* open = open_rule_segment(state);
  ActionCheck check;
  if (auto refusal = validate_action(state, side, action, kind, open, check))
    throw ActionRefused(*refusal, describe(*refusal, state));
  std::vector<Event> events;
  const bool in_segment = open != nullptr;
  int rolled = 0;
  // 10.2: the leaders stacked with combat units before a combat action.
  const std::vector<UnitIndex> accompanied =
      kind.combat ? accompanied_leaders(state) : std::vector<UnitIndex>{};
  const DieRoller checked_roll = [&roll, &rolled] {
    const int die = roll();
    if (die < 1 || die > 6) throw std::out_of_range("a die roll must be 1 to 6");
    ++rolled;
    return die;
  };
  kind.apply(state, side, action, check, checked_roll, events);
  // 10.2's die for leaders left without their units, then 10.1E for leaders caught alone.
  roll_for_bereft_leaders(state, accompanied, checked_roll, events);
  displace_caught_leaders(state, events);
  // Scenario rules that watch every action (21.3B), and morale levels that moved with them (18.3B).
  if (state.phase != Phase::GameOver) {
    rules_after_action(state, events);
    update_morale(state, events);
  }
  ++state.actions_applied;
  count_step(state, events, in_segment, rolled);
#ifdef HD_CHECK_INVARIANTS
  check_invariants(state);  // test builds: an engine bug stops at the action that caused it
#endif
  return events;
}

std::string describe(const Refusal& refusal, const GameState& state) {
  return format_refusal(refusal, [&](UnitIndex unit) {
    return unit < state.units.size() ? state.units[unit].id : std::string("that unit");
  });
}

}  // namespace hd::engine

// The core's `rule` action kind: every action a rule module defines (RuleAction) goes through it to
// the module's own descriptor (RuleActionKind, rules/modules/rule_segment.hpp), found by the
// action's rule and verb. A module's action is taken in its rule's open segment, or where the rule
// adds it to a core decision (RulePhaseActions).
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {
namespace {

// The kind for `action`, or the refusal: the rule is in force, and either its segment is the one
// open now and offers the verb, or no segment is open and the rule adds the verb to the decision
// pending now, `pending` (RulePhaseActions: 16.6B's markers move in the movement phase).
std::variant<const RuleActionKind*, Refusal> kind_for(const GameState& state, const RuleAction& action,
                                                      DecisionKind pending) {
  if (!rule_in_force(*state.rules, action.rule))
    return refuse(RefusalCode::RuleNotInForce, action.rule.empty() ? std::string("4.1") : action.rule);
  if (const RuleModule* open = open_rule_segment(state)) {
    if (open->rule != action.rule) return refuse(RefusalCode::RuleSegmentClosed, action.rule);
    for (const RuleActionKind* kind : open->hooks.segment->actions)
      if (kind && kind->verb == action.verb) return kind;
    return refuse(RefusalCode::RuleSegmentClosed, action.rule);
  }
  bool elsewhere = false;  // the rule adds the verb to another decision than the pending one
  for (const RuleModule* module : state.rules->modules) {
    if (module->rule != action.rule) continue;
    for (const RulePhaseActions* added : module->hooks.phase_actions) {
      if (!added) continue;
      for (const RuleActionKind* kind : added->actions) {
        if (!kind || kind->verb != action.verb) continue;
        if (pending == added->decision) return kind;
        elsewhere = true;
      }
    }
  }
  if (elsewhere)
    return refuse_by_rule(action.rule, "rule-action-not-now",
                          "that action answers another decision than the one pending now (4.1)");
  return refuse(RefusalCode::RuleSegmentClosed, action.rule);
}

// 4.1, 6.6: taken by the side whose decision is pending (a segment's decider, who may be the side
// not phasing: 16.6C), never while a combat's decision waits.
std::optional<Refusal> decider_refusal(const PendingDecision& pending, Side side) {
  if (pending.kind == DecisionKind::ExchangeChoice || pending.kind == DecisionKind::Retreat ||
      pending.kind == DecisionKind::Advance)
    return refuse(RefusalCode::DecisionPending, "6.6");
  if (side != pending.side) return refuse(RefusalCode::NotYourTurn, "4.1");
  return std::nullopt;
}

std::optional<Refusal> validate_rule_action(const GameState& state, Side side, const Action& action,
                                            ActionCheck&) {
  const PendingDecision pending = pending_decision(state);
  if (auto refusal = decider_refusal(pending, side)) return refusal;
  const auto& rule_action = std::get<RuleAction>(action);
  const auto kind = kind_for(state, rule_action, pending.kind);
  if (const auto* refusal = std::get_if<Refusal>(&kind)) return *refusal;
  return std::get<const RuleActionKind*>(kind)->validate(state, side, rule_action);
}

void apply_rule_action(GameState& state, Side side, const Action& action, const ActionCheck&,
                       const DieRoller& roll, std::vector<Event>& events) {
  const auto& rule_action = std::get<RuleAction>(action);
  std::get<const RuleActionKind*>(kind_for(state, rule_action, pending_decision(state).kind))
      ->apply(state, side, rule_action, roll, events);
}

void generate_rule_actions(const GameState& state, Side side, std::vector<Action>& actions) {
  if (const RuleModule* open = open_rule_segment(state)) {
    for (const RuleActionKind* kind : open->hooks.segment->actions)
      if (kind) kind->generate(state, side, actions);
    return;
  }
  const DecisionKind pending = pending_decision(state).kind;
  for (const RuleModule* module : state.rules->modules)
    for (const RulePhaseActions* added : module->hooks.phase_actions)
      if (added && added->decision == pending)
        for (const RuleActionKind* kind : added->actions)
          if (kind) kind->generate(state, side, actions);
}

// A module's action is read by its own verb (parse_action_line() asks find_rule_action_kind()).
std::variant<Action, std::string> parse_rule_action(const GameState&, const std::vector<std::string>&) {
  return std::string("a rule's action is written with its own verb");
}

std::string format_rule_action(const GameState& state, const Action& action) {
  const auto& rule_action = std::get<RuleAction>(action);
  const RuleActionKind* kind = find_rule_action_kind(rule_action.verb);
  const std::string args = kind ? kind->format(state, rule_action) : std::string();
  return rule_action.verb + (args.empty() ? "" : " " + args);
}

void claim_rule_action(const GameState& state, const Action& action, ActionClaim& claim) {
  const auto& rule_action = std::get<RuleAction>(action);
  if (const RuleActionKind* kind = find_rule_action_kind(rule_action.verb))
    kind->claim(state, rule_action, claim);
}

}  // namespace

namespace kinds {
extern const ActionKind rule_action{
    .verb = "",  // each module's action has its own verb (RuleActionKind::verb)
    .grammar = "VERB ... (a rule's own action: rules/modules/rule_segment.hpp)",
    .rule = "4.1",
    .alternative = action_alternative<RuleAction>,
    // A rule's segment, and the core decisions a rule may add actions to (RulePhaseActions).
    .answers = decisions(DecisionKind::Rule, DecisionKind::Move, DecisionKind::SetupPlacement),
    .phasing_only = false,  // its decider's, checked by validate_rule_action
    .validate = validate_rule_action,
    .apply = apply_rule_action,
    .generate = generate_rule_actions,
    .parse = parse_rule_action,
    .format = format_rule_action,
    .claim = claim_rule_action,
};
}  // namespace kinds

}  // namespace hd::engine

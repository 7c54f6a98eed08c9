#include <hd/engine/play/legal_actions.hpp>
#include <hd/engine/rules/sequence/action_kind.hpp>

namespace hd::engine {

// Each kind answering the pending decision adds its own generator's actions, in listing order.
std::vector<Action> legal_actions(const GameState& state, Side side) {
  std::vector<Action> actions;
  const PendingDecision pending = pending_decision(state);
  if (pending.kind == DecisionKind::None || pending.side != side) return actions;
  for (const ActionKind* kind : action_kinds())
    if (kind->answers & decision_bit(pending.kind)) kind->generate(state, side, actions);
  return actions;
}

}  // namespace hd::engine

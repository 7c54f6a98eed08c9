// 16.3: the reason a side is given when its action is refused (believed_refusal.hpp).
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/believed_refusal.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>

namespace hd::engine {

Refusal refusal_told(const GameState& state, Side side, const Action& action, const Refusal& refused) {
  if (!knowledge_kept(state)) return refused;
  const std::optional<Refusal> believed = validate(believed_board(state, side), side, action);
  return believed ? *believed : refused;
}

}  // namespace hd::engine

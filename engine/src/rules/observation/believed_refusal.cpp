// 16.3: the reason a side is given when its action is refused (believed_refusal.hpp).
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/believed_refusal.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>

namespace hd::engine {

Refusal refusal_told(const GameState& state, Side side, const Action& action, const Refusal& refused) {
  if (!knowledge_kept(state)) return refused;
  const std::optional<Refusal> believed = validate(believed_board(state, side), side, action);
  if (believed) return *believed;
  // 16.3: lawful on the board the side believes, so only what it does not observe forbids it (a
  // retreat hex in the zone of a piece behind a wood). The umpire says no, and no more: which
  // piece, or where, is not told (docs/rules-notes.md, 16.3 "Other refusals").
  return refuse_by_rule("16.3", kRefusedByUnobserved,
                        "refused on the board as it stands (" + refused.rule +
                            "), which your side does not wholly observe: choose again");
}

}  // namespace hd::engine

// 12.0's slot: the reorganization area, the segment's bookkeeping and the queries on them (whether
// any reorganization may be made is asked of the action, reorganize_action.cpp).
#include "reorganization_detail.hpp"

#include <algorithm>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(ReorganizationState& r, ReorganizationCandidate& c) {
  HD_ALL_MEMBERS_WALKED(ReorganizationState, r, r1, r2, r3, r4);
  HD_ALL_MEMBERS_WALKED(ReorganizationCandidate, c, c1, c2);
}

}  // namespace

const ReorganizationState* find_reorganization_state(const GameState& state) {
  return state.rule_state.find<ReorganizationState>(kReorganizationRule);
}

std::optional<ReorganizationCandidate> reorganization_candidate(const GameState& state, UnitIndex unit) {
  const ReorganizationState* slot = find_reorganization_state(state);
  if (!slot) return std::nullopt;
  const auto at = std::find_if(slot->area.begin(), slot->area.end(),
                               [&](const ReorganizationCandidate& c) { return c.unit == unit; });
  if (at == slot->area.end()) return std::nullopt;
  return *at;
}

bool available_for_reorganization(const GameState& state, const ReorganizationCandidate& candidate) {
  return state.turn >= candidate.eliminated_turn + 2;
}

bool reorganized_this_turn(const GameState& state, UnitIndex officer) {
  const ReorganizationState* slot = find_reorganization_state(state);
  return slot && std::binary_search(slot->without_command.begin(), slot->without_command.end(), officer);
}

namespace reorganization_detail {

ReorganizationState& reorganization_state(GameState& state) {
  if (auto* slot = state.rule_state.find<ReorganizationState>(kReorganizationRule)) return *slot;
  return state.rule_state.add<ReorganizationState>(kReorganizationRule);
}

}  // namespace reorganization_detail
}  // namespace hd::engine

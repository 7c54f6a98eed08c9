// 12.0's parts shared by its files (rules/reorganization/). Private to the module.
#pragma once

#include <hd/engine/rules/modules/rule_segment.hpp>
#include <hd/engine/rules/reorganization/reorganization.hpp>

namespace hd::engine::reorganization_detail {

// 12.0's slot, made by the module's opening hook.
ReorganizationState& reorganization_state(GameState& state);

// True if `side` may reorganize a unit now (the segment opens only then, and closes when no more can);
// stops at the first reorganization found (reorganize_action.cpp).
bool any_reorganization(const GameState& state, Side side);

// The action `reorganize OFFICER UNIT [UNIT]` (reorganize_action.cpp).
extern const RuleActionKind reorganize;

}  // namespace hd::engine::reorganization_detail

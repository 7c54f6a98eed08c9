// The pending decision between the engine and the wire: its kind, the unit of a retreat, the loss
// of an exchange and the armies concerned. The server adds the seats (GameRoom::pending_seats()).
#pragma once

#include <hd/engine/rules/sequence/decisions.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <optional>

namespace hd::wire {

hundred_days::v1::DecisionKind to_proto(engine::DecisionKind kind);
std::optional<engine::DecisionKind> from_proto(hundred_days::v1::DecisionKind kind);

// Fills everything of `out` but its seats.
void to_proto(const engine::PendingDecision& pending, hundred_days::v1::PendingDecision& out);
engine::PendingDecision from_proto(const hundred_days::v1::PendingDecision& pending);

}  // namespace hd::wire

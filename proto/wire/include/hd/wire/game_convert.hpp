// Games between the engine and the wire: views, events and actions. Everything that leaves the
// server is converted from the engine's per-viewer view()/redact() results, never from raw state;
// everything that comes in is checked here before the engine sees it (unit numbers in range, hexes
// on the grid).
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <string>
#include <variant>

namespace hd::wire {

hundred_days::v1::Army to_proto(engine::Army army);
hundred_days::v1::Side to_proto(engine::Side side);
hundred_days::v1::Phase to_proto(engine::Phase phase);
hundred_days::v1::UnitType to_proto(engine::UnitType type);
hundred_days::v1::UnitStatus to_proto(engine::UnitStatus status);
std::optional<engine::Army> from_proto(hundred_days::v1::Army army);
std::optional<engine::Side> from_proto(hundred_days::v1::Side side);

// A view and back. from_proto(to_proto(v)) serializes (engine::serialize) to the same bytes as v.
hundred_days::v1::GameView to_proto(const engine::GameView& view);
// The same into `out` (which must be empty): on out's arena, if it has one (the server's live
// updates, issue 15: one arena an action instead of an allocation a unit, hex and string).
void to_proto(const engine::GameView& view, hundred_days::v1::GameView& out);
engine::GameView from_proto(const hundred_days::v1::GameView& view);

// A combat's odds (6.2), as an event and an odds query carry them.
hundred_days::v1::CombatOdds to_proto(const engine::CombatOdds& odds);

// An event (already redacted for its viewer). `state` names units in the event's text.
hundred_days::v1::GameEvent to_proto(const engine::GameState& state, const engine::Event& event);

// An action as the wire carries it.
hundred_days::v1::GameAction to_proto(const engine::Action& action);

// A wire action for `state`, or a message saying what is malformed (a unit number out of range, a
// hex off the grid, an empty action). Notation actions are not handled here (they need the
// parser and the caller's side): see engine::parse_action_line.
std::variant<engine::Action, std::string> from_proto(const hundred_days::v1::GameAction& action,
                                                     const engine::GameState& state);

// The same, for a sender shown only units 0 to `units_shown` - 1 (engine::units_shown: a secret
// option's units, 18.5C): a higher number is refused exactly as one beyond the last unit.
std::variant<engine::Action, std::string> from_proto(const hundred_days::v1::GameAction& action,
                                                     const engine::GameState& state, std::size_t units_shown);

}  // namespace hd::wire

// Rule refusals between the engine and the wire, and the words a client shows for a refusal. The
// wire carries a rule refusal typed (reason, rule, arguments); the sentence is written here, on the
// client's side, from the engine's pattern for the reason.
#pragma once

#include <hd/engine/state/refusal.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <string>

namespace hd::wire {

// RuleRefusal mirrors RefusalCode in order: value = engine code + 1 (0 is UNSPECIFIED), but for
// RuleOwn, RULE_REFUSAL_RULE_OWN (98: 92-97 were 12.0's codes before they became its own).
hundred_days::v1::RuleRefusal to_proto(engine::RefusalCode code);
std::optional<engine::RefusalCode> from_proto(hundred_days::v1::RuleRefusal code);

// Sets `out`'s rule_refusal, rule and args from an (already redacted) engine refusal; the caller
// sets the code (RULE_VIOLATION) and the message.
void to_proto(const engine::Refusal& refusal, hundred_days::v1::Refusal& out);

// The engine refusal a wire refusal carries, or nullopt if it carries none or an unknown reason.
std::optional<engine::Refusal> rule_refusal_from_proto(const hundred_days::v1::Refusal& refusal);

// A refusal in words: a rule refusal written from its reason and arguments, its units named as
// `view` shows them ("a unit" for a hidden one, "unit N" for one the view lacks); any other refusal
// is the server's message. `view` may be null (no game open).
std::string refusal_text(const hundred_days::v1::Refusal& refusal, const hundred_days::v1::GameView* view);

}  // namespace hd::wire

// Server envelopes as model events: the one place where protocol messages become client facts.
#pragma once

#include "model/server_event.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <optional>

namespace hd::client {

// The event a decoded envelope means, or nullopt for messages the model does not track (Pong, an
// empty body). Welcome and Refusal become their own events; everything else an EnvelopeReceived.
// Untrusted input: a Welcome with an empty map grid becomes a ConnectionFailed; a grid larger than
// four-digit numbering allows is clamped to 99x99.
std::optional<ServerEvent> to_event(const hundred_days::v1::ServerEnvelope& envelope);

}  // namespace hd::client

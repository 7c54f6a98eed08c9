// The events the network thread hands to the render thread: the only inputs that change the model.
#pragma once

#include "model/refusal_info.hpp"
#include "model/welcome_info.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <memory>
#include <string>
#include <variant>

namespace hd::client {

// The WebSocket handshake succeeded and the Hello is on its way.
struct Connected {};

struct WelcomeReceived {
  WelcomeInfo welcome;
};

// A refusal. `request_id` is the refused request's id (1: the Hello, which ends the connection).
struct RefusalReceived {
  RefusalInfo refusal;
  std::uint64_t request_id = 0;
};

// Any other server message (accounts, lobby, games, queries, chat), decoded.
struct EnvelopeReceived {
  std::shared_ptr<const hundred_days::v1::ServerEnvelope> envelope;
};

// The connection could not be made, broke, or the server sent something unreadable.
struct ConnectionFailed {
  std::string message;
};

using ServerEvent =
    std::variant<Connected, WelcomeReceived, RefusalReceived, EnvelopeReceived, ConnectionFailed>;

}  // namespace hd::client

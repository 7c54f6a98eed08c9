// The events the network thread hands to the render thread: the only inputs that change the model.
#pragma once

#include "model/refusal_info.hpp"
#include "model/welcome_info.hpp"

#include <string>
#include <variant>

namespace hd::client {

// The WebSocket handshake succeeded and the Hello is on its way.
struct Connected {};

struct WelcomeReceived {
  WelcomeInfo welcome;
};

struct RefusalReceived {
  RefusalInfo refusal;
};

// The connection could not be made, broke, or the server sent something unreadable.
struct ConnectionFailed {
  std::string message;
};

using ServerEvent = std::variant<Connected, WelcomeReceived, RefusalReceived, ConnectionFailed>;

}  // namespace hd::client

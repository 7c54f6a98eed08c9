// Everything the client knows from the server. The view reads it; only server events change it.
#pragma once

#include "model/connection_state.hpp"
#include "model/refusal_info.hpp"
#include "model/server_event.hpp"
#include "model/welcome_info.hpp"

#include <optional>
#include <string>

namespace hd::client {

class ClientModel {
 public:
  // A model for a client connecting to `server_url` (shown to the user, not parsed here).
  explicit ClientModel(std::string server_url);

  // Advances the connection state. A failure after a refusal keeps the refusal (the server closes
  // refused connections); a failure after a welcome is a lost connection and keeps the welcome.
  void apply(const ServerEvent& event);

  ConnectionState state() const { return state_; }
  const std::string& server_url() const { return server_url_; }
  // Set once a Welcome has arrived, and kept if the connection is lost afterwards.
  const std::optional<WelcomeInfo>& welcome() const { return welcome_; }
  const std::optional<RefusalInfo>& refusal() const { return refusal_; }
  // Why the connection failed; empty unless state() is Failed.
  const std::string& failure() const { return failure_; }

 private:
  std::string server_url_;
  ConnectionState state_ = ConnectionState::Connecting;
  std::optional<WelcomeInfo> welcome_;
  std::optional<RefusalInfo> refusal_;
  std::string failure_;
};

}  // namespace hd::client

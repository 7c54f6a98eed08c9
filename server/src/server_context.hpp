// What every session of a running server shares: settings, identity, the live-session registry and
// the application hub.
#pragma once

#include "app/hub.hpp"
#include "connection_protocol.hpp"
#include "server_config.hpp"
#include "session_registry.hpp"

namespace hd::server {

struct ServerContext {
  const ServerConfig& config;
  ServerFacts facts;
  SessionRegistry& registry;
  Hub& hub;
};

}  // namespace hd::server

// What every session of a running server shares: settings, identity and the live-session registry.
#pragma once

#include "connection_protocol.hpp"
#include "server_config.hpp"
#include "session_registry.hpp"

namespace hd::server {

struct ServerContext {
  const ServerConfig& config;
  ServerFacts facts;
  SessionRegistry& registry;
};

}  // namespace hd::server

// What every session of a running server shares: settings, identity, the live-session registry,
// the application hub, the metrics, the per-address connection cap and request rate.
#pragma once

#include "app/hub.hpp"
#include "connection_protocol.hpp"
#include "ops/address_rate_limiter.hpp"
#include "ops/connections_per_address.hpp"
#include "ops/metrics.hpp"
#include "ops/refusal_log_limiter.hpp"
#include "server_config.hpp"
#include "session_registry.hpp"

namespace hd::server {

struct ServerContext {
  const ServerConfig& config;
  ServerFacts facts;
  SessionRegistry& registry;
  Hub& hub;
  Metrics& metrics;
  ConnectionsPerAddress& connections_per_address;
  AddressRateLimiter& address_rate_limiter;
  RefusalLogLimiter& refusal_log;  // holds back floods of refusal lines (ops/refusal_log_limiter.hpp)
};

}  // namespace hd::server

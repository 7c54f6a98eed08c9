// A running server: the listener (and the TLS listener when configured), the I/O threads, the
// certificate reload on SIGHUP and the orderly shutdown on SIGINT/SIGTERM.
#pragma once

#include "connection_protocol.hpp"
#include "database.hpp"
#include "server_config.hpp"

namespace hd::server {

// Binds, announces the port (log and optional port file), serves until SIGINT or SIGTERM, then
// stops accepting, closes open connections with 1001 and returns once they have closed or the
// shutdown grace has passed. Throws if the address cannot be bound.
// `db` is the migrated database; the hub uses it from its strand only.
void serve(const ServerConfig& config, const ServerFacts& facts, Database& db);

}  // namespace hd::server

// The lobby and the games: every request of a logged-in caller other than the account ones. Runs on
// the hub's strand only (one call at a time), so it needs no locks and owns the games' database rows.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

namespace hd::server {

class GameService {
 public:
  GameService(Database& db, const ServerConfig& config, Outbound& outbound);
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Answers one request (lobby, game, chat, query, record) of a logged-in caller through `outbound`.
  void handle(const Caller& caller, const hundred_days::v1::ClientEnvelope& request);

  // The caller's connection closed or logged out: it no longer receives the games it had open.
  void forget(const Caller& caller);

 private:
  Database& db_;
  const ServerConfig& config_;
  Outbound& outbound_;
};

}  // namespace hd::server

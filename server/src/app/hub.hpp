// The application behind the connections: accounts, the lobby and the games. Every request runs on
// the hub's strand, one at a time and in arrival order per connection, so the services behind it
// need no locks and the server's one SQLite connection is used only from here. Password hashing,
// which is slow on purpose, runs on the I/O threads and comes back to the strand to finish.
#pragma once

#include "accounts/account_store.hpp"
#include "accounts/password_hashing.hpp"
#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/game_service.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

#include <map>
#include <memory>

namespace hd::server {

class Hub {
 public:
  // `io` runs the hashing; `db` must outlive the hub and be used by nothing else meanwhile.
  Hub(boost::asio::any_io_executor io, Database& db, const ServerConfig& config, Outbound& outbound);

  // Each is safe from any thread; the work is posted to the hub's strand.
  void connection_opened(ConnectionId connection, std::string peer_address);
  // A request after the Welcome (Hello and Ping never reach the hub).
  void request(ConnectionId connection, hundred_days::v1::ClientEnvelope envelope);
  void connection_closed(ConnectionId connection);

 private:
  void on_request(ConnectionId connection, const hundred_days::v1::ClientEnvelope& envelope);
  void register_account(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  void login(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  void resume_session(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  void logout(Caller& caller, const hundred_days::v1::ClientEnvelope& envelope);
  // Binds the account to the connection and answers LoggedIn with a session token.
  void logged_in(Caller& caller, std::uint64_t request_id, const Account& account, const std::string& token);
  Caller* find(ConnectionId connection);
  // Handles the requests that waited for an account request to finish.
  void drain(ConnectionId connection);

  boost::asio::any_io_executor io_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  const ServerConfig& config_;
  Outbound& outbound_;
  AccountStore accounts_;
  GameService games_;
  PasswordCost password_cost_;
  std::string dummy_hash_;  // verified against for unknown users, so timing tells nothing
  std::map<ConnectionId, Caller> callers_;
};

}  // namespace hd::server

// The account and the lobby as the server last described them: who is logged in, the game lists
// (open, mine, spectatable), the scenarios the server makes games of and the last game created.
// Pure data from server messages.
#pragma once

#include "model/scenario_catalogue.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <optional>
#include <string>
#include <vector>

namespace hd::client {

struct Account {
  std::uint64_t account_id = 0;
  std::string username;
  std::string session_token;  // kept to resume the session after a dropped connection
};

struct LobbyModel {
  std::optional<Account> account;
  std::vector<hundred_days::v1::GameSummary> open_games;
  std::vector<hundred_days::v1::GameSummary> my_games;
  std::vector<hundred_days::v1::GameSummary> spectatable_games;
  // The server's ScenarioList (asked after each login), for the create-game form; `scenarios_listed`
  // once it has come.
  std::vector<ScenarioEntry> scenarios;
  bool scenarios_listed = false;
  std::optional<hundred_days::v1::GameCreated> created;  // the last game this client created
};

// One line describing a game for the lobby lists: "#12 Quatre Bras[, YOUR TURN], 16 June 1400, French to
// play, deadline in 31 h (French: alice [3 vacation days left], Prussian: bob ...)", then the latest deadline
// event. `now_unix` 0 (no clock): the deadline's terms, not the time left.
std::string describe_game(const hundred_days::v1::GameSummary& game, std::uint64_t now_unix);

}  // namespace hd::client

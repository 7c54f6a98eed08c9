// Two bots that play a whole Quatre Bras game through connections that fail (the chaos proxy, a
// server killed and restarted): a bot that loses its connection reconnects, resumes its session,
// reopens the game from its last seen sequence (docs/protocol.md) and sends its action again with
// the same request id (docs/games.md, "Request ids"); now and then it also repeats an answered
// request on purpose. For the chaos test and the kill soak (docs/fuzzing.md, docs/soak.md).
#pragma once

#include "ws_test_client.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hd::test {

// A protocol error, a refusal, a replica that diverged, or no progress for too long.
struct ChaosGameError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A bot's account: registered once, resumed with its session token on every new connection.
struct BotAccount {
  std::string username;
  std::string token;
  std::uint64_t account = 0;
};

struct ChaosGameOptions {
  std::uint64_t seed = 1;                  // the bots' choices and deliberate repeats
  int repeat_one_in = 20;                  // an answered SubmitAction is repeated once in this many
  std::chrono::seconds give_up_after{90};  // a request not answered through reconnects for this long
  std::uint64_t max_actions = 2000;        // a safety stop
  // The server's SQLite file: a catch-up whose snapshot is past the replica (a room rebuilt from a
  // stored snapshot after a restart) is followed by reading the actions between from it. Empty:
  // such a catch-up is an error.
  std::filesystem::path database;
  // Set: every connection is over TLS to localhost, the certificate verified against this PEM
  // authority (the kill soak's --tls, issue 28). Empty: clear text.
  std::string ca_file;
};

struct ChaosGameResult {
  std::uint64_t game = 0;
  std::uint64_t actions = 0;  // the last sequence acknowledged
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> acknowledged;  // (account, id) -> sequence
  int reconnects = 0;                    // attempts to reconnect after a lost connection (some fail)
  int lost_attempts = 0;                 // connections lost (during a request or while reconnecting)
  int resends = 0;                       // SubmitActions sent again with their id after a lost connection
  int deliberate_repeats = 0;            // answered SubmitActions repeated on purpose
  int repeat_answers = 0;                // ... answered with the first sequence
  int twice_delivered = 0;               // updates a client was sent a second time (must stay 0)
  int catch_ups_past_replica = 0;        // catch-ups followed by reading the log (options.database)
  std::vector<BotAccount> accounts;      // French, Allied
  std::vector<std::string> final_views;  // each bot's view of its replica at the end (engine::serialize)
};

// Registers two accounts through `port()` (read again on every connection; over TLS with
// options.ca_file), creates a Quatre Bras game (French and Allied seats) and opens it on both;
// `on_started` runs once both clients follow the game (after the first action: a client follows a
// game only from its start). Then plays it to its end. Throws ChaosGameError.
ChaosGameResult play_chaos_game(const std::function<int()>& port, const std::string& name_prefix,
                                const ChaosGameOptions& options,
                                const std::function<void()>& on_started = {});

// The problems in the server's log of the game, checked against what was acknowledged: every
// acknowledged action once with its sequence, no other action, sequences 1..N. Empty when right.
std::vector<std::string> check_game_log(const std::filesystem::path& database, const ChaosGameResult& result);

// The view the server gives each account of its seat (a new connection to `endpoint`, OpenGame
// from nothing), as engine::serialize text, in the order of result.accounts; and the sequence it is
// at.
std::pair<std::vector<std::string>, std::uint64_t> server_views(const WsEndpoint& endpoint,
                                                                const ChaosGameResult& result);

}  // namespace hd::test

// Test support for the game end-to-end tests: a logged-in WebSocket player that matches answers to
// requests, keeps the envelopes the server sends unasked, and mirrors a game on a local engine
// replica fed only by the updates it receives.
#pragma once

#include "ws_test_client.hpp"

#include <hd/engine/rules/sequence/actions.hpp>
#include <hd/engine/visibility/view.hpp>
#include <hd/wire/request_ids.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hd::test {

// The scenarios/ folder of this source tree.
std::filesystem::path game_data_root();

// Server flags for the game tests: the data root, cheap Argon2 and request rate limits out of reach.
std::vector<std::string> game_server_args();

// 16+ bytes of entropy made from a label.
std::string test_entropy(const std::string& label);

class GamePlayer {
 public:
  // Connects (a port: clear text; or a TLS endpoint, issue 28), says Hello and registers `username`
  // (password "password-<username>").
  GamePlayer(const WsEndpoint& endpoint, const std::string& username);
  // The same, sending `headers` with the upgrade (X-Real-IP behind a trusted proxy, say).
  GamePlayer(const WsEndpoint& endpoint, const std::string& username, const HeaderFields& headers);
  // Connects and logs in with a session token from an earlier registration.
  GamePlayer(const WsEndpoint& endpoint, const std::string& username, const std::string& session_token);

  // Sends a request with a fresh request id; returns the envelope answering it (others are kept).
  hundred_days::v1::ServerEnvelope request(hundred_days::v1::ClientEnvelope envelope);
  // Sends with the given request id (for replay tests).
  hundred_days::v1::ServerEnvelope request_with_id(hundred_days::v1::ClientEnvelope envelope,
                                                   std::uint64_t request_id);
  // The next envelope the server sent unasked (or answering an earlier request), or nullopt.
  std::optional<hundred_days::v1::ServerEnvelope> next(
      std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The next unasked envelope of a kind (earlier ones of other kinds are dropped).
  hundred_days::v1::ServerEnvelope next_of(hundred_days::v1::ServerEnvelope::BodyCase kind);

  const std::string& username() const { return username_; }
  const std::string& session_token() const { return token_; }
  std::uint64_t account_id() const { return account_; }
  WsTestClient& socket() { return client_; }
  std::uint64_t next_request_id() { return request_ids_.next(); }

 private:
  void hello();
  WsTestClient client_;
  std::string username_;
  std::string token_;
  std::uint64_t account_ = 0;
  wire::RequestIds request_ids_;  // random start: a reconnected player never reuses an id
  std::deque<hundred_days::v1::ServerEnvelope> inbox_;
};

// What a resume (OpenGame with last_seen_sequence > 0, docs/games.md) answered, up to its Ok.
struct Resumed {
  hundred_days::v1::GameSnapshot snapshot;                // the view at the catch-up's start
  std::vector<hundred_days::v1::GameUpdate> tail;         // the missed updates after it, in order
  std::vector<hundred_days::v1::ServerEnvelope> unasked;  // sent meanwhile without the request id
};

// Sends OpenGame{game, spectate, last_seen} and reads its answer: one GameSnapshot, then
// GameUpdates, then Ok, each with the request id. Throws on a refusal, a message out of that order
// or silence. `pause`: sleeps before each read (a slow reader). The unasked messages are kept.
Resumed resume_game(GamePlayer& player, std::uint64_t game, bool spectate, std::uint64_t last_seen,
                    std::chrono::milliseconds pause = std::chrono::milliseconds(0));

// A local engine replica of a game, advanced by the GameUpdates a client receives.
class Replica {
 public:
  // `allow_missing_rules`: for a game of a development server (allow-missing-rules), not by the book.
  Replica(const std::string& scenario, engine::Viewer viewer,
          const std::filesystem::path& data_root = game_data_root(), bool allow_missing_rules = false);
  // Applies the update's action (its notation, with the die from its combat event) and checks that
  // the update's view equals the replica's view of the new state, byte for byte (engine::serialize).
  // Returns false (with `why`) on a mismatch.
  bool apply(const hundred_days::v1::GameUpdate& update, std::string& why);
  // Follows a resume: goes back to the snapshot's sequence (the replica keeps every state it had),
  // or forward to it with `missing` (the notation line, with dice, of each action it lacks), checks
  // the snapshot's view there, then applies the tail. False (with `why`) on a mismatch.
  bool follow(const Resumed& resumed, std::string& why,
              const std::function<std::string(std::uint64_t)>& missing = {});
  const engine::GameState& state() const { return state_; }
  std::uint64_t sequence() const { return sequence_; }

 private:
  // Applies one line with its dice as action `sequence_ + 1`.
  bool apply_line(const std::string& line, std::string& why);
  // Compares the view of the state now with one the server sent.
  bool same_view(const hundred_days::v1::GameView& view, std::string& why) const;

  engine::GameState state_;
  engine::Viewer viewer_;
  std::uint64_t sequence_ = 0;
  engine::GameState initial_;
  std::vector<engine::GameState> history_;  // the state at each sequence, from 0
};

// The French seat as a viewer, and whether the French decide now in the replica's state.
engine::Viewer french_seat();
bool french_to_decide(const Replica& replica);

// A public game of `scenario` with every seat built in, watched from the French side: it plays
// itself.
hundred_days::v1::ClientEnvelope create_unattended(const std::string& scenario);

// A legal move of the first French unit that can move (fails the test if none can).
engine::MoveAction french_move(const engine::GameState& state);

// Issue 14: a running Quatre Bras game with 16.3 (observation), or the optional rules `rules`,
// created by `french` with the French seat and joined by `allied` with the Allied seat (entropy
// test_entropy of their names), spectators shown `spectators`. Returns its id; throws if the
// server refuses.
std::uint64_t start_observed_quatre_bras(GamePlayer& french, GamePlayer& allied,
                                         hundred_days::v1::SpectatorView spectators,
                                         const std::vector<std::string>& rules = {"16.3"});

// Quatre Bras with 16.3 as the server starts it, to work out locally what a side is sent; throws if
// the scenario does not load.
engine::GameState observed_quatre_bras_state();

// Envelope builders.
hundred_days::v1::ClientEnvelope create_game(const std::string& scenario,
                                             std::vector<hundred_days::v1::Seat> take,
                                             const std::string& entropy,
                                             hundred_days::v1::SpectatorView spectators,
                                             std::uint32_t delay = 0);
hundred_days::v1::ClientEnvelope join_game(std::uint64_t game, hundred_days::v1::Seat seat,
                                           const std::string& entropy);
hundred_days::v1::ClientEnvelope open_game(std::uint64_t game, bool spectate, std::uint64_t last_seen = 0);
hundred_days::v1::ClientEnvelope submit(std::uint64_t game, const engine::Action& action);
hundred_days::v1::ClientEnvelope submit_notation(std::uint64_t game, const std::string& line);
hundred_days::v1::ClientEnvelope export_record(std::uint64_t game);

}  // namespace hd::test

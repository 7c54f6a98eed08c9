// A logged-in (or logging-in) terminal client: requests with their answers, and what the server
// sends unasked (updates, chat, proposals) kept for the game this connection has open. The command
// interpreter, the bot, the tests and the load tool all drive the server through this class.
#pragma once

#include <hd/term/connection.hpp>
#include <hd/term/fog_of_war.hpp>
#include <hd/wire/request_ids.hpp>

#include <chrono>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace hd::term {

struct ClientOptions {
  std::ostream* events = nullptr;  // where events, chat and notices are printed (none: quiet)
  std::chrono::milliseconds answer_timeout{15000};
  std::string client_name = "hd_term";
};

// The game this connection has open, as the server has shown it.
struct OpenGameState {
  std::uint64_t game_id = 0;
  bool spectating = false;
  std::vector<hundred_days::v1::Seat> my_seats;
  hundred_days::v1::ScenarioInfo scenario;
  hundred_days::v1::GameView view;  // the latest view
  hundred_days::v1::GameSummary summary;
  std::uint64_t sequence = 0;  // the last update seen
  bool fog_of_war = false;     // 16.3 (issue 14): the scenario names it (fog_of_war.hpp)
  std::optional<hundred_days::v1::AttackProposal> proposal;  // awaiting this connection's answer
  // The secret choices' commitments as first seen for this game (18.5C, docs/commitments.md): an
  // opening is checked against these, and a later snapshot with other commitments is warned about.
  // A choice made during play (28.0D) adds its commitment from the GameUpdate of its action.
  google::protobuf::RepeatedPtrField<hundred_days::v1::SecretCommitment> commitments;
  bool finished() const;
};

class Client {
 public:
  // Connects (throws std::runtime_error on failure); call hello() next.
  Client(const ServerAddress& address, ClientOptions options);

  // Hello: the Welcome, or a refusal / nothing (nullopt, with last_error()).
  std::optional<hundred_days::v1::Welcome> hello();

  // Sends the request (its request id is set here) and returns the answer: the envelope with the
  // same request id. Unasked envelopes arriving meanwhile are observed. nullopt on timeout or close.
  // A Refusal{RATE_LIMITED} means the server did not handle the request (docs/server.md, Limits):
  // the client then backs off (a gap between requests that doubles on each such refusal, from 50 ms
  // up to 2 s, and shrinks slowly while requests pass) and sends it again with a new id, up to
  // 8 times in a row; the last refusal is returned if it never passes.
  std::optional<hundred_days::v1::ServerEnvelope> request(hundred_days::v1::ClientEnvelope envelope);
  // How many requests were sent again after a RATE_LIMITED refusal.
  std::uint64_t rate_limited_retries() const { return rate_limited_retries_; }
  // How many GameUpdates of the open game this connection has been sent.
  std::uint64_t updates_seen() const { return updates_seen_; }

  // Observes unasked envelopes for up to `timeout`, returning early once `done()` holds. Returns
  // done()'s final value.
  bool pump(std::chrono::milliseconds timeout, const std::function<bool()>& done);

  // Register / Login / ResumeSession: true when logged in (token() then holds the session token).
  bool register_account(const std::string& username, const std::string& password);
  bool login(const std::string& username, const std::string& password);
  bool resume(const std::string& token);

  // Opens a game (as a seat holder or spectator): true with game() set from the snapshot.
  bool open_game(std::uint64_t game_id, bool spectate);

  const std::optional<OpenGameState>& game() const { return game_; }
  const std::string& token() const { return token_; }
  const std::string& username() const { return username_; }
  // Why the last request failed: the refusal text, a timeout or the close reason.
  const std::string& last_error() const { return last_error_; }
  bool connected() const { return !connection_.closed(); }

  // True when the game waits for a decision one of this connection's seats may take.
  bool my_decision() const;

 private:
  void observe(const hundred_days::v1::ServerEnvelope& envelope);
  // One attempt of request(): sends with a fresh id and waits for its answer.
  std::optional<hundred_days::v1::ServerEnvelope> send_and_wait(hundred_days::v1::ClientEnvelope envelope);
  bool logged_in_from(const std::optional<hundred_days::v1::ServerEnvelope>& answer);
  void notice(const std::string& line);
  // Keeps a commitment not seen before (printed), warns of one whose bytes changed.
  void keep_commitment(OpenGameState& state, const hundred_days::v1::SecretCommitment& commitment);

  Connection connection_;
  ClientOptions options_;
  wire::RequestIds request_ids_;              // random start per process: ids never collide across restarts
  std::chrono::microseconds request_gap_{0};  // the back-off pace after RATE_LIMITED (0: none)
  std::chrono::steady_clock::time_point last_sent_{};
  std::uint64_t rate_limited_retries_ = 0;
  std::uint64_t updates_seen_ = 0;
  std::optional<OpenGameState> game_;
  std::string token_;
  std::string username_;
  std::string last_error_;
};

// Fresh random bytes (for a seat's dice entropy): `count` bytes from std::random_device.
std::string random_entropy(std::size_t count = 32);

}  // namespace hd::term

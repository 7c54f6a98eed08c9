// Issue 16: what the window client keeps on disk between runs, per server address: the account's
// session token (to log in again with ResumeSession, no password), the game last open and, per
// account, the last action seen of the most recent games, so that a client started anew (resuming
// the session or logging in afresh) opens a game with a catch-up and the log shows what happened
// meanwhile. One small text file, written whole (a temporary file renamed over
// it) and readable by its owner only (it holds a token). No SFML types.
#pragma once

#include "model/seen_games.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace hd::client {

// The last actions seen by one account of a server.
struct AccountSeen {
  std::string username;
  SeenGames seen;

  bool operator==(const AccountSeen&) const = default;
};

// What is kept of one server.
struct SavedSession {
  // How many other accounts' games are remembered besides `username`'s: the most recently used.
  // With SeenGames::kMaxGames each, at most 200 games a server.
  static constexpr std::size_t kMaxOtherAccounts = 3;

  std::string username;         // the account the token belongs to (shown; "" without a token)
  std::string token;            // the session token, 64 hex digits; empty: log in by hand
  std::uint64_t open_game = 0;  // the game open when the client last ran (0: none)
  bool spectating = false;      // the open game was watched as a spectator
  SeenGames seen;               // `username`'s games (fogged games count the side's own actions)
  // Other accounts' games on this server, the most recently used first (a player with two
  // accounts, or one logged out); none named `username` or "".
  std::vector<AccountSeen> other_accounts;

  // The games seen by `name` (empty if none are remembered).
  SeenGames seen_by(const std::string& name) const;
  // Sets `name`'s games in other_accounts, as the most recent (ignored for "" and `username`),
  // keeping kMaxOtherAccounts.
  void put_other(const std::string& name, SeenGames games);

  bool operator==(const SavedSession&) const = default;
};

// Every server's saved session, the most recently used first.
class SavedSessions {
 public:
  // How many servers are remembered: the most recently used.
  static constexpr std::size_t kMaxServers = 20;

  // The session saved for `server` (the --server address as given), or nullptr.
  const SavedSession* find(const std::string& server) const;
  // Replaces the session of `server`, which becomes the most recently used.
  void put(const std::string& server, SavedSession session);
  const std::vector<std::pair<std::string, SavedSession>>& servers() const { return servers_; }

 private:
  std::vector<std::pair<std::string, SavedSession>> servers_;
};

// The file's name in the state folder.
inline constexpr const char* kSavedSessionsFile = "sessions";

// The client's state folder: $XDG_STATE_HOME/hundred-days, else ~/.local/state/hundred-days (from
// $HOME); empty if neither variable is set.
std::filesystem::path default_state_dir();

struct LoadedSessions {
  SavedSessions sessions;  // empty when the file is missing, unreadable or not understood
  std::string notice;      // why the file was ignored, in plain words; empty if it was read or missing
};

// Reads the file. A missing file is an empty state; an unreadable or corrupt one is ignored whole
// (the notice says so and names the file), never half-read.
LoadedSessions load_saved_sessions(const std::filesystem::path& file);

// The file's text (the format load_saved_sessions reads).
std::string saved_sessions_text(const SavedSessions& sessions);

// Writes the file atomically: a temporary file of mode 0600 beside it, renamed over it; the folder
// is made (mode 0700) if missing. Returns an error in plain words, or "" when written.
std::string save_saved_sessions(const SavedSessions& sessions, const std::filesystem::path& file);

}  // namespace hd::client

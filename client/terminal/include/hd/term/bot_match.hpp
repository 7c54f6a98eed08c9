// A whole game between bots on a server: accounts registered, the game created and its seats
// taken, every bot's connection opened at the game's start, then all bots playing at once (one
// thread each) to the end. The end-to-end tests and the load tool (hd_load) are built on it.
#pragma once

#include <hd/term/bot.hpp>
#include <hd/term/client.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace hd::term {

struct BotMatchOptions {
  std::string scenario = "quatre-bras";
  bool coalition_built_in = false;  // true: one bot (French) against the server's built-in player
  std::string name_prefix = "bot";  // accounts are <prefix>f and <prefix>c (3-32 characters in all)
  std::string password = "bot-password";
  // CreateGame.optional_rules ("15.1", "16.3"). The bots play every game from their seats' views.
  std::vector<std::string> optional_rules;
  // Issue 15: spectators watching the game live (the French side's view), each only reading what it
  // is sent, so the server's fan-out reaches them; 0: none, and spectators would see it two player
  // turns late.
  int spectators = 0;
};

struct BotMatch {
  std::uint64_t game_id = 0;
  std::vector<std::unique_ptr<Client>> players;     // [0] holds French, [1] (if any) the Coalition
  std::vector<std::unique_ptr<Client>> spectators;  // accounts <prefix>s0, <prefix>s1, ...
};

// Registers the accounts, creates the game (French to player 0; every human Coalition seat of the
// scenario to player 1), and opens it on every connection before anyone moves. Throws
// std::runtime_error with the step that failed.
BotMatch set_up_bot_match(const ServerAddress& server, const BotMatchOptions& options);

// Plays every player's seats at once until the game ends, every spectator reading its updates
// meanwhile on a thread of its own until it has seen the end (at most 10 s after the players).
// `stats` gets one entry per player. False with `error` (every failed player's or spectator's
// failure, "; " between them) if any bot failed or a spectator did not see the end. Every bot
// calls `before_action` (if set; BotOptions::before_action) before each SubmitAction, from its own
// thread.
bool play_bot_match(BotMatch& match, std::uint64_t seed, std::vector<BotStats>& stats, std::string& error,
                    const std::function<void()>& before_action = {});

}  // namespace hd::term

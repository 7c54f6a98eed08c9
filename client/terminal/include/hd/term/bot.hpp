// A bot that plays this connection's seats of the open game with the engine's random player,
// choosing from the client's replica and sending each choice as a notation line (in a game with fog
// of war, from the seat's view: view_bot.hpp). For tests and the load tool (which reads the latency
// of every SubmitAction, measured until its ActionAccepted).
#pragma once

#include <hd/engine/state/dice.hpp>
#include <hd/term/client.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace hd::term {

struct BotStats {
  std::uint64_t actions = 0;               // accepted
  std::uint64_t refusals = 0;              // refused (an error with a replica; chosen again from a view)
  std::uint64_t rate_limited_retries = 0;  // requests sent again after RATE_LIMITED (Client::request)
  std::vector<std::int64_t> latencies_us;  // SubmitAction -> ActionAccepted, microseconds
};

struct BotOptions {
  std::uint64_t seed = 1;
  std::uint64_t max_actions = 100000;             // a safety stop
  std::chrono::milliseconds idle_timeout{60000};  // give up if nothing happens this long
};

// Plays until the game is over. True when it ended; false with `error` set otherwise (a refusal,
// a lost connection, a replica that diverged, nothing heard for idle_timeout). A game with fog of war
// (16.3) has no replica of the whole board: it is played from the seat's view instead
// (play_bot_from_view in view_bot.hpp), where a refusal is counted and chosen again, not an error.
bool play_bot(Client& client, const BotOptions& options, BotStats& stats, std::string& error);

// Steps both bots (this one and play_bot_from_view) take alike.
// The mixed attack our teammate proposed in the open game: the bot agrees to it.
void accept_teammate_proposal(Client& client);
// Why a wait for the game came to nothing: the connection's error, or nothing heard for the
// options' idle timeout.
std::string idle_error(const Client& client, const BotOptions& options);

}  // namespace hd::term

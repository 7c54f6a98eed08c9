// A bot that plays this connection's seats of the open game with random choices, from the seat's
// view and the server's queries only (view_bot.hpp), in every game, with fog of war (16.3) or
// without: the client keeps no engine state of its own. For tests and the load tool (which reads
// the latency of every SubmitAction, measured until its ActionAccepted).
#pragma once

#include <hd/term/client.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hd::term {

struct BotStats {
  std::uint64_t actions = 0;               // accepted
  std::uint64_t refusals = 0;              // refused, and chosen again
  std::uint64_t marker_moves = 0;          // 16.6B: accepted moves of hidden movement markers
  std::uint64_t marker_refusals = 0;       // 16.6B: refused ones (counted in refusals too)
  std::uint64_t rate_limited_retries = 0;  // requests sent again after RATE_LIMITED (Client::request)
  std::vector<std::int64_t> latencies_us;  // SubmitAction -> ActionAccepted, microseconds
};

struct BotOptions {
  std::uint64_t seed = 1;
  std::uint64_t max_actions = 100000;             // a safety stop
  std::chrono::milliseconds idle_timeout{60000};  // give up if nothing happens this long
  // When set, called before each SubmitAction is sent (a refused action chosen again included; no
  // other request), e.g. to wait for a pacer's slot (hd_load --rate). The latency is timed from
  // after it returns.
  std::function<void()> before_action;
};

// Plays until the game is over, from the seat's view (play_bot_from_view in view_bot.hpp). True
// when it ended; false with `error` set otherwise (no game open, stuck on refusals, a lost
// connection, nothing heard for idle_timeout). A refusal is counted in stats and chosen again.
bool play_bot(Client& client, const BotOptions& options, BotStats& stats, std::string& error);

}  // namespace hd::term

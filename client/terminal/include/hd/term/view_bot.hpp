// A bot that plays this connection's seats of a game from its seat's view only: the GameView the
// server sends, and the server's queries (reachable hexes, combat options, odds, retreats), which it
// answers on the board the side sees (with fog of war, 16.3 and 16.6, the board the side believes;
// without, the whole board). No engine state: each action is a simple random choice per pending
// decision kind, sent as a typed GameAction. play_bot() calls it for every game
// (docs/terminal-client.md, "Bots").
#pragma once

#include <hd/term/bot.hpp>

namespace hd::term {

// Plays until the game is over, from the view. Every refused action is counted in stats.refusals
// and chosen again (after a few refusals in a row the phase is ended where it may be); it fails only
// when stuck (too many refusals in a row), when the connection is lost, when nothing is heard for
// idle_timeout, or after max_actions. True when the game ended.
bool play_bot_from_view(Client& client, const BotOptions& options, BotStats& stats, std::string& error);

}  // namespace hd::term

#include <hd/term/bot.hpp>
#include <hd/term/view_bot.hpp>

namespace hd::term {

namespace v1 = hundred_days::v1;

bool play_bot(Client& client, const BotOptions& options, BotStats& stats, std::string& error) {
  if (!client.game()) {
    error = "no game is open";
    return false;
  }
  // Issue 14: every game, with fog of war (16.3) or without, from the seat's view and the server's
  // queries; the client holds no engine state of the game.
  return play_bot_from_view(client, options, stats, error);
}

}  // namespace hd::term

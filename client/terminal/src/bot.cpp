#include <hd/term/bot.hpp>
#include <hd/term/view_bot.hpp>

namespace hd::term {

namespace v1 = hundred_days::v1;

void accept_teammate_proposal(Client& client) {
  const auto& game = client.game();
  v1::ClientEnvelope confirm;
  confirm.mutable_confirm_attack()->set_game_id(game->game_id);
  confirm.mutable_confirm_attack()->set_proposal_id(game->proposal->proposal_id());
  confirm.mutable_confirm_attack()->set_accept(true);
  client.request(confirm);
}

std::string idle_error(const Client& client, const BotOptions& options) {
  return client.connected() ? "nothing happened for " + std::to_string(options.idle_timeout.count()) + " ms"
                            : client.last_error();
}

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

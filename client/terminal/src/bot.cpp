#include <hd/engine/notation/notation.hpp>
#include <hd/engine/play/random_player.hpp>
#include <hd/term/bot.hpp>
#include <hd/term/state_text.hpp>
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
  engine::SplitMix64 random(options.seed);
  const auto& game = client.game();
  if (!game) {
    error = "no game is open";
    return false;
  }
  // 16.3: no replica of the whole board; the bot plays from its seat's view and the server's queries.
  if (game->fog_of_war) return play_bot_from_view(client, options, stats, error);
  if (!game->replica || !game->replica->ok()) {
    error =
        "the bot needs a replica: " + (game->replica ? game->replica->error() : std::string("no data root"));
    return false;
  }
  // At the start, wait until every human seat's holder has the game open: a replica can only
  // follow a game from its first action.
  if (game->replica->sequence() == 0) {
    const bool everyone = client.pump(options.idle_timeout, [&] {
      const auto& g = client.game();
      if (g->finished() || g->sequence > 0) return true;
      if (g->summary.status() != v1::GAME_STATUS_RUNNING) return false;
      for (const v1::SeatHolder& holder : g->summary.seats())
        if (holder.human() && !holder.connected()) return false;
      return true;
    });
    if (!everyone) {
      error = "the game did not start with every player connected within " +
              std::to_string(options.idle_timeout.count()) + " ms";
      return false;
    }
  }
  std::uint64_t sent = 0;
  while (!client.game()->finished()) {
    if (sent >= options.max_actions) {
      error = "stopped after " + std::to_string(sent) + " actions";
      return false;
    }
    // Wait until the game needs one of our decisions and the replica has every update.
    const bool ready = client.pump(options.idle_timeout, [&] {
      const auto& g = client.game();
      if (!g->replica->ok()) return true;
      if (g->proposal) return true;
      return g->finished() || (client.my_decision() && g->replica->sequence() == g->sequence);
    });
    const auto& g = client.game();
    if (!g->replica->ok()) {
      error = "replica: " + g->replica->error();
      return false;
    }
    if (g->finished()) break;
    if (g->proposal) {
      accept_teammate_proposal(client);
      continue;
    }
    if (!ready) {
      error = idle_error(client, options);
      return false;
    }
    const engine::GameState& state = g->replica->state();
    const engine::Side side = engine::pending_decision(state).side;
    const engine::Action action = engine::choose_random_action(state, random);
    v1::ClientEnvelope submit;
    submit.mutable_submit_action()->set_game_id(g->game_id);
    submit.mutable_submit_action()->mutable_action()->mutable_notation()->set_line(
        engine::format_action(state, side, action));
    const auto started = std::chrono::steady_clock::now();
    const auto answer = client.request(submit);
    const auto elapsed = std::chrono::steady_clock::now() - started;
    ++sent;
    if (!answer) {
      error = client.last_error();
      return false;
    }
    if (answer->has_refusal()) {
      ++stats.refusals;
      error =
          "'" + submit.submit_action().action().notation().line() + "' " + format_refusal(answer->refusal());
      return false;
    }
    if (!answer->has_action_accepted()) {
      error = "unexpected answer to SubmitAction";
      return false;
    }
    ++stats.actions;
    stats.latencies_us.push_back(std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count());
    // Accepted and applied: wait for its update before choosing again.
    const std::uint64_t applied = answer->action_accepted().sequence();
    if (applied > 0 && !client.pump(options.idle_timeout, [&] {
          return client.game()->replica->sequence() >= applied || !client.game()->replica->ok();
        })) {
      error = "the update of sequence " + std::to_string(applied) + " did not arrive";
      return false;
    }
  }
  return true;
}

}  // namespace hd::term

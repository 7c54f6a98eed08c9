// Upkeep of the games in memory (issue 12): the built-in players' play in steps that yield to other
// requests (game_play.hpp).
#include "games/builtin_player.hpp"
#include "games/game_play.hpp"
#include "log.hpp"

#include <algorithm>
#include <vector>

namespace hd::server {

namespace v1 = hundred_days::v1;

void GamePlay::run_builtin_players(GameRoom& room) {
  const auto id = static_cast<std::uint64_t>(room.row.id);
  if (room.row.status != v1::GAME_STATUS_RUNNING || builtin_scheduled_.count(id)) return;
  const auto waiting = room.pending_seats();
  if (waiting.empty()) return;
  for (v1::Seat seat : waiting)
    if (!room.played_by_builtin(seat)) return;
  builtin_scheduled_.insert(id);
  post_([this, id] { builtin_step(id); });
}

void GamePlay::builtin_step(std::uint64_t game_id) {
  builtin_scheduled_.erase(game_id);
  GameRoom* found = rooms_.loaded(game_id);
  if (!found) return;
  GameRoom& room = *found;
  if (room.row.status != v1::GAME_STATUS_RUNNING) return;
  const auto waiting = room.pending_seats();
  if (waiting.empty()) return;
  for (v1::Seat seat : waiting)
    if (!room.played_by_builtin(seat)) return;
  try {
    const engine::Action action = builtin_action(room, config_.builtin_battle_seeking);
    const engine::Side side = engine::pending_decision(room.state()).side;
    rooms_.touch(room);
    play(room, side, action, waiting.front(), std::nullopt, 0, "");
  } catch (const engine::ActionRefused& refused) {
    log_event(LogLevel::Error, "builtin_refused",
              {{"game", std::to_string(game_id)}, {"error", refused.what()}});
    return;
  } catch (const std::exception& error) {
    log_event(LogLevel::Error, "builtin_failed",
              {{"game", std::to_string(game_id)}, {"error", error.what()}});
    return;
  }
  run_builtin_players(room);  // the next step, behind whatever arrived meanwhile
  rooms_.evict_finished(builtin_scheduled_);
}

}  // namespace hd::server

// Upkeep of the games in memory (issue 12): the built-in players' play in steps that yield to other
// requests, eviction of finished games nobody has open, the start-up repair of half-made games, and
// the count behind the limit on games with no human seat.
#include "games/builtin_player.hpp"
#include "games/game_service.hpp"
#include "log.hpp"

#include <algorithm>
#include <vector>

namespace hd::server {

namespace v1 = hundred_days::v1;

void GameService::run_builtin_players(GameRoom& room) {
  const auto id = static_cast<std::uint64_t>(room.row.id);
  if (room.row.status != v1::GAME_STATUS_RUNNING || builtin_scheduled_.count(id)) return;
  const auto waiting = room.pending_seats();
  if (waiting.empty()) return;
  for (v1::Seat seat : waiting)
    if (!room.seat(seat) || !room.seat(seat)->built_in) return;
  builtin_scheduled_.insert(id);
  post_([this, id] { builtin_step(id); });
}

void GameService::builtin_step(std::uint64_t game_id) {
  builtin_scheduled_.erase(game_id);
  const auto found = rooms_.find(game_id);
  if (found == rooms_.end()) return;
  GameRoom& room = *found->second;
  if (room.row.status != v1::GAME_STATUS_RUNNING) return;
  const auto waiting = room.pending_seats();
  if (waiting.empty()) return;
  for (v1::Seat seat : waiting)
    if (!room.seat(seat) || !room.seat(seat)->built_in) return;
  try {
    const engine::Action action = builtin_action(room);
    const engine::Side side = engine::pending_decision(room.state).side;
    play(room, side, action, waiting.front(), std::nullopt, 0);
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
  evict_finished();
}

void GameService::evict_finished() {
  // (last used, id) of the finished games nobody has open; the most recently used few stay, so a
  // repeated ListGames MINE does not reload (replay) the same finished games every time.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> idle;
  for (const auto& [id, room] : rooms_)
    if (room->row.status == v1::GAME_STATUS_FINISHED && room->subscribers.empty() &&
        !builtin_scheduled_.count(id))
      idle.emplace_back(room->last_used, id);
  if (idle.size() > config_.finished_games_in_memory) {
    std::sort(idle.begin(), idle.end());
    for (std::size_t i = 0; i < idle.size() - config_.finished_games_in_memory; ++i)
      rooms_.erase(idle[i].second);
  }
  metrics_.set_games_in_memory(static_cast<std::int64_t>(rooms_.size()));
}

void GameService::repair_half_made_games() {
  for (auto& [id, room] : rooms_) {
    if (room->row.status != v1::GAME_STATUS_OPEN || !room->every_human_seat_taken()) continue;
    store_.set_status(room->row.id, v1::GAME_STATUS_RUNNING, "");
    room->row.status = v1::GAME_STATUS_RUNNING;
    log_event(LogLevel::Warning, "game_repaired",
              {{"game", std::to_string(id)}, {"why", "open with every human seat taken: marked running"}});
  }
}

std::size_t GameService::unattended_games_of(AccountId account) const {
  std::size_t count = 0;
  for (const auto& [id, room] : rooms_) {
    if (room->row.creator != account || room->row.status == v1::GAME_STATUS_FINISHED) continue;
    bool human = false;
    for (const SeatRow& seat : room->seats)
      human = human || !seat.built_in;
    if (!human) ++count;
  }
  return count;
}

}  // namespace hd::server

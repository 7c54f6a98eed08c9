// Resuming an open game after a gap (OpenGame with last_seen_sequence, docs/games.md): the missed
// updates are sent only when few were missed, replayed from a checkpoint close behind (game_room.hpp),
// so the work and the messages queued to the connection stay bounded (issue 12); else the caller
// answers with a snapshot of the view.
#include "games/game_service.hpp"
#include "games/spectator_view.hpp"

#include <hd/engine/notation/notation.hpp>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

// At most this many missed updates are sent, well under the default write-queue-limit (64).
constexpr std::uint64_t kResumeTail = GameRoom::kCheckpointEvery;

}  // namespace

bool GameService::resume(const Caller& caller, const Envelope& request, GameRoom& room,
                         const Subscriber& subscriber, std::uint64_t last_seen) {
  const std::uint64_t last = room.sequence();
  if (last_seen == 0 || last_seen > last || last - last_seen > kResumeTail || is_delayed(room, subscriber))
    return false;
  if (room.min_undone_sequence != 0 && last_seen >= room.min_undone_sequence) return false;
  // The replay starts at the latest checkpoint at or before last_seen (or the first state).
  const engine::GameState* base = &room.initial;
  std::uint64_t base_sequence = 0;
  for (const auto& [sequence, state] : room.checkpoints)
    if (sequence <= last_seen && sequence > base_sequence) {
      base = &state;
      base_sequence = sequence;
    }
  if (last - base_sequence > 2 * GameRoom::kCheckpointEvery) return false;
  engine::GameState state = *base;
  for (const LoggedAction& logged : room.log) {
    if (logged.sequence <= base_sequence) continue;
    const auto parsed = engine::parse_action_line(state, logged.action);
    const auto& notated = std::get<engine::NotatedAction>(parsed);
    std::size_t next = 0;
    const auto events =
        engine::apply(state, notated.side, notated.action, [&] { return logged.dice.at(next++); });
    if (logged.sequence <= last_seen) continue;
    v1::ServerEnvelope update;
    update.set_request_id(request.request_id());
    *update.mutable_game_update() = update_for(room, subscriber, logged, events, state);
    if (logged.sequence == last) *update.mutable_game_update()->mutable_view() = view_for(room, subscriber);
    outbound_.send(caller.connection, update);
  }
  v1::ServerEnvelope done;
  done.set_request_id(request.request_id());
  done.mutable_ok();
  outbound_.send(caller.connection, done);
  return true;
}

}  // namespace hd::server

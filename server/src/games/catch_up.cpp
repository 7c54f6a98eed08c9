#include "games/catch_up.hpp"

#include <hd/engine/notation/notation.hpp>

#include <algorithm>
#include <stdexcept>

namespace hd::server {

std::size_t catch_up_chunk(std::size_t write_queue_limit) {
  return std::clamp<std::size_t>(write_queue_limit / 4, 1, 8);
}

std::vector<engine::Event> replay_logged(engine::GameState& state, const LoggedAction& logged) {
  const auto parsed = engine::parse_action_line(state, logged.action);
  const auto* notated = std::get_if<engine::NotatedAction>(&parsed);
  if (!notated)
    throw std::runtime_error("logged action " + std::to_string(logged.sequence) + " no longer parses");
  std::size_t next = 0;
  return engine::apply(state, notated->side, notated->action, [&] { return logged.dice.at(next++); });
}

const LoggedAction& logged_at(const GameRoom& room, std::uint64_t sequence) {
  // The log holds sequences 1, 2, 3 ... in order (an undo takes back the last one only).
  if (sequence == 0 || sequence > room.log.size() || room.log[sequence - 1].sequence != sequence)
    throw std::logic_error("the log has no action " + std::to_string(sequence));
  return room.log[sequence - 1];
}

std::uint64_t catch_up_cost(const GameRoom& room, std::uint64_t last_seen) {
  const std::uint64_t last = room.sequence();
  std::uint64_t from = std::min(last_seen, last);
  if (room.min_undone_sequence != 0 && room.min_undone_sequence <= from) from = room.min_undone_sequence - 1;
  return std::min(last - from, kCatchUpTail);
}

std::uint64_t fog_catch_up_cost(const GameRoom& room, engine::Side side, std::uint64_t last_seen) {
  const std::uint64_t last = room.side_sequence_at(side, room.sequence());
  return std::min(last - std::min(last_seen, last), kCatchUpTail);
}

CatchUpStart fog_catch_up_start(const GameRoom& room, engine::Side side, std::uint64_t last_seen) {
  const std::uint64_t last = room.side_sequence_at(side, room.sequence());
  const std::uint64_t from = std::min(last_seen, last);  // no undo in a fogged game (docs/protocol.md)
  const std::uint64_t target =
      room.log_sequence_shown(side, std::max(from, last > kCatchUpTail ? last - kCatchUpTail : 0));
  // The latest kept state at or before the target: the first, the side's checkpoints, the room's.
  std::pair<std::uint64_t, const engine::GameState*> behind{0, &room.initial};
  const auto consider = [&](std::uint64_t sequence, const engine::GameState& state) {
    if (sequence <= target && sequence > behind.first) behind = {sequence, &state};
  };
  for (const auto& kept : room.side_checkpoints[static_cast<std::size_t>(side)])
    consider(kept.first, kept.second);
  for (const auto& kept : room.checkpoints)
    consider(kept.first, kept.second);
  for (const auto& kept : room.turn_starts)
    consider(kept.first, kept.second);
  consider(room.sequence(), room.state);
  CatchUpStart start{target, *behind.second};
  for (std::uint64_t sequence = behind.first + 1; sequence <= target; ++sequence)
    replay_logged(start.state, logged_at(room, sequence));
  return start;
}

CatchUpStart catch_up_start(const GameRoom& room, std::uint64_t last_seen) {
  const std::uint64_t last = room.sequence();
  std::uint64_t from = std::min(last_seen, last);
  if (room.min_undone_sequence != 0 && room.min_undone_sequence <= from) from = room.min_undone_sequence - 1;
  const std::uint64_t target = std::max(from, last > kCatchUpTail ? last - kCatchUpTail : 0);

  // The states the room keeps, by sequence: the first, the checkpoints, the player-turn starts, now.
  std::vector<std::pair<std::uint64_t, const engine::GameState*>> kept{{0, &room.initial}};
  for (const auto& [sequence, state] : room.checkpoints)
    kept.emplace_back(sequence, &state);
  for (const auto& [sequence, state] : room.turn_starts)
    kept.emplace_back(sequence, &state);
  kept.emplace_back(last, &room.state);

  const std::pair<std::uint64_t, const engine::GameState*>* behind = nullptr;  // latest <= target
  const std::pair<std::uint64_t, const engine::GameState*>* after = nullptr;   // earliest >= target
  for (const auto& entry : kept) {
    if (entry.first <= target && (!behind || entry.first > behind->first)) behind = &entry;
    if (entry.first >= target && (!after || entry.first < after->first)) after = &entry;
  }
  if (behind && target - behind->first <= GameRoom::kCheckpointEvery) {
    CatchUpStart start{behind->first, *behind->second};
    for (std::uint64_t sequence = behind->first + 1; sequence <= target; ++sequence)
      replay_logged(start.state, logged_at(room, sequence));
    start.sequence = target;
    return start;
  }
  return CatchUpStart{after->first, *after->second};  // `now` is always at or after the target
}

}  // namespace hd::server

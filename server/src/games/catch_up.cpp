#include "games/catch_up.hpp"

#include <hd/engine/notation/notation.hpp>

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <utility>

namespace hd::server {

namespace {

using KeptState = std::pair<std::uint64_t, const engine::GameState*>;

// The states a room keeps, by the log sequence each stands after.
struct KeptStates {
  std::vector<KeptState> states;

  // The latest at or before `sequence` (the first state, at 0, always is).
  KeptState latest_at_or_before(std::uint64_t sequence) const {
    KeptState found = states.front();
    for (const KeptState& kept : states)
      if (kept.first <= sequence && kept.first > found.first) found = kept;
    return found;
  }
  // The earliest at or after `sequence`, which must not be past the present (the last state is it).
  KeptState earliest_at_or_after(std::uint64_t sequence) const {
    KeptState found = states.back();
    for (const KeptState& kept : states)
      if (kept.first >= sequence && kept.first < found.first) found = kept;
    return found;
  }
};

// The room's kept states: the first, `side_checkpoints` (a fogged side's own, if given), the
// checkpoints, the player-turn starts, and the present last.
KeptStates kept_states(
    const GameRoom& room,
    const std::deque<std::pair<std::uint64_t, engine::GameState>>* side_checkpoints = nullptr) {
  KeptStates kept{{{0, &room.initial}}};
  if (side_checkpoints)
    for (const auto& [sequence, state] : *side_checkpoints)
      kept.states.emplace_back(sequence, &state);
  for (const auto& [sequence, state] : room.checkpoints)
    kept.states.emplace_back(sequence, &state);
  for (const auto& [sequence, state] : room.turn_starts)
    kept.states.emplace_back(sequence, &state);
  kept.states.emplace_back(room.sequence(), &room.state());
  return kept;
}

}  // namespace

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
  // The latest kept state at or before the target, the side's own checkpoints among them.
  const KeptState behind =
      kept_states(room, &room.side_checkpoints[static_cast<std::size_t>(side)]).latest_at_or_before(target);
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

  const KeptStates kept = kept_states(room);
  const KeptState behind = kept.latest_at_or_before(target);
  if (target - behind.first <= GameRoom::kCheckpointEvery) {
    CatchUpStart start{behind.first, *behind.second};
    for (std::uint64_t sequence = behind.first + 1; sequence <= target; ++sequence)
      replay_logged(start.state, logged_at(room, sequence));
    start.sequence = target;
    return start;
  }
  const KeptState after = kept.earliest_at_or_after(target);  // `now` is always at or after the target
  return CatchUpStart{after.first, *after.second};
}

}  // namespace hd::server

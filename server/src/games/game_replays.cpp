#include "games/game_replays.hpp"

#include "games/catch_up.hpp"
#include "games/game_membership.hpp"
#include "games/secret_choices.hpp"
#include "games/spectator_view.hpp"

#include <hd/wire/game_convert.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameReplays::GameReplays(GameViews& views, Outbound& outbound) : views_(views), outbound_(outbound) {}

KeptState latest_kept_state(const GameRoom& room, std::uint64_t sequence) {
  KeptState kept{0, &room.initial};
  const auto consider = [&](std::uint64_t at, const engine::GameState& state) {
    if (at <= sequence && at >= kept.sequence) kept = {at, &state};
  };
  for (const auto& [at, state] : room.checkpoints)
    consider(at, state);
  for (const auto& [at, state] : room.turn_starts)
    consider(at, state);
  for (const auto& [at, state] : room.replay_states)
    consider(at, state);
  consider(room.sequence(), room.state());
  return kept;
}

engine::GameState replay_state_at(GameRoom& room, std::uint64_t sequence) {
  if (sequence > room.sequence()) throw std::logic_error("the log has no action " + std::to_string(sequence));
  const KeptState kept = latest_kept_state(room, sequence);
  engine::GameState state = *kept.state;
  for (std::uint64_t at = kept.sequence + 1; at <= sequence; ++at) {
    replay_logged(state, logged_at(room, at));
    if (at % kReplayKeepEvery == 0 && !room.replay_states.count(at)) room.replay_states.emplace(at, state);
  }
  return state;
}

void GameReplays::query_replay(const Caller& caller, const Envelope& request, GameRoom* room) {
  const v1::QueryReplay& query = request.query_replay();
  if (!room || !belongs_to_game(room->row, room->seats, *caller.account))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  if (room->row.closed_before_start)  // expired or withdrawn (issue 29): never played, its secrets kept
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "the game was closed before it started: it has nothing to replay");
  const bool finished = room->row.status == v1::GAME_STATUS_FINISHED;
  const auto held = room->seats_of(*caller.account);

  // Whose view: one of the asker's seats; else, once the game is over, the spectators'.
  Subscriber seen_as;
  seen_as.account = *caller.account;
  if (query.seat() != v1::SEAT_UNSPECIFIED) {
    if (std::find(held.begin(), held.end(), query.seat()) == held.end())
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                          "a replay shows only your own seat's view: you do not hold that seat");
    seen_as.seats = {query.seat()};
  } else if (!held.empty()) {
    seen_as.seats = {held.front()};
  } else if (!finished) {
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "a game still being played is replayed only by its seat holders");
  }
  // Issue 14: a running game's frames are numbered by the log, which would count the actions a
  // side could not see (16.3).
  if (!finished && room->fogged())
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "a game played with 16.3 (observation) is replayed once it is over");
  if (!seen_as.seats.empty()) {
    seen_as.viewer = viewer_for_seats(seen_as.seats);
  } else {
    const auto viewer = spectator_viewer(room->row.spectator_view);
    if (!viewer)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          "this game allows no spectators");
    seen_as.viewer = *viewer;
  }

  const std::uint64_t count = room->sequence();
  if (query.action_index() > count)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_INVALID_REQUEST,
                        "the game has " + std::to_string(count) + " actions: ask for a frame from 0 to " +
                            std::to_string(count));

  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::ReplayFrame& frame = *answer.mutable_replay_frame();
  frame.set_game_id(static_cast<std::uint64_t>(room->row.id));
  frame.set_action_index(query.action_index());
  frame.set_action_count(count);
  frame.set_seat(seen_as.seats.empty() ? v1::SEAT_UNSPECIFIED : seen_as.seats.front());
  frame.set_status(room->row.status);
  if (query.action_index() == 0) {
    seen_as.viewer = secret_safe_viewer(room->initial, seen_as.viewer);
    *frame.mutable_view() = wire::to_proto(engine::view(room->initial, seen_as.viewer));
    add_secret_openings(*room, room->initial, *frame.mutable_secret_openings());
    outbound_.send(caller.connection, answer);
    return;
  }
  // The frame replays from the latest kept state to its own action: past kReplayBudget, the budget
  // goes on the states towards it instead (kept: the same request again goes on from them).
  const KeptState kept = latest_kept_state(*room, query.action_index() - 1);
  if (query.action_index() - kept.sequence > kReplayBudget) {
    const std::uint64_t reached = kept.sequence / kReplayKeepEvery * kReplayKeepEvery + kReplayBudget;
    replay_state_at(*room, reached);
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_BUSY,
                        "action " + std::to_string(query.action_index()) +
                            " is far into the game: its replay has reached action " +
                            std::to_string(reached) + "; ask again to go on (a request replays at most " +
                            std::to_string(kReplayBudget) +
                            " actions, and what it replayed is kept while the game stays open)");
  }
  const engine::GameState before = replay_state_at(*room, query.action_index() - 1);
  engine::GameState after = before;
  const LoggedAction& logged = logged_at(*room, query.action_index());
  const std::vector<engine::Event> events = replay_logged(after, logged);
  // A spectator who sees everything sees a secret option still hidden in the frame as the other side.
  seen_as.viewer = secret_safe_viewer(after, seen_as.viewer);
  v1::GameUpdate& update = *frame.mutable_update();
  update = views_.update_for(*room, seen_as, logged, events, after);
  add_openings_revealed_by(*room, before, after, *update.mutable_secret_openings());
  *frame.mutable_view() = update.view();
  add_secret_openings(*room, after, *frame.mutable_secret_openings());
  outbound_.send(caller.connection, answer);
}

}  // namespace hd::server

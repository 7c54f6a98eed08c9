// Resuming an open game after a gap (OpenGame with last_seen_sequence, docs/games.md): a snapshot
// of the view at a point behind, then the tail of updates in chunks paced by the connection's
// reading (catch_up.hpp), then Ok. Each chunk is one job on the hub's strand, so other requests
// run between them.
#include "games/catch_up.hpp"
#include "games/game_opening.hpp"
#include "games/secret_choices.hpp"
#include "games/spectator_view.hpp"

#include <hd/wire/game_convert.hpp>

#include <optional>

namespace hd::server {

namespace v1 = hundred_days::v1;

void GameOpening::resume(const Caller& caller, const Envelope& request, GameRoom& room,
                         Subscriber& subscriber, std::uint64_t last_seen) {
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  // A delayed spectator is shown its delayed present only: it learns nothing of what happened since.
  std::optional<CatchUpStart> start;
  // Issue 14: a fogged side counts in its own numbers, and is sent only what was shown to it: its
  // present is the last action shown to it (what follows changed nothing it sees).
  std::uint64_t present = room.sequence();
  if (const auto side = fog_side(room, subscriber)) {
    start = fog_catch_up_start(room, *side, last_seen);
    present = room.last_shown_sequence(*side);
  } else if (!is_delayed(room, subscriber)) {
    start = catch_up_start(room, last_seen);
  }
  if (!start || start->sequence == present) {  // nothing to replay: the present, with its live state
    *answer.mutable_game_snapshot() = views_.snapshot(room, subscriber);
    outbound_.send(caller.connection, answer);
    outbound_.send(caller.connection, ok_envelope(request.request_id()));
    return;
  }
  *answer.mutable_game_snapshot() = views_.snapshot(room, subscriber, &*start);
  outbound_.send(caller.connection, answer);
  subscriber.catching_up = true;
  const std::uint64_t game_id = static_cast<std::uint64_t>(room.row.id);
  catch_ups_[{caller.connection, game_id}] =
      CatchUp{request.request_id(), room.undos, start->sequence, std::move(start->state)};
  // The first chunk at once, unless this connection already waits for its queue to drain.
  if (!awaiting_drain_.count(caller.connection)) send_catch_up_chunk(caller.connection, game_id);
}

void GameOpening::send_catch_up_chunk(ConnectionId connection, std::uint64_t game_id) {
  const auto found = catch_ups_.find({connection, game_id});
  if (found == catch_ups_.end()) return;
  GameRoom* found_room = rooms_.loaded(game_id);
  if (!found_room || !found_room->subscribers.count(connection)) {
    catch_ups_.erase(found);  // closed meanwhile
    return;
  }
  GameRoom& room = *found_room;
  Subscriber& subscriber = room.subscribers.at(connection);
  CatchUp& catch_up = found->second;
  const std::uint64_t request_id = catch_up.request_id;
  if (room.undos != catch_up.undos || room.sequence() < catch_up.sent) {
    // An undo took back part of what it replays: the present view instead, and done.
    v1::ServerEnvelope answer;
    answer.set_request_id(request_id);
    *answer.mutable_game_snapshot() = views_.snapshot(room, subscriber);
    outbound_.send(connection, answer);
    catch_up.sent = room.sequence();
  }
  const std::size_t chunk = catch_up_chunk(config_.write_queue_limit);
  // Issue 14: a fogged side is sent only the actions shown to it (the others are replayed unsent),
  // and the live view with the last of them.
  const std::optional<engine::Side> side = fog_side(room, subscriber);
  const std::uint64_t last_shown = side ? room.last_shown_sequence(*side) : room.sequence();
  std::size_t sent = 0;
  for (std::size_t replayed = 0;
       sent < chunk && replayed < kCatchUpReplaysPerChunk && catch_up.sent < room.sequence(); ++replayed) {
    const LoggedAction& logged = logged_at(room, catch_up.sent + 1);
    google::protobuf::RepeatedPtrField<v1::SecretOpening> openings;  // 18.5C: revealed by this action
    std::optional<engine::GameState> before;  // copied only for a game with secret choices
    if (!room.row.secrets.empty()) before = catch_up.state;
    const auto events = replay_logged(catch_up.state, logged);
    if (before) add_openings_revealed_by(room, *before, catch_up.state, openings);
    catch_up.sent = logged.sequence;
    if (side && !room.shown_to(*side, logged.sequence)) continue;
    ++sent;
    v1::ServerEnvelope update;
    update.set_request_id(request_id);
    *update.mutable_game_update() = views_.update_for(room, subscriber, logged, events, catch_up.state);
    if (!is_delayed(room, subscriber)) *update.mutable_game_update()->mutable_secret_openings() = openings;
    // The last one shows the live view: who must act now, whether an undo may be asked (5.1C).
    if (logged.sequence == last_shown)
      *update.mutable_game_update()->mutable_view() = views_.view_for(room, subscriber);
    outbound_.send(connection, update);
  }
  if (catch_up.sent == room.sequence()) {
    // Caught up. A mixed attack proposed meanwhile waits for this seat's answer (it is not in a
    // snapshot of the past: every update makes a client forget a proposal).
    if (room.proposal)
      for (v1::Seat seat : room.proposal->confirmers)
        if (room.holds(subscriber.account, seat)) {
          v1::ServerEnvelope envelope;
          v1::AttackProposal& out = *envelope.mutable_attack_proposal();
          out.set_game_id(game_id);
          out.set_proposal_id(room.proposal->id);
          out.set_proposed_by(room.proposal->proposed_by);
          *out.mutable_attack() = wire::to_proto(engine::Action{room.proposal->attack}).attack();
          outbound_.send(connection, envelope);
          break;
        }
    subscriber.catching_up = false;
    catch_ups_.erase(found);
    outbound_.send(connection, ok_envelope(request_id));
  }
  // What is left (of this game or another the connection reopened) waits until the connection has
  // read most of what is queued; one wait per connection.
  const auto next = catch_ups_.lower_bound({connection, 0});
  if (next == catch_ups_.end() || next->first.first != connection) return;
  if (awaiting_drain_.insert(connection).second)
    outbound_.when_drained(connection, chunk,
                           [this, connection] { post_([this, connection] { on_drained(connection); }); });
}

void GameOpening::on_drained(ConnectionId connection) {
  awaiting_drain_.erase(connection);
  // One chunk of the connection's first catch-up; the others follow on later drains.
  const auto first = catch_ups_.lower_bound({connection, 0});
  if (first == catch_ups_.end() || first->first.first != connection) return;
  send_catch_up_chunk(connection, first->first.second);
}

void GameOpening::drop_catch_ups(ConnectionId connection) {
  const auto first = catch_ups_.lower_bound({connection, 0});
  auto last = first;
  while (last != catch_ups_.end() && last->first.first == connection)
    ++last;
  catch_ups_.erase(first, last);
  awaiting_drain_.erase(connection);  // a closed connection's callback never comes
}

}  // namespace hd::server

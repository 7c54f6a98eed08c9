// Requests between the players of a running game (docs/games.md): undo by consent (5.1C, as the
// engine allows it: engine::undo_allowed), resignation and agreed draws.
#include "games/game_consent.hpp"

#include "games/seat_policy.hpp"
#include "games/spectator_view.hpp"
#include "log.hpp"

#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/wire/game_convert.hpp>

#include <algorithm>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameConsent::GameConsent(Database& db, GameStore& store, GameRooms& rooms, GameViews& views,
                         Outbound& outbound)
    : db_(db), store_(store), rooms_(rooms), views_(views), outbound_(outbound) {}

void GameConsent::finish(GameRoom& room, const GameOutcome& result) {
  in_transaction(db_, [&] {
    store_.set_status(room.row.id, v1::GAME_STATUS_FINISHED, result);
    // The lists show a finished game from its row (issue 29, finding 3): its last turn.
    store_.set_summary_fields(room.row.id, room.state().current_turn().name.to_string(),
                              engine::public_missing_rules(*room.state().rules));
  });
  room.row.status = v1::GAME_STATUS_FINISHED;
  room.row.result = result;
  room.proposal.reset();
  room.undo_requested_by.reset();
  room.draw_offered_by.reset();
  log_event(LogLevel::Info, "game_finished",
            {{"game", std::to_string(room.row.id)}, {"result", result.words}});
  rooms_.report_games();
  views_.broadcast_summary(room);
}

void GameConsent::request_undo(const Caller& caller, const Envelope& request, GameRoom* found) {
  const std::uint64_t game_id = request.request_undo().game_id();
  if (!found) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  GameRoom& room = *found;
  if (room.row.status != v1::GAME_STATUS_RUNNING)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_GAME_NOT_RUNNING,
                        "the game is not running");
  const auto held = room.seats_of(*caller.account);
  if (held.empty())
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT, "you hold no seat here");
  // 5.1C: the engine says whether the last action may be taken back; it must be one of the caller's.
  const bool allowed = room.undo_allowed_for(held);
  if (!allowed)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                        "only your own last move of this movement phase, before any die, can be taken back",
                        "5.1C");
  const LoggedAction& last = room.log.back();
  store_.log_undo(room.row.id, last.sequence, last.action, "request", *caller.account);
  room.undo_requested_by = last.seat;
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  answer.mutable_ok();
  outbound_.send(caller.connection, answer);
  // The opponent answers; a built-in opponent, or the same account on both sides, accepts at once.
  const engine::Side other = engine::other(side_of_seat(last.seat));
  bool auto_accept = true;
  for (v1::Seat seat : room.seats_of_side(other)) {
    const SeatRow* row = room.seat(seat);
    if (row && !row->built_in && row->account != *caller.account) auto_accept = false;
  }
  if (auto_accept) return apply_undo(room, *caller.account);
  v1::ServerEnvelope asked;
  asked.mutable_undo_requested()->set_game_id(game_id);
  asked.mutable_undo_requested()->set_by(last.seat);
  views_.send_to_subscribers(room, asked,
                             [](const Subscriber& subscriber) { return !subscriber.seats.empty(); });
}

void GameConsent::apply_undo(GameRoom& room, AccountId answering) {
  const LoggedAction last = room.log.back();
  in_transaction(db_, [&] {
    store_.delete_action(room.row.id, last.sequence);
    // Its request, if it comes again, is answered as before and never applied again.
    if (last.account && last.request_id != 0) store_.record_undone_request(room.row.id, last);
    store_.log_undo(room.row.id, last.sequence, last.action, "accept", answering);
    store_.save_phase_ends(room.row.id, room.phase_start_sequence(), {});  // the replay clears them
    store_.delete_snapshots_from(room.row.id, last.sequence);
  });
  room.log.pop_back();
  room.replay();
  ++room.undos;  // a catch-up under way sends the present view instead (catch_up.hpp)
  room.undo_requested_by.reset();
  room.proposal.reset();
  if (room.min_undone_sequence == 0 || last.sequence < room.min_undone_sequence)
    room.min_undone_sequence = last.sequence;
  v1::ServerEnvelope answered;
  answered.mutable_undo_answered()->set_game_id(static_cast<std::uint64_t>(room.row.id));
  answered.mutable_undo_answered()->set_accepted(true);
  answered.mutable_undo_answered()->set_sequence(room.sequence());
  // Delayed spectators hear nothing: an undo is within the present movement phase.
  const auto live = [&](const Subscriber& subscriber) { return !is_delayed(room, subscriber); };
  views_.send_to_subscribers(room, answered, live);
  for (const auto& [connection, subscriber] : room.subscribers) {
    if (!live(subscriber) || subscriber.catching_up) continue;
    v1::ServerEnvelope update;
    v1::GameUpdate& out = *update.mutable_game_update();
    out.set_game_id(static_cast<std::uint64_t>(room.row.id));
    out.set_sequence(room.sequence());
    out.set_undone(true);
    *out.mutable_view() = views_.view_for(room, subscriber);
    outbound_.send(connection, update);
  }
}

void GameConsent::answer_undo(const Caller& caller, const Envelope& request, GameRoom* found) {
  const v1::AnswerUndo& answer_request = request.answer_undo();
  if (!found) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  GameRoom& room = *found;
  if (!room.undo_requested_by)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED, "no undo was asked for");
  const engine::Side asking = side_of_seat(*room.undo_requested_by);
  bool opponent = false;
  for (v1::Seat seat : room.seats_of(*caller.account))
    if (side_of_seat(seat) != asking) opponent = true;
  if (!opponent)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "the other side answers an undo request");
  v1::ServerEnvelope ok;
  ok.set_request_id(request.request_id());
  ok.mutable_ok();
  outbound_.send(caller.connection, ok);
  if (answer_request.accept()) return apply_undo(room, *caller.account);
  store_.log_undo(room.row.id, room.log.back().sequence, room.log.back().action, "decline", *caller.account);
  room.undo_requested_by.reset();
  v1::ServerEnvelope answered;
  answered.mutable_undo_answered()->set_game_id(answer_request.game_id());
  answered.mutable_undo_answered()->set_accepted(false);
  answered.mutable_undo_answered()->set_sequence(room.sequence());
  views_.send_to_subscribers(room, answered,
                             [&](const Subscriber& subscriber) { return !is_delayed(room, subscriber); });
}

GameRoom* GameConsent::seat_holders_running_game(const Caller& caller, const Envelope& request,
                                                 GameRoom* room, std::vector<v1::Seat>& held) {
  if (!room) {
    send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
    return nullptr;
  }
  held = room->seats_of(*caller.account);
  if (held.empty()) {
    send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT, "you hold no seat here");
    return nullptr;
  }
  if (room->row.status != v1::GAME_STATUS_RUNNING) {
    send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_GAME_NOT_RUNNING, "the game is not running");
    return nullptr;
  }
  return room;
}

void GameConsent::resign(const Caller& caller, const Envelope& request, GameRoom* found) {
  std::vector<v1::Seat> held;
  GameRoom* room = seat_holders_running_game(caller, request, found, held);
  if (!room) return;
  // A seat resigns for its whole side.
  const engine::Side side = side_of_seat(held.front());
  const engine::Side winner = engine::other(side);
  finish(*room,
         {v1::GAME_END_RESIGNATION, wire::to_proto(winner),
          std::string(engine::to_string(winner)) + " victory: the " + std::string(engine::to_string(side)) +
              " side resigned (" + seat_name(held.front()) + " seat, " + caller.username + ")"});
  outbound_.send(caller.connection, ok_envelope(request.request_id()));
}

void GameConsent::offer_draw(const Caller& caller, const Envelope& request, GameRoom* found) {
  std::vector<v1::Seat> held;
  GameRoom* room = seat_holders_running_game(caller, request, found, held);
  if (!room) return;
  const engine::Side side = side_of_seat(held.front());
  const engine::Side other = engine::other(side);
  for (v1::Seat seat : room->seats_of_side(other)) {
    const SeatRow* row = room->seat(seat);
    if (row->built_in)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          "the built-in player does not take draws");
    if (row->account == *caller.account)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED, "you hold both sides");
  }
  room->draw_offered_by = side;
  outbound_.send(caller.connection, ok_envelope(request.request_id()));
  v1::ServerEnvelope offered;
  offered.mutable_draw_offered()->set_game_id(request.offer_draw().game_id());
  offered.mutable_draw_offered()->set_by(held.front());
  views_.send_to_subscribers(*room, offered,
                             [&](const Subscriber& subscriber) { return !is_delayed(*room, subscriber); });
}

void GameConsent::answer_draw(const Caller& caller, const Envelope& request, GameRoom* found) {
  std::vector<v1::Seat> held;
  GameRoom* room = seat_holders_running_game(caller, request, found, held);
  if (!room) return;
  if (!room->draw_offered_by)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED, "no draw is on offer");
  bool opponent = false;
  for (v1::Seat seat : held)
    if (side_of_seat(seat) != *room->draw_offered_by) opponent = true;
  if (!opponent)
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                        "the other side answers a draw offer");
  room->draw_offered_by.reset();
  if (request.answer_draw().accept())
    finish(*room, {v1::GAME_END_DRAW_AGREED, v1::SIDE_UNSPECIFIED,
                   "drawn by agreement"});  // persisted before the answer
  outbound_.send(caller.connection, ok_envelope(request.request_id()));
}

}  // namespace hd::server

#include "games/game_opening.hpp"

#include "games/spectator_secrecy.hpp"
#include "games/spectator_view.hpp"

#include <chrono>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameOpening::GameOpening(const ServerConfig& config, GameRooms& rooms, GameViews& views, Outbound& outbound,
                         Post post)
    : config_(config),
      rooms_(rooms),
      views_(views),
      outbound_(outbound),
      post_(std::move(post)),
      catch_up_budget_(RateLimit{config.catch_up_per_address_per_second, config.catch_up_per_address_burst, 0,
                                 std::chrono::seconds{10}}) {}

void GameOpening::open_game(const Caller& caller, const Envelope& request, GameRoom* room) {
  const v1::OpenGame& open = request.open_game();
  if (!room) return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  Subscriber subscriber;
  subscriber.account = *caller.account;
  const auto held = room->seats_of(*caller.account);
  if (open.spectate()) {
    const auto viewer = spectator_viewer(room->row.spectator_view);
    if (!room->row.public_listing && held.empty())
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
    // Decision (docs/games.md): a seat holder would see another side's view (a secret option's
    // units and name, 18.5C) or everything, late; until the game is over it plays, not watches.
    // A game closed before it started (issue 29) keeps its secrets: still no watching it.
    if (!held.empty() && (room->row.status != v1::GAME_STATUS_FINISHED || room->row.closed_before_start))
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          "you hold a seat in this game: open it as a player, not as a spectator");
    if (!viewer)
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          "this game allows no spectators");
    // Issue 29, finding 1: nobody watches a game whose seat of a side a secret is kept from they
    // could still take.
    if (held.empty() && spectating_would_precede_a_seat(*room))
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          "this game has a secret choice and a seat still open on the side it is kept "
                          "from: it may be watched once every seat is taken");
    subscriber.viewer = *viewer;
    subscriber.delay_player_turns = room->row.spectator_delay;
  } else {
    if (held.empty())
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                          "you hold no seat in this game (open it as a spectator)");
    subscriber.seats = held;
    subscriber.viewer = viewer_for_seats(held);
  }
  // Issue 29, finding 6: a resume's updates come out of its address's budget, like requests.
  if (open.last_seen_sequence() > 0 && !is_delayed(*room, subscriber)) {
    const auto side = fog_side(*room, subscriber);  // issue 14: counted in the side's own numbers
    const std::uint64_t cost = side ? fog_catch_up_cost(*room, *side, open.last_seen_sequence())
                                    : catch_up_cost(*room, open.last_seen_sequence());
    if (cost > 0 && !catch_up_budget_.allow(caller.peer_address, std::chrono::steady_clock::now(),
                                            static_cast<std::uint32_t>(cost)))
      return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_RATE_LIMITED,
                          "too many catch-up updates for your address just now: retry in a few seconds, "
                          "or open the game with last_seen_sequence 0 (a snapshot, no updates)");
  }
  Subscriber& opened = room->subscribers[caller.connection] = subscriber;
  open_games_[caller.connection].insert(open.game_id());
  catch_ups_.erase({caller.connection, open.game_id()});  // reopened: what was under way is moot

  if (open.last_seen_sequence() > 0) {
    resume(caller, request, *room, opened, open.last_seen_sequence());
  } else {
    v1::ServerEnvelope answer;
    answer.set_request_id(request.request_id());
    *answer.mutable_game_snapshot() = views_.snapshot(*room, subscriber);
    outbound_.send(caller.connection, answer);
  }
  // What still waits for this account's answer.
  if (!held.empty() && room->undo_requested_by) {
    v1::ServerEnvelope asked;
    asked.mutable_undo_requested()->set_game_id(open.game_id());
    asked.mutable_undo_requested()->set_by(*room->undo_requested_by);
    outbound_.send(caller.connection, asked);
  }
  if (!held.empty() && room->draw_offered_by) {
    v1::ServerEnvelope offered;
    offered.mutable_draw_offered()->set_game_id(open.game_id());
    offered.mutable_draw_offered()->set_by(room->seats_of_side(*room->draw_offered_by).front());
    outbound_.send(caller.connection, offered);
  }
  if (!held.empty()) views_.broadcast_summary(*room);
}

void GameOpening::close_game(const Caller& caller, const Envelope& request) {
  const std::uint64_t id = request.close_game().game_id();
  auto& open = open_games_[caller.connection];
  if (!open.erase(id))
    return send_refusal(outbound_, caller, request, v1::REFUSAL_CODE_NOT_FOUND, "the game is not open here");
  catch_ups_.erase({caller.connection, id});
  if (GameRoom* room = rooms_.unsubscribe(id, caller.connection)) views_.broadcast_summary(*room);
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  answer.mutable_ok();
  outbound_.send(caller.connection, answer);
}

void GameOpening::forget(const Caller& caller) {
  drop_catch_ups(caller.connection);
  const auto it = open_games_.find(caller.connection);
  if (it == open_games_.end()) return;
  const std::set<std::uint64_t> games = std::move(it->second);
  open_games_.erase(it);
  for (std::uint64_t id : games) {
    if (GameRoom* room = rooms_.unsubscribe(id, caller.connection))
      views_.broadcast_summary(*room);  // `connected` changed
  }
}

}  // namespace hd::server

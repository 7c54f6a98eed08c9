// Queries: who may ask is checked here, on the hub's strand; the answer is the engine's
// (query_answers.cpp).
#include "games/game_queries.hpp"

#include "games/query_answers.hpp"
#include "games/spectator_view.hpp"

#include <memory>
#include <optional>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

// The game a query asks about; nullopt for a request that is not a query.
std::optional<std::uint64_t> queried_game(const v1::ClientEnvelope& request) {
  switch (request.body_case()) {
    case v1::ClientEnvelope::kQueryReachable:
      return request.query_reachable().game_id();
    case v1::ClientEnvelope::kQueryCombatOptions:
      return request.query_combat_options().game_id();
    case v1::ClientEnvelope::kQueryOdds:
      return request.query_odds().game_id();
    case v1::ClientEnvelope::kQueryRetreats:
      return request.query_retreats().game_id();
    case v1::ClientEnvelope::kQueryCommandRange:
      return request.query_command_range().game_id();
    case v1::ClientEnvelope::kQueryObservedArea:
      return request.query_observed_area().game_id();
    default:
      return std::nullopt;
  }
}

// The caller's viewer: its open game's, or its seats'.
engine::Viewer viewer_of(const GameRoom& room, const Caller& caller) {
  const auto it = room.subscribers.find(caller.connection);
  if (it != room.subscribers.end()) return it->second.viewer;
  return viewer_for_seats(room.seats_of(*caller.account));
}

}  // namespace

GameQueries::GameQueries(Outbound& outbound, FindRoom find_room, Refuse refuse, AnswerLater answer_later)
    : outbound_(outbound),
      find_room_(std::move(find_room)),
      send_refusal_(std::move(refuse)),
      answer_later_(std::move(answer_later)) {}

bool GameQueries::handle(const Caller& caller, const Envelope& request) {
  const std::optional<std::uint64_t> game_id = queried_game(request);
  if (!game_id) return false;
  GameRoom* room = query_room(caller, request, *game_id);
  if (!room) return true;
  // The live state, shared: the room goes on to new states on the strand while the answer is made,
  // and never changes this one (GameRoom::shared_state).
  QueryBoard board{room->shared_state(), viewer_of(*room, caller)};
  if (!answer_later_) {
    outbound_.send(caller.connection, answer_query(board, request));
    return true;
  }
  answer_later_(caller, request,
                [board = std::move(board), request] { return answer_query(board, request); });
  return true;
}

GameRoom* GameQueries::query_room(const Caller& caller, const Envelope& request, std::uint64_t game_id) {
  GameRoom* room = find_room_(game_id, *caller.account);
  if (!room || (room->seats_of(*caller.account).empty() && !room->subscribers.count(caller.connection))) {
    send_refusal_(caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game open here");
    return nullptr;
  }
  // Delayed spectators would learn the live position from queries.
  const auto it = room->subscribers.find(caller.connection);
  if (room->seats_of(*caller.account).empty() && it != room->subscribers.end() &&
      it->second.delay_player_turns > 0 && room->row.status != v1::GAME_STATUS_FINISHED) {
    send_refusal_(caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                  "queries show the live game; you see it delayed");
    return nullptr;
  }
  return room;
}

}  // namespace hd::server

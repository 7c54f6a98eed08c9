// Queries (QueryReachable, QueryCombatOptions, QueryOdds, QueryRetreats, QueryCommandRange,
// QueryObservedArea): answered from
// the engine for a game the caller holds a seat in or has open; they change nothing. With 16.3 in
// force they are answered on the board the caller's side believes (believed_board.hpp), so that no
// answer reveals an enemy piece the side does not observe.
#include "games/game_queries.hpp"

#include "games/spectator_view.hpp"

#include <hd/engine/rules/combat/combat.hpp>
#include <hd/engine/rules/combat/combat_options.hpp>
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/movement/movement.hpp>
#include <hd/engine/rules/observation/believed_board.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/observation/observation.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/hex_convert.hpp>
#include <hd/wire/refusal_convert.hpp>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

void add_units(google::protobuf::RepeatedField<std::uint32_t>* out,
               const std::vector<engine::UnitIndex>& units) {
  for (engine::UnitIndex unit : units)
    out->Add(static_cast<std::uint32_t>(unit));
}

// The caller's viewer: its open game's, or its seats'.
engine::Viewer viewer_of(const GameRoom& room, const Caller& caller) {
  const auto it = room.subscribers.find(caller.connection);
  if (it != room.subscribers.end()) return it->second.viewer;
  return viewer_for_seats(room.seats_of(*caller.account));
}

// How many units the caller is shown (18.5C: a secret option's units are not). A higher unit
// number is answered as out of range.
std::size_t units_shown_to(const GameRoom& room, const Caller& caller) {
  return engine::units_shown(room.state, viewer_of(room, caller));
}

// 16.3: the board the caller's questions are answered on. For a seat, or a spectator shown one side,
// in a game keeping 16.3's knowledge: the board its side believes, made in `believed`. Otherwise
// (no 16.3, or a spectator shown everything) the game's own.
const engine::GameState& asked_board(const GameRoom& room, const Caller& caller,
                                     std::optional<engine::GameState>& believed) {
  if (!engine::knowledge_kept(room.state)) return room.state;
  const std::optional<engine::Side> side = viewed_side(viewer_of(room, caller));
  if (!side) return room.state;
  believed = engine::believed_board(room.state, *side);
  return *believed;
}

}  // namespace

GameQueries::GameQueries(Outbound& outbound, FindRoom find_room, Refuse refuse)
    : outbound_(outbound), find_room_(std::move(find_room)), send_refusal_(std::move(refuse)) {}

bool GameQueries::handle(const Caller& caller, const Envelope& request) {
  switch (request.body_case()) {
    case v1::ClientEnvelope::kQueryReachable:
      query_reachable(caller, request);
      return true;
    case v1::ClientEnvelope::kQueryCombatOptions:
      query_combat_options(caller, request);
      return true;
    case v1::ClientEnvelope::kQueryOdds:
      query_odds(caller, request);
      return true;
    case v1::ClientEnvelope::kQueryRetreats:
      query_retreats(caller, request);
      return true;
    case v1::ClientEnvelope::kQueryCommandRange:
      query_command_range(caller, request);
      return true;
    case v1::ClientEnvelope::kQueryObservedArea:
      query_observed_area(caller, request);
      return true;
    default:
      return false;
  }
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

void GameQueries::query_reachable(const Caller& caller, const Envelope& request) {
  const v1::QueryReachable& query = request.query_reachable();
  GameRoom* room = query_room(caller, request, query.game_id());
  if (!room) return;
  if (query.unit() >= units_shown_to(*room, caller))
    return send_refusal_(caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, "unit number out of range");
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::Reachable& out = *answer.mutable_reachable();
  out.set_game_id(query.game_id());
  out.set_unit(query.unit());
  std::optional<engine::GameState> believed;
  const engine::GameState& board = asked_board(*room, caller, believed);
  for (const engine::ReachableHex& hex :
       engine::reachable_hexes(board, static_cast<engine::UnitIndex>(query.unit()))) {
    v1::ReachableHex& r = *out.add_hexes();
    *r.mutable_hex() = wire::to_proto(hex.hex);
    r.set_cost_half_mp(static_cast<std::uint32_t>(hex.cost_half));
    for (engine::Hex step : hex.path)
      *r.add_path() = wire::to_proto(step);
    r.set_can_exit(hex.can_exit);
    r.set_stop_refused(!hex.can_stop);
  }
  outbound_.send(caller.connection, answer);
}

void GameQueries::query_command_range(const Caller& caller, const Envelope& request) {
  const v1::QueryCommandRange& query = request.query_command_range();
  GameRoom* room = query_room(caller, request, query.game_id());
  if (!room) return;
  const std::size_t shown = units_shown_to(*room, caller);
  if (query.unit() >= shown)
    return send_refusal_(caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, "unit number out of range");
  if (!engine::rule_in_force(*room->state.rules, "11.0"))
    return send_refusal_(caller, request, v1::REFUSAL_CODE_NOT_ALLOWED, "this game plays no command (11.0)");
  const auto leader = static_cast<engine::UnitIndex>(query.unit());
  const engine::UnitState& piece = room->state.units[leader];
  if (!piece.is_leader() || !piece.on_map())
    return send_refusal_(caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, "not a leader on the map");
  std::optional<engine::GameState> believed;
  const engine::LeaderCommandRange range =
      engine::leader_command_range(asked_board(*room, caller, believed), leader);
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::CommandRange& out = *answer.mutable_command_range();
  out.set_game_id(query.game_id());
  out.set_unit(query.unit());
  out.set_range(static_cast<std::uint32_t>(range.range));
  for (engine::Hex hex : range.hexes)
    *out.add_hexes() = wire::to_proto(hex);
  for (engine::UnitIndex unit : range.commanded)
    if (unit < shown) out.add_commanded(static_cast<std::uint32_t>(unit));  // 18.5C's hidden units stay so
  outbound_.send(caller.connection, answer);
}

void GameQueries::query_observed_area(const Caller& caller, const Envelope& request) {
  const v1::QueryObservedArea& query = request.query_observed_area();
  GameRoom* room = query_room(caller, request, query.game_id());
  if (!room) return;
  // 16.3: without it (or its knowledge) every hex is observed; there is no area to show.
  if (!engine::rule_in_force(*room->state.rules, "16.3") || !engine::knowledge_kept(room->state))
    return send_refusal_(caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                         "16.3 (observation) is not in force in this game: every hex is observed");
  // Only the caller's own side: a seat's, or the one side a spectator is shown. A spectator shown
  // everything has no side to ask for, and no caller is ever answered for the enemy.
  const std::optional<engine::Side> side = viewed_side(viewer_of(*room, caller));
  if (!side)
    return send_refusal_(caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                         "you see every piece of this game: no side's observed area is yours to ask");
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::ObservedArea& out = *answer.mutable_observed_area();
  out.set_game_id(query.game_id());
  out.set_distance(engine::observation_distance(room->state));
  for (engine::Hex hex : engine::observed_area(room->state, *side))  // one sweep per observing hex
    *out.add_hexes() = wire::to_proto(hex);
  outbound_.send(caller.connection, answer);
}

void GameQueries::query_combat_options(const Caller& caller, const Envelope& request) {
  const std::uint64_t game_id = request.query_combat_options().game_id();
  GameRoom* room = query_room(caller, request, game_id);
  if (!room) return;
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::CombatOptions& out = *answer.mutable_combat_options();
  out.set_game_id(game_id);
  std::optional<engine::GameState> believed;
  const engine::GameState& board = asked_board(*room, caller, believed);
  for (const engine::CombatOption& option : engine::combat_options(board)) {
    v1::CombatOption& o = *out.add_options();
    *o.mutable_target() = wire::to_proto(option.target);
    add_units(o.mutable_defenders(), option.defenders);
    add_units(o.mutable_attackers(), option.attackers);
    add_units(o.mutable_bombarding(), option.bombarding);
    o.set_owed(option.owed);
  }
  add_units(out.mutable_must_attack(), engine::owed_combat(board));
  outbound_.send(caller.connection, answer);
}

void GameQueries::query_odds(const Caller& caller, const Envelope& request) {
  const v1::QueryOdds& query = request.query_odds();
  GameRoom* room = query_room(caller, request, query.game_id());
  if (!room) return;
  v1::GameAction wrapped;
  *wrapped.mutable_attack() = query.attack();
  auto converted = wire::from_proto(wrapped, room->state, units_shown_to(*room, caller));
  if (const auto* error = std::get_if<std::string>(&converted))
    return send_refusal_(caller, request, v1::REFUSAL_CODE_INVALID_REQUEST, *error);
  const auto& attack = std::get<engine::AttackAction>(std::get<engine::Action>(converted));
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::OddsAnswer& out = *answer.mutable_odds_answer();
  out.set_game_id(query.game_id());
  std::optional<engine::GameState> believed;
  const engine::GameState& board = asked_board(*room, caller, believed);
  if (const auto refusal = engine::check_attack(board, attack)) {
    out.set_legal(false);
    // Typed, and redacted for the asker like any rule refusal (send_rule_refusal()).
    const engine::Refusal shown = engine::redact(board, *refusal, viewer_of(*room, caller));
    out.mutable_refusal()->set_code(v1::REFUSAL_CODE_RULE_VIOLATION);
    out.mutable_refusal()->set_message(engine::describe(shown, board));
    wire::to_proto(shown, *out.mutable_refusal());
  } else {
    out.set_legal(true);
    *out.mutable_odds() = wire::to_proto(engine::compute_odds(board, attack));
  }
  outbound_.send(caller.connection, answer);
}

void GameQueries::query_retreats(const Caller& caller, const Envelope& request) {
  const std::uint64_t game_id = request.query_retreats().game_id();
  GameRoom* room = query_room(caller, request, game_id);
  if (!room) return;
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  v1::RetreatHexes& out = *answer.mutable_retreat_hexes();
  out.set_game_id(game_id);
  std::optional<engine::GameState> believed;
  const engine::GameState& state = asked_board(*room, caller, believed);
  if (!state.pending_retreats.empty()) {
    const engine::UnitIndex unit = state.pending_retreats.front().unit;
    out.set_unit(unit);
    for (engine::Hex hex : engine::retreat_hexes(state, unit))
      *out.add_hexes() = wire::to_proto(hex);
  } else if (state.pending_advance) {
    for (engine::Hex hex : engine::advance_hexes(state))  // 6.7B, the engine's answer
      *out.add_advance_hexes() = wire::to_proto(hex);
    add_units(out.mutable_advance_units(), state.pending_advance->candidates);
  }
  outbound_.send(caller.connection, answer);
}

}  // namespace hd::server

#include "games/query_answers.hpp"

#include "app/caller.hpp"
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

#include <optional>
#include <stdexcept>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

void add_units(google::protobuf::RepeatedField<std::uint32_t>* out,
               const std::vector<engine::UnitIndex>& units) {
  for (engine::UnitIndex unit : units)
    out->Add(static_cast<std::uint32_t>(unit));
}

// One question being answered: the live state, the asker and the request.
struct Asked {
  const engine::GameState& state;
  const engine::Viewer& viewer;
  const v1::ClientEnvelope& request;

  v1::ServerEnvelope refuse(v1::RefusalCode code, std::string message) const {
    return refusal_envelope(request.request_id(), code, std::move(message));
  }
  v1::ServerEnvelope answer() const {
    v1::ServerEnvelope envelope;
    envelope.set_request_id(request.request_id());
    return envelope;
  }
  // How many units the asker is shown (18.5C: a secret option's units are not). A higher unit
  // number is answered as out of range.
  std::size_t units_shown() const { return engine::units_shown(state, viewer); }
  // 16.3: the board the questions are answered on. For a seat, or a spectator shown one side, in a
  // game keeping 16.3's knowledge: the board its side believes, made in `believed`. Otherwise (no
  // 16.3, or a spectator shown everything) the game's own.
  const engine::GameState& board(std::optional<engine::GameState>& believed) const {
    if (!engine::knowledge_kept(state)) return state;
    const std::optional<engine::Side> side = viewed_side(viewer);
    if (!side) return state;
    believed = engine::believed_board(state, *side);
    return *believed;
  }
};

v1::ServerEnvelope reachable(const Asked& asked) {
  const v1::QueryReachable& query = asked.request.query_reachable();
  if (query.unit() >= asked.units_shown())
    return asked.refuse(v1::REFUSAL_CODE_INVALID_REQUEST, "unit number out of range");
  v1::ServerEnvelope answer = asked.answer();
  v1::Reachable& out = *answer.mutable_reachable();
  out.set_game_id(query.game_id());
  out.set_unit(query.unit());
  std::optional<engine::GameState> believed;
  const engine::GameState& board = asked.board(believed);
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
  return answer;
}

// 11.2: a leader's traced range and whom he commands (engine::leader_command_range()).
v1::ServerEnvelope command_range(const Asked& asked) {
  const v1::QueryCommandRange& query = asked.request.query_command_range();
  const std::size_t shown = asked.units_shown();
  if (query.unit() >= shown)
    return asked.refuse(v1::REFUSAL_CODE_INVALID_REQUEST, "unit number out of range");
  if (!engine::rule_in_force(*asked.state.rules, "11.0"))
    return asked.refuse(v1::REFUSAL_CODE_NOT_ALLOWED, "this game plays no command (11.0)");
  const auto leader = static_cast<engine::UnitIndex>(query.unit());
  const engine::UnitState& piece = asked.state.units[leader];
  if (!piece.is_leader() || !piece.on_map())
    return asked.refuse(v1::REFUSAL_CODE_INVALID_REQUEST, "not a leader on the map");
  std::optional<engine::GameState> believed;
  const engine::LeaderCommandRange range = engine::leader_command_range(asked.board(believed), leader);
  v1::ServerEnvelope answer = asked.answer();
  v1::CommandRange& out = *answer.mutable_command_range();
  out.set_game_id(query.game_id());
  out.set_unit(query.unit());
  out.set_range(static_cast<std::uint32_t>(range.range));
  for (engine::Hex hex : range.hexes)
    *out.add_hexes() = wire::to_proto(hex);
  for (engine::UnitIndex unit : range.commanded)
    if (unit < shown) out.add_commanded(static_cast<std::uint32_t>(unit));  // 18.5C's hidden units stay so
  return answer;
}

// 16.3: the hexes the asker's side observes now (engine::observed_area()); never another side's.
v1::ServerEnvelope observed_area(const Asked& asked) {
  const v1::QueryObservedArea& query = asked.request.query_observed_area();
  // 16.3: without it (or its knowledge) every hex is observed; there is no area to show.
  if (!engine::rule_in_force(*asked.state.rules, "16.3") || !engine::knowledge_kept(asked.state))
    return asked.refuse(v1::REFUSAL_CODE_NOT_ALLOWED,
                        "16.3 (observation) is not in force in this game: every hex is observed");
  // Only the asker's own side: a seat's, or the one side a spectator is shown. A spectator shown
  // everything has no side to ask for, and nobody is ever answered for the enemy.
  const std::optional<engine::Side> side = viewed_side(asked.viewer);
  if (!side)
    return asked.refuse(v1::REFUSAL_CODE_NOT_ALLOWED,
                        "you see every piece of this game: no side's observed area is yours to ask");
  v1::ServerEnvelope answer = asked.answer();
  v1::ObservedArea& out = *answer.mutable_observed_area();
  out.set_game_id(query.game_id());
  out.set_distance(engine::observation_distance(asked.state));
  for (engine::Hex hex : engine::observed_area(asked.state, *side))  // one sweep per observing hex
    *out.add_hexes() = wire::to_proto(hex);
  return answer;
}

v1::ServerEnvelope combat_options(const Asked& asked) {
  v1::ServerEnvelope answer = asked.answer();
  v1::CombatOptions& out = *answer.mutable_combat_options();
  out.set_game_id(asked.request.query_combat_options().game_id());
  std::optional<engine::GameState> believed;
  const engine::GameState& board = asked.board(believed);
  for (const engine::CombatOption& option : engine::combat_options(board)) {
    v1::CombatOption& o = *out.add_options();
    *o.mutable_target() = wire::to_proto(option.target);
    add_units(o.mutable_defenders(), option.defenders);
    add_units(o.mutable_attackers(), option.attackers);
    add_units(o.mutable_bombarding(), option.bombarding);
    o.set_owed(option.owed);
  }
  add_units(out.mutable_must_attack(), engine::owed_combat(board));
  return answer;
}

v1::ServerEnvelope odds(const Asked& asked) {
  const v1::QueryOdds& query = asked.request.query_odds();
  v1::GameAction wrapped;
  *wrapped.mutable_attack() = query.attack();
  auto converted = wire::from_proto(wrapped, asked.state, asked.units_shown());
  if (const auto* error = std::get_if<std::string>(&converted))
    return asked.refuse(v1::REFUSAL_CODE_INVALID_REQUEST, *error);
  const auto& attack = std::get<engine::AttackAction>(std::get<engine::Action>(converted));
  v1::ServerEnvelope answer = asked.answer();
  v1::OddsAnswer& out = *answer.mutable_odds_answer();
  out.set_game_id(query.game_id());
  std::optional<engine::GameState> believed;
  const engine::GameState& board = asked.board(believed);
  if (const auto refusal = engine::check_attack(board, attack)) {
    out.set_legal(false);
    // Typed, and redacted for the asker like any rule refusal (send_rule_refusal()).
    const engine::Refusal shown = engine::redact(board, *refusal, asked.viewer);
    out.mutable_refusal()->set_code(v1::REFUSAL_CODE_RULE_VIOLATION);
    out.mutable_refusal()->set_message(engine::describe(shown, board));
    wire::to_proto(shown, *out.mutable_refusal());
  } else {
    out.set_legal(true);
    *out.mutable_odds() = wire::to_proto(engine::compute_odds(board, attack));
  }
  return answer;
}

v1::ServerEnvelope retreats(const Asked& asked) {
  v1::ServerEnvelope answer = asked.answer();
  v1::RetreatHexes& out = *answer.mutable_retreat_hexes();
  out.set_game_id(asked.request.query_retreats().game_id());
  std::optional<engine::GameState> believed;
  const engine::GameState& state = asked.board(believed);
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
  return answer;
}

}  // namespace

v1::ServerEnvelope answer_query(const QueryBoard& board, const v1::ClientEnvelope& request) {
  const Asked asked{*board.state, board.viewer, request};
  switch (request.body_case()) {
    case v1::ClientEnvelope::kQueryReachable:
      return reachable(asked);
    case v1::ClientEnvelope::kQueryCombatOptions:
      return combat_options(asked);
    case v1::ClientEnvelope::kQueryOdds:
      return odds(asked);
    case v1::ClientEnvelope::kQueryRetreats:
      return retreats(asked);
    case v1::ClientEnvelope::kQueryCommandRange:
      return command_range(asked);
    case v1::ClientEnvelope::kQueryObservedArea:
      return observed_area(asked);
    default:
      throw std::logic_error("answer_query: not a query");
  }
}

}  // namespace hd::server

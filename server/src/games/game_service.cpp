#include "games/game_service.hpp"

#include "games/game_record.hpp"
#include "games/seat_policy.hpp"
#include "games/spectator_view.hpp"
#include "log.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/wire/game_convert.hpp>
#include <hd/wire/refusal_convert.hpp>

#include <algorithm>
#include <ctime>

namespace hd::server {

namespace v1 = hundred_days::v1;

GameService::GameService(Database& db, const ServerConfig& config, Outbound& outbound, Metrics& metrics,
                         Post post)
    : db_(db),
      config_(config),
      outbound_(outbound),
      metrics_(metrics),
      store_(db),
      views_(outbound, store_),
      chat_(store_, views_, outbound),
      rooms_(store_, config, metrics),
      consent_(db, store_, rooms_, views_, outbound),
      opening_(config, rooms_, views_, outbound, post),
      lobby_(db, config, store_, rooms_, views_, outbound,
             [this](GameRoom& room) { run_builtin_players(room); }),
      queries_(
          outbound, [this](std::uint64_t game_id) { return rooms_.find(game_id); },
          [this](const Caller& caller, const Envelope& request, v1::RefusalCode code, std::string message) {
            send_refusal(caller, request, code, std::move(message));
          }),
      post_(std::move(post)) {
  rooms_.load_unfinished();
  rooms_.report_games();
  // A built-in seat whose decision was pending when the server stopped plays on now.
  for (const auto& [id, room] : rooms_.all())
    run_builtin_players(*room);
}

GameService::~GameService() = default;

void GameService::handle(const Caller& caller, const v1::ClientEnvelope& request) {
  try {
    dispatch(caller, request);
  } catch (const RulesVersionMismatch& mismatch) {
    send_refusal(caller, request, v1::REFUSAL_CODE_RULES_VERSION, mismatch.what());
  }
  evict_finished();  // no room is in use between requests
}

void GameService::dispatch(const Caller& caller, const v1::ClientEnvelope& request) {
  switch (request.body_case()) {
    case v1::ClientEnvelope::kCreateGame:
      return lobby_.create_game(caller, request);
    case v1::ClientEnvelope::kListGames:
      return lobby_.list_games(caller, request);
    case v1::ClientEnvelope::kJoinGame:
      return lobby_.join_game(caller, request);
    case v1::ClientEnvelope::kLeaveGame:
      return lobby_.leave_game(caller, request);
    case v1::ClientEnvelope::kOpenGame:
      return opening_.open_game(caller, request, rooms_.find(request.open_game().game_id()));
    case v1::ClientEnvelope::kCloseGame:
      return opening_.close_game(caller, request);
    case v1::ClientEnvelope::kResign:
      return consent_.resign(caller, request, rooms_.find(request.resign().game_id()));
    case v1::ClientEnvelope::kOfferDraw:
      return consent_.offer_draw(caller, request, rooms_.find(request.offer_draw().game_id()));
    case v1::ClientEnvelope::kAnswerDraw:
      return consent_.answer_draw(caller, request, rooms_.find(request.answer_draw().game_id()));
    case v1::ClientEnvelope::kSubmitAction:
      return submit_action(caller, request);
    case v1::ClientEnvelope::kConfirmAttack:
      return confirm_attack(caller, request);
    case v1::ClientEnvelope::kRequestUndo:
      return consent_.request_undo(caller, request, rooms_.find(request.request_undo().game_id()));
    case v1::ClientEnvelope::kAnswerUndo:
      return consent_.answer_undo(caller, request, rooms_.find(request.answer_undo().game_id()));
    case v1::ClientEnvelope::kSendChat:
      return chat_.send_chat(caller, request, rooms_.find(request.send_chat().game_id()));
    case v1::ClientEnvelope::kQueryReachable:
    case v1::ClientEnvelope::kQueryCombatOptions:
    case v1::ClientEnvelope::kQueryOdds:
    case v1::ClientEnvelope::kQueryRetreats:
      queries_.handle(caller, request);
      return;
    case v1::ClientEnvelope::kExportRecord:
      return chat_.export_record(caller, request, rooms_.find(request.export_record().game_id()));
    default:
      return send_refusal(caller, request, v1::REFUSAL_CODE_EMPTY_BODY, "unknown request");
  }
}

void GameService::forget(const Caller& caller) {
  opening_.forget(caller);
  evict_finished();
}

void GameService::send_refusal(const Caller& caller, const Envelope& request, v1::RefusalCode code,
                               std::string message, std::string rule) {
  hd::server::send_refusal(outbound_, caller, request, code, std::move(message), std::move(rule));
}

void GameService::send_rule_refusal(const Caller& caller, const Envelope& request, const GameRoom& room,
                                    const engine::Viewer& viewer, const engine::Refusal& refusal) {
  // Only what the refused seat may see: a unit it is not shown is "a unit" (18.5C).
  const engine::Refusal shown = engine::redact(room.state, refusal, viewer);
  const std::string words = engine::describe(shown, room.state);
  log_event(LogLevel::Info, "refused",
            {{"connection", std::to_string(caller.connection)},
             {"code", "RULE_VIOLATION"},
             {"reason", std::string(engine::to_string(shown.code))},
             {"message", words}});
  v1::ServerEnvelope envelope =
      refusal_envelope(request.request_id(), v1::REFUSAL_CODE_RULE_VIOLATION, words);
  wire::to_proto(shown, *envelope.mutable_refusal());
  outbound_.send(caller.connection, envelope);
}

}  // namespace hd::server

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
      return open_game(caller, request);
    case v1::ClientEnvelope::kCloseGame:
      return close_game(caller, request);
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
  drop_catch_ups(caller.connection);
  const auto it = open_games_.find(caller.connection);
  if (it == open_games_.end()) return;
  const std::set<std::uint64_t> games = std::move(it->second);
  open_games_.erase(it);
  for (std::uint64_t id : games) {
    if (GameRoom* room = rooms_.loaded(id)) {
      room->subscribers.erase(caller.connection);
      views_.broadcast_summary(*room);  // `connected` changed
    }
  }
  evict_finished();
}

void GameService::send_refusal(const Caller& caller, const Envelope& request, v1::RefusalCode code,
                               std::string message, std::string rule) {
  // Logged once, as request_refused, by the refusal accounting every refusal passes through.
  outbound_.send(caller.connection,
                 refusal_envelope(request.request_id(), code, std::move(message), std::move(rule)));
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

void GameService::open_game(const Caller& caller, const Envelope& request) {
  const v1::OpenGame& open = request.open_game();
  GameRoom* room = rooms_.find(open.game_id());
  if (!room) return send_refusal(caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
  Subscriber subscriber;
  subscriber.account = *caller.account;
  const auto held = room->seats_of(*caller.account);
  if (open.spectate()) {
    const auto viewer = spectator_viewer(room->row.spectator_view);
    if (!room->row.public_listing && held.empty())
      return send_refusal(caller, request, v1::REFUSAL_CODE_NOT_FOUND, "no such game");
    // Decision (docs/games.md): a seat holder would see another side's view (a secret option's
    // units and name, 18.5C) or everything, late; until the game is over it plays, not watches.
    if (!held.empty() && room->row.status != v1::GAME_STATUS_FINISHED)
      return send_refusal(caller, request, v1::REFUSAL_CODE_NOT_ALLOWED,
                          "you hold a seat in this game: open it as a player, not as a spectator");
    if (!viewer)
      return send_refusal(caller, request, v1::REFUSAL_CODE_NOT_ALLOWED, "this game allows no spectators");
    subscriber.viewer = *viewer;
    subscriber.delay_player_turns = room->row.spectator_delay;
  } else {
    if (held.empty())
      return send_refusal(caller, request, v1::REFUSAL_CODE_NOT_YOUR_SEAT,
                          "you hold no seat in this game (open it as a spectator)");
    subscriber.seats = held;
    subscriber.viewer = viewer_for_seats(held);
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

void GameService::close_game(const Caller& caller, const Envelope& request) {
  const std::uint64_t id = request.close_game().game_id();
  auto& open = open_games_[caller.connection];
  if (!open.erase(id))
    return send_refusal(caller, request, v1::REFUSAL_CODE_NOT_FOUND, "the game is not open here");
  catch_ups_.erase({caller.connection, id});
  if (GameRoom* room = rooms_.loaded(id)) {
    room->subscribers.erase(caller.connection);
    views_.broadcast_summary(*room);
  }
  v1::ServerEnvelope answer;
  answer.set_request_id(request.request_id());
  answer.mutable_ok();
  outbound_.send(caller.connection, answer);
}

}  // namespace hd::server

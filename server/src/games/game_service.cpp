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
                         Post post, GameViews::Changed changed, GameDeadlines::Remind remind,
                         LobbyWatch::Schedule schedule_lobby, GameQueries::AnswerLater answer_later,
                         Post post_when_durable)
    : outbound_(outbound),
      scenarios_(config.data_root),
      store_(db),
      deadline_store_(db),
      views_(outbound, store_),
      lobby_watch_(outbound, views_, std::move(schedule_lobby)),
      chat_(store_, views_, outbound),
      replays_(views_, outbound),
      rooms_(store_, deadline_store_, config, metrics),
      consent_(db, store_, rooms_, views_, outbound),
      play_(db, config, store_, rooms_, views_, outbound, metrics,
            post_when_durable ? post_when_durable : post),
      opening_(config, rooms_, views_, outbound, std::move(post)),
      lobby_(db, config, scenarios_, store_, rooms_, views_, outbound,
             [this](GameRoom& room) { play_.run_builtin_players(room); }),
      queries_(
          outbound,
          [this](std::uint64_t game_id, AccountId account) { return rooms_.find(game_id, account); },
          [this](const Caller& caller, const Envelope& request, v1::RefusalCode code, std::string message) {
            send_refusal(caller, request, code, std::move(message));
          },
          std::move(answer_later)),
      deadlines_(db, config, deadline_store_, rooms_, views_, consent_, play_, std::move(remind)),
      standing_orders_(db, config, rooms_, play_, outbound) {
  // Issue 16: a change of a game may begin a player turn's wait (or end the game) at once.
  views_.on_changed([this, changed = std::move(changed)](const GameRoom& room) {
    if (changed) changed(room);
    if (GameRoom* live = rooms_.loaded(static_cast<std::uint64_t>(room.row.id))) {
      try {
        deadlines_.check(*live, static_cast<std::int64_t>(std::time(nullptr)));
      } catch (const std::exception& error) {
        log_event(LogLevel::Error, "deadline_check_failed",
                  {{"game", std::to_string(room.row.id)}, {"error", error.what()}});
      }
    }
  });
  views_.on_listed([this](const GameRoom& room) { lobby_watch_.note(room); });
  rooms_.pin_when([this](const GameRoom& room) { return standing_orders_.may_play(room); });
  rooms_.load_unfinished();
  rooms_.report_games();
  // The live lobby learns which games are listed publicly now (nobody watches yet: nothing is sent).
  for (const auto& [id, room] : rooms_.all())
    lobby_watch_.note(*room);
  // A built-in seat whose decision was pending when the server stopped plays on now.
  for (const auto& [id, room] : rooms_.all())
    play_.run_builtin_players(*room);
}

GameService::~GameService() = default;

std::size_t GameService::check_deadlines(std::int64_t now_unix) {
  const std::size_t events = deadlines_.check_all(now_unix);
  evict_finished();
  return events;
}

std::size_t GameService::check_standing_orders(std::int64_t now_unix) {
  const std::size_t played = standing_orders_.check_all(now_unix);
  evict_finished();
  return played;
}

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
    case v1::ClientEnvelope::kWatchLobby: {
      lobby_watch_.watch(caller, request.watch_lobby().on());
      v1::ServerEnvelope answer;
      answer.set_request_id(request.request_id());
      answer.mutable_ok();
      return outbound_.send(caller.connection, answer);
    }
    case v1::ClientEnvelope::kListScenarios:
      return scenarios_.answer(caller, request, outbound_);
    case v1::ClientEnvelope::kJoinGame:
      return lobby_.join_game(caller, request);
    case v1::ClientEnvelope::kLeaveGame:
      return lobby_.leave_game(caller, request);
    case v1::ClientEnvelope::kWithdrawGame:
      return lobby_.withdraw_game(caller, request);
    case v1::ClientEnvelope::kOpenGame:
      return opening_.open_game(caller, request, rooms_.find(request.open_game().game_id(), *caller.account));
    case v1::ClientEnvelope::kCloseGame:
      return opening_.close_game(caller, request);
    case v1::ClientEnvelope::kResign:
      return consent_.resign(caller, request, rooms_.find(request.resign().game_id(), *caller.account));
    case v1::ClientEnvelope::kOfferDraw:
      return consent_.offer_draw(caller, request,
                                 rooms_.find(request.offer_draw().game_id(), *caller.account));
    case v1::ClientEnvelope::kAnswerDraw:
      return consent_.answer_draw(caller, request,
                                  rooms_.find(request.answer_draw().game_id(), *caller.account));
    case v1::ClientEnvelope::kSubmitAction:
      return play_.submit_action(caller, request,
                                 rooms_.find(request.submit_action().game_id(), *caller.account));
    case v1::ClientEnvelope::kConfirmAttack:
      return play_.confirm_attack(caller, request,
                                  rooms_.find(request.confirm_attack().game_id(), *caller.account));
    case v1::ClientEnvelope::kRequestUndo:
      return consent_.request_undo(caller, request,
                                   rooms_.find(request.request_undo().game_id(), *caller.account));
    case v1::ClientEnvelope::kAnswerUndo:
      return consent_.answer_undo(caller, request,
                                  rooms_.find(request.answer_undo().game_id(), *caller.account));
    case v1::ClientEnvelope::kSendChat:
      return chat_.send_chat(caller, request, rooms_.find(request.send_chat().game_id(), *caller.account));
    case v1::ClientEnvelope::kQueryReachable:
    case v1::ClientEnvelope::kQueryCombatOptions:
    case v1::ClientEnvelope::kQueryOdds:
    case v1::ClientEnvelope::kQueryRetreats:
    case v1::ClientEnvelope::kQueryCommandRange:
    case v1::ClientEnvelope::kQueryObservedArea:
      queries_.handle(caller, request);
      return;
    case v1::ClientEnvelope::kSetStandingOrders:
      return standing_orders_.set(caller, request,
                                  rooms_.find(request.set_standing_orders().game_id(), *caller.account));
    case v1::ClientEnvelope::kQueryStandingOrders:
      return standing_orders_.query(caller, request,
                                    rooms_.find(request.query_standing_orders().game_id(), *caller.account));
    case v1::ClientEnvelope::kExportRecord:
      return chat_.export_record(caller, request,
                                 rooms_.find(request.export_record().game_id(), *caller.account));
    case v1::ClientEnvelope::kQueryReplay:
      return replays_.query_replay(caller, request,
                                   rooms_.find(request.query_replay().game_id(), *caller.account));
    default:
      return send_refusal(caller, request, v1::REFUSAL_CODE_EMPTY_BODY, "unknown request");
  }
}

std::size_t GameService::expire_open_games(std::int64_t now_unix, std::size_t limit) {
  const std::size_t closed = lobby_.expire_open_games(now_unix, limit);
  evict_finished();
  return closed;
}

void GameService::forget(const Caller& caller) {
  opening_.forget(caller);
  lobby_watch_.forget(caller.connection);
  evict_finished();
}

void GameService::send_refusal(const Caller& caller, const Envelope& request, v1::RefusalCode code,
                               std::string message, std::string rule) {
  hd::server::send_refusal(outbound_, caller, request, code, std::move(message), std::move(rule));
}

void GameService::evict_finished() {
  rooms_.evict_finished(play_.builtin_scheduled());
  rooms_.enforce_cap(GameRooms::Clock::now(), play_.builtin_scheduled());
}

std::size_t GameService::evict_idle_rooms() {
  return rooms_.evict_idle(GameRooms::Clock::now(), play_.builtin_scheduled());
}

}  // namespace hd::server

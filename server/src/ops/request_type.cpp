#include "ops/request_type.hpp"

namespace hd::server {

namespace v1 = hundred_days::v1;

std::string_view request_type_name(const v1::ClientEnvelope& envelope) {
  switch (envelope.body_case()) {
    case v1::ClientEnvelope::kHello:
      return "hello";
    case v1::ClientEnvelope::kPing:
      return "ping";
    case v1::ClientEnvelope::kRegisterAccount:
      return "register_account";
    case v1::ClientEnvelope::kLogin:
      return "login";
    case v1::ClientEnvelope::kResumeSession:
      return "resume_session";
    case v1::ClientEnvelope::kLogout:
      return "logout";
    case v1::ClientEnvelope::kCreateGame:
      return "create_game";
    case v1::ClientEnvelope::kListGames:
      return "list_games";
    case v1::ClientEnvelope::kJoinGame:
      return "join_game";
    case v1::ClientEnvelope::kLeaveGame:
      return "leave_game";
    case v1::ClientEnvelope::kWithdrawGame:
      return "withdraw_game";
    case v1::ClientEnvelope::kListScenarios:
      return "list_scenarios";
    case v1::ClientEnvelope::kOpenGame:
      return "open_game";
    case v1::ClientEnvelope::kCloseGame:
      return "close_game";
    case v1::ClientEnvelope::kResign:
      return "resign";
    case v1::ClientEnvelope::kOfferDraw:
      return "offer_draw";
    case v1::ClientEnvelope::kAnswerDraw:
      return "answer_draw";
    case v1::ClientEnvelope::kSubmitAction:
      return "submit_action";
    case v1::ClientEnvelope::kConfirmAttack:
      return "confirm_attack";
    case v1::ClientEnvelope::kRequestUndo:
      return "request_undo";
    case v1::ClientEnvelope::kAnswerUndo:
      return "answer_undo";
    case v1::ClientEnvelope::kSendChat:
      return "send_chat";
    case v1::ClientEnvelope::kQueryReachable:
      return "query_reachable";
    case v1::ClientEnvelope::kQueryCombatOptions:
      return "query_combat_options";
    case v1::ClientEnvelope::kQueryOdds:
      return "query_odds";
    case v1::ClientEnvelope::kQueryRetreats:
      return "query_retreats";
    case v1::ClientEnvelope::kQueryCommandRange:
      return "query_command_range";
    case v1::ClientEnvelope::kQueryObservedArea:
      return "query_observed_area";
    case v1::ClientEnvelope::kSetStandingOrders:
      return "set_standing_orders";
    case v1::ClientEnvelope::kQueryStandingOrders:
      return "query_standing_orders";
    case v1::ClientEnvelope::kWatchLobby:
      return "watch_lobby";
    case v1::ClientEnvelope::kExportRecord:
      return "export_record";
    case v1::ClientEnvelope::kQueryReplay:
      return "query_replay";
    case v1::ClientEnvelope::kSetWebhook:
      return "set_webhook";
    case v1::ClientEnvelope::kSetEmail:
      return "set_email";
    case v1::ClientEnvelope::kConfirmEmail:
      return "confirm_email";
    case v1::ClientEnvelope::BODY_NOT_SET:
      return "empty";
  }
  return "unknown";
}

std::string_view refusal_code_name(v1::RefusalCode code) {
  constexpr std::string_view kPrefix = "REFUSAL_CODE_";
  const std::string& name = v1::RefusalCode_Name(code);
  if (name.empty()) return "UNKNOWN";
  std::string_view view(name);
  if (view.substr(0, kPrefix.size()) == kPrefix) view.remove_prefix(kPrefix.size());
  return view;
}

}  // namespace hd::server

// What a request asked, remembered by its id so that answers without context (a GameList, a
// refusal) are understood.
#pragma once

namespace hd::client {

enum class RequestKind {
  Account,  // Login, Register, ResumeSession
  ListOpen,
  ListMine,
  ListSpectatable,
  ListScenarios,
  CreateGame,
  JoinGame,
  OpenGame,
  Query,   // QueryReachable / CombatOptions / Odds / Retreats
  Action,  // SubmitAction, ConfirmAttack, RequestUndo
  Chat,
  Replay,          // QueryReplay (issue 16)
  StandingOrders,  // SetStandingOrders / QueryStandingOrders (issue 16)
  Other,
};

}  // namespace hd::client

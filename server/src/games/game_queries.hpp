// The queries part of the game service (QueryReachable, QueryCombatOptions, QueryOdds,
// QueryRetreats, QueryCommandRange, QueryObservedArea): answered from the engine for a game the caller holds
// a seat in or has open, from the live state; they change nothing. Runs on the hub's strand, like
// GameService, which owns it.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "games/game_room.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <functional>
#include <string>

namespace hd::server {

class GameQueries {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  // The room of a game (loading a finished one on demand), nullptr if none.
  using FindRoom = std::function<GameRoom*(std::uint64_t game_id, AccountId account)>;
  // Sends (and logs) a refusal of `request`.
  using Refuse = std::function<void(const Caller& caller, const Envelope& request,
                                    hundred_days::v1::RefusalCode code, std::string message)>;

  GameQueries(Outbound& outbound, FindRoom find_room, Refuse refuse);

  // Answers `request` if it is a query (true); false for any other request.
  bool handle(const Caller& caller, const Envelope& request);

 private:
  void query_reachable(const Caller& caller, const Envelope& request);
  void query_combat_options(const Caller& caller, const Envelope& request);
  void query_odds(const Caller& caller, const Envelope& request);
  void query_retreats(const Caller& caller, const Envelope& request);
  // 11.2: a leader's traced range and whom he commands (engine::leader_command_range()).
  void query_command_range(const Caller& caller, const Envelope& request);
  // 16.3: the hexes the caller's side observes now (engine::observed_area()); never another side's.
  void query_observed_area(const Caller& caller, const Envelope& request);
  // The room of a query: a game the caller has a seat in or has open; refuses and returns nullptr.
  GameRoom* query_room(const Caller& caller, const Envelope& request, std::uint64_t game_id);

  Outbound& outbound_;
  FindRoom find_room_;
  Refuse send_refusal_;
};

}  // namespace hd::server

// The queries part of the game service (QueryReachable, QueryCombatOptions, QueryOdds,
// QueryRetreats, QueryCommandRange, QueryObservedArea): for a game the caller holds a seat in or has
// open, answered from the engine on the live state; they change nothing. Runs on the hub's strand,
// like GameService, which owns it. Issue 15: the strand only checks who asks and takes the state;
// the engine's answer (query_answers.hpp) is worked out off the strand when an AnswerLater is given.
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
  // Runs `work` (thread-safe, it reads only what it holds) off the strand and sends its answer to
  // the caller's connection as the answer to `request`; the caller's later requests wait for it.
  using AnswerLater = std::function<void(const Caller& caller, const Envelope& request,
                                         std::function<hundred_days::v1::ServerEnvelope()> work)>;

  // Without `answer_later` every answer is worked out and sent at once, on the strand.
  GameQueries(Outbound& outbound, FindRoom find_room, Refuse refuse, AnswerLater answer_later);

  // Takes `request` up if it is a query (true): refuses it at once, or has it answered; false for
  // any other request.
  bool handle(const Caller& caller, const Envelope& request);

 private:
  // The room of a query: a game the caller has a seat in or has open, not delayed for it; refuses
  // and returns nullptr otherwise.
  GameRoom* query_room(const Caller& caller, const Envelope& request, std::uint64_t game_id);

  Outbound& outbound_;
  FindRoom find_room_;
  Refuse send_refusal_;
  AnswerLater answer_later_;
};

}  // namespace hd::server

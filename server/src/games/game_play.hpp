// Play (docs/games.md, "Play"): actions validated by the engine against the caller's seats,
// persisted before anyone hears of them, then broadcast; Coalition teamwork (both seats end a
// phase; a mixed attack needs the other seat's consent); and the built-in players, who play one
// action per step posted back to the hub's strand (issue 12), so other requests run between them
// (game_upkeep.cpp). A part of the game service, given the room a request names; a built-in step
// looks its room up by id.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "database.hpp"
#include "games/game_room.hpp"
#include "games/game_rooms.hpp"
#include "games/game_store.hpp"
#include "games/game_views.hpp"
#include "ops/metrics.hpp"
#include "server_config.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <functional>
#include <optional>
#include <set>

namespace hd::server {

class GamePlay {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  // `post` runs a function later on the hub's strand (the built-in players' steps go through it).
  using Post = std::function<void(std::function<void()>)>;
  GamePlay(Database& db, const ServerConfig& config, GameStore& store, GameRooms& rooms, GameViews& views,
           Outbound& outbound, Metrics& metrics, Post post);

  // SubmitAction in `room` (nullptr: no such game): validated against the caller's seats and the
  // engine, then played (or held for the other Coalition seat: a phase end, a mixed attack).
  void submit_action(const Caller& caller, const Envelope& request, GameRoom* room);
  // ConfirmAttack of a pending mixed Coalition attack in `room`: accepted, played as the proposer's.
  void confirm_attack(const Caller& caller, const Envelope& request, GameRoom* room);
  // Schedules the built-in seats' play while the pending decision is theirs: one action per step,
  // each step posted back to the strand, so other requests run between them (issue 12).
  void run_builtin_players(GameRoom& room);
  // Issue 16: plays `action` for `seat`'s absent holder `account` as its own choice by a standing
  // order (logged so, by_standing_order); returns its sequence. Throws engine::ActionRefused.
  std::uint64_t play_by_standing_order(GameRoom& room, engine::Side side, const engine::Action& action,
                                       hundred_days::v1::Seat seat, AccountId account);
  // The games with a built-in step on its way (not to be evicted meanwhile).
  const std::set<std::uint64_t>& builtin_scheduled() const { return builtin_scheduled_; }

 private:
  // Applies an engine action for a seat, persists it (with the game's end, if it ends), then
  // broadcasts the update; returns its sequence. Throws engine::ActionRefused. `request_id` and
  // `request_digest` (request_digest.hpp) are those of the SubmitAction it answers (0 and '': none).
  std::uint64_t play(GameRoom& room, engine::Side side, const engine::Action& action,
                     hundred_days::v1::Seat seat, std::optional<AccountId> account, std::uint64_t request_id,
                     const std::string& request_digest, bool by_standing_order = false);
  // One built-in action of the game, if its decision is still a built-in seat's.
  void builtin_step(std::uint64_t game_id);
  // Sends the engine's refusal of a request typed (RULE_VIOLATION: reason, rule, arguments),
  // redacted for `viewer`, the refused seat's view.
  void send_rule_refusal(const Caller& caller, const Envelope& request, const GameRoom& room,
                         const engine::Viewer& viewer, const engine::Refusal& refusal);

  Database& db_;
  const ServerConfig& config_;
  GameStore& store_;
  GameRooms& rooms_;
  GameViews& views_;
  Outbound& outbound_;
  Metrics& metrics_;
  Post post_;
  std::set<std::uint64_t> builtin_scheduled_;  // games with a built-in step waiting on the strand
};

}  // namespace hd::server

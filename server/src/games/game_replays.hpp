// Replays (issue 16; docs/games.md, "Replays"): QueryReplay answered with the ReplayFrame of one
// action of a game's log, as the asker may see it. A finished game replays for anyone allowed to open
// it, through the view it would be opened with; a running one only for its seat holders, each through
// his own seat's view. The frame is made with the live updates' own code (GameViews::update_for), so a
// replay shows no more than the game showed that viewer at that point (a secret option stays hidden
// until the frame's state reveals it, 18.5C). A part of the game service, on the hub's strand.
#pragma once

#include "app/caller.hpp"
#include "app/outbound.hpp"
#include "games/game_room.hpp"
#include "games/game_views.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>

namespace hd::server {

// How often a replay keeps the state it passes (GameRoom::replay_states): once the states before a
// frame are kept, it replays at most this many logged actions. Derived: a state is 8-20 KB as
// snapshot text (docs/server.md), so a 1,000-action game keeps about 16 states, 160-320 KB, only
// while replayed and in memory.
constexpr std::uint64_t kReplayKeepEvery = 64;

// The most logged actions one QueryReplay replays (its frame's own action included; a multiple of
// kReplayKeepEvery). A frame further than that from the latest state the room keeps is refused BUSY
// after replaying this many actions towards it, keeping the states it passed, so asking again goes
// on from there: the first frame deep into a game takes one request per kReplayBudget actions,
// every later one at most kReplayKeepEvery.
// Derived: two kept intervals, twice a catch-up chunk's replays (kCatchUpReplaysPerChunk): at the
// measured 0.15-0.2 ms per campaign action on the shared machine under load (docs/server.md,
// "Start-up replay and snapshots"), about 25 ms of the hub's strand at most; any frame of a
// 1,000-action campaign is reached within nine requests, well within a connection's rate limit.
constexpr std::uint64_t kReplayBudget = 128;
static_assert(kReplayBudget % kReplayKeepEvery == 0 && kReplayBudget >= kReplayKeepEvery);

class GameReplays {
 public:
  using Envelope = hundred_days::v1::ClientEnvelope;
  GameReplays(GameViews& views, Outbound& outbound);

  // QueryReplay of `room` (nullptr: no such game, or one the caller may not load): the frame after
  // action `action_index`, or a Refusal (protocol.proto, QueryReplay).
  void query_replay(const Caller& caller, const Envelope& request, GameRoom* room);

 private:
  GameViews& views_;
  Outbound& outbound_;
};

// The latest state `room` keeps at or before logged action `sequence` (its first state, checkpoints,
// player-turn starts, the present, the replay states): where a replay to `sequence` starts.
struct KeptState {
  std::uint64_t sequence = 0;
  const engine::GameState* state = nullptr;  // owned by the room
};
KeptState latest_kept_state(const GameRoom& room, std::uint64_t sequence);

// The state after logged action `sequence` (0 .. room.sequence()) of `room`, replayed from
// latest_kept_state, keeping every kReplayKeepEvery-th state it passes in room.replay_states. Throws
// std::logic_error past the log. Its work is `sequence` less the kept state's: the caller bounds it.
engine::GameState replay_state_at(GameRoom& room, std::uint64_t sequence);

}  // namespace hd::server

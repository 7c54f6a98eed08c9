// Catching up a connection that reopens a game after a gap (OpenGame with last_seen_sequence > 0,
// docs/games.md, issue 12): it is sent a GameSnapshot of its view at a point behind, then the
// updates from there to the present (the tail), in chunks paced by its reading, then Ok. The tail
// reaches at most kCatchUpTail actions back; the work per chunk is at most one chunk of actions.
#pragma once

#include "games/game_room.hpp"

#include <hd/engine/state/game_state.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hd::server {

// How far back a catch-up reaches: the last 64 actions at most (decision, derived: about one or
// two player turns of a battle scenario, whose random-player games log 10-20 actions a player
// turn, docs/server.md; a human player turn moving every unit runs longer and is shown from its
// last 64 actions). What lies before is summed up by the snapshot.
constexpr std::uint64_t kCatchUpTail = 64;

// Messages sent per chunk, and the write queue's low-water mark below which the next one is made:
// a catch-up never has more than two chunks queued, well under write-queue-limit. Derived: 8 with
// the default limit of 64 (a quarter of it at most, so other traffic keeps half the queue).
std::size_t catch_up_chunk(std::size_t write_queue_limit);

// A catch-up under way for one connection and game.
struct CatchUp {
  std::uint64_t request_id = 0;  // the OpenGame's: every message of the catch-up carries it
  std::uint64_t undos = 0;       // the room's undo count at the start: an undo since restarts it
  std::uint64_t sent = 0;        // the sequence the connection has been shown up to
  engine::GameState state;       // the state at `sent`
};

// Where a catch-up starts: the sequence and state its snapshot shows.
struct CatchUpStart {
  std::uint64_t sequence = 0;
  engine::GameState state;
};

// The point a catch-up of a connection that last saw `last_seen` starts from: `last_seen`, or
// earlier if an undo has taken back a sequence at or before it (the connection may have seen an
// action since replaced), but never more than kCatchUpTail actions before the present; replayed
// from the latest state the room keeps at or before it (checkpoints, player-turn starts, the first
// state) when that is at most kCheckpointEvery actions behind, else the earliest kept state after
// it (a room just rebuilt from a stored snapshot keeps nothing earlier), the present at the latest.
CatchUpStart catch_up_start(const GameRoom& room, std::uint64_t last_seen);

// Issue 14: the same for `side` of a fogged game, in the side's own numbers. `last_seen` is a side
// sequence (GameRoom::side_sequence_at); the start is the action the side was shown as its
// `last_seen`th, but never more than kCatchUpTail of the side's actions before its present, and its
// state is replayed from the latest state the room keeps at or before it (the side's checkpoints
// keep one within kCheckpointEvery of its actions). So where a fogged side's catch-up starts, and
// what it sends, depend only on what the side was shown. CatchUpStart::sequence is a log sequence.
CatchUpStart fog_catch_up_start(const GameRoom& room, engine::Side side, std::uint64_t last_seen);

// At most how many updates a catch-up of a connection that last saw `last_seen` sends (the
// sequences between catch_up_start's target and the present; its start may be later, never
// earlier). Cheap: nothing is replayed. Charged to the caller's address before a resume (issue 29,
// finding 6).
std::uint64_t catch_up_cost(const GameRoom& room, std::uint64_t last_seen);

// The same for `side` of a fogged game, counted in the side's actions (fog_catch_up_start).
std::uint64_t fog_catch_up_cost(const GameRoom& room, engine::Side side, std::uint64_t last_seen);

// How many logged actions one chunk of a catch-up replays at most, sent or not: a fogged side is
// sent only the actions shown to it, and a chunk's work stays bounded whatever it skips. Derived:
// 64, the tail's length, so a chunk replays about what a whole catch-up of an open game does.
constexpr std::size_t kCatchUpReplaysPerChunk = 64;

// The logged action at `sequence` (1 .. room.sequence()); throws std::logic_error otherwise.
const LoggedAction& logged_at(const GameRoom& room, std::uint64_t sequence);

// Applies a logged action to `state` with its logged dice; returns its events.
std::vector<engine::Event> replay_logged(engine::GameState& state, const LoggedAction& logged);

}  // namespace hd::server

// One live game: its rows, the engine state rebuilt from the action log, the dice count, the
// connections that have it open and what waits for an answer (a mixed Coalition attack, an undo
// request, a draw offer, the Coalition seats that have ended the phase). Owned by GameService on
// the hub's strand.
#pragma once

#include "app/caller.hpp"
#include "games/deadline_store.hpp"
#include "games/game_store.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/visibility/view.hpp>

#include <array>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hd::server {

// A connection that has the game open.
struct Subscriber {
  AccountId account = 0;
  std::vector<hundred_days::v1::Seat> seats;  // empty for a spectator
  engine::Viewer viewer;
  int delay_player_turns = 0;  // spectators under DELAYED_ALL
  // Still being sent the missed updates (catch_up.hpp): live updates wait, the catch-up sends them.
  bool catching_up = false;
};

// A mixed Prussian/Allied attack waiting for the other Coalition seat (issue 5).
struct AttackProposalState {
  std::uint64_t id = 0;
  hundred_days::v1::Seat proposed_by = hundred_days::v1::SEAT_UNSPECIFIED;
  AccountId proposer = 0;
  std::vector<hundred_days::v1::Seat> confirmers;  // the seats whose holder must confirm
  engine::AttackAction attack;
  std::uint64_t request_id = 0;
  std::string request_digest;  // of the proposer's SubmitAction (request_digest.hpp)
  ConnectionId connection = 0;
  std::uint64_t sequence_when_proposed = 0;
};

// The result of applying one action on a copy of the state (nothing is changed until commit).
struct AppliedAction {
  engine::GameState after;
  std::vector<engine::Event> events;
  LoggedAction logged;
};

class GameRoom {
 public:
  // A room for a game whose first state is `initial`; replays `log` (throws std::runtime_error if
  // a logged action no longer applies).
  GameRoom(GameRow row, std::vector<SeatRow> seats, engine::GameState initial, std::vector<LoggedAction> log);
  // The same, rebuilt from `snapshot` and the actions logged after it when the snapshot can be
  // trusted (it reads back, hashes to its state_hash, which is the log's hash at its sequence, and
  // the game has no delayed spectators, whose views need every earlier turn); else by replaying the
  // whole log. `problem` says why a snapshot was not used (empty when it was).
  GameRoom(GameRow row, std::vector<SeatRow> seats, engine::GameState initial, std::vector<LoggedAction> log,
           const SnapshotRow& snapshot, std::string& problem);

  GameRow row;
  std::vector<SeatRow> seats;  // the scenario's seats, in seat order
  engine::GameState initial;
  // The state now (after the last logged action). A reference to it lasts until the room's next
  // change (commit, replay): the room then holds a new state rather than changing this one.
  const engine::GameState& state() const { return *state_; }
  // Issue 15: the state now, shared and never changed (a query worked out beside the strand reads
  // it while the room moves on): no copy.
  std::shared_ptr<const engine::GameState> shared_state() const {
    state_shared_ = true;
    return state_;
  }
  std::vector<LoggedAction> log;
  std::uint64_t dice_rolled = 0;
  // (sequence, state) per player turn: every one for a game with delayed spectators, else the latest.
  std::vector<std::pair<std::uint64_t, engine::GameState>> turn_starts;
  // (sequence, state) after the latest kCheckpointsKept multiples of kCheckpointEvery actions: a
  // catch-up (catch_up.hpp) starts from one of them, so it reaches kCatchUpTail actions back while
  // replaying at most kCheckpointEvery actions to its start, never the whole log (issue 12).
  // Derived: 3 states of 32 cover the 64-action tail from anywhere in the latest 32 (one state per
  // room more than the 2 of 16 before); a state is 8-20 KB as snapshot text (docs/server.md).
  static constexpr std::uint64_t kCheckpointEvery = 32;
  static constexpr std::size_t kCheckpointsKept = 3;
  std::deque<std::pair<std::uint64_t, engine::GameState>> checkpoints;
  // Issue 14, the same by side in a fogged game: (log sequence, state) after the latest
  // kCheckpointsKept multiples of kCheckpointEvery actions shown to the side (indexed by Side), so a
  // fogged side's catch-up (fog_catch_up_start) reaches kCatchUpTail of its actions back from a
  // state chosen by what it was shown, never by what it was not.
  std::array<std::deque<std::pair<std::uint64_t, engine::GameState>>, 2> side_checkpoints;
  // Issue 16: (sequence, state) every kReplayKeepEvery actions, kept by replays as they pass them
  // (game_replays.hpp); an undo drops those past the log.
  std::map<std::uint64_t, engine::GameState> replay_states;
  std::map<ConnectionId, Subscriber> subscribers;
  std::set<hundred_days::v1::Seat> coalition_ended;  // Coalition seats done with this step
  std::optional<AttackProposalState> proposal;
  std::uint64_t next_proposal_id = 1;
  std::optional<engine::Side> draw_offered_by;
  std::optional<hundred_days::v1::Seat> undo_requested_by;
  std::uint64_t min_undone_sequence = 0;  // the lowest sequence ever taken back, 0: none (resume safety)
  std::uint64_t undos = 0;                // accepted undos since loaded: a catch-up under way restarts
  std::uint64_t last_used = 0;            // GameService's use counter when last looked up (eviction order)
  std::chrono::steady_clock::time_point last_used_at = std::chrono::steady_clock::now();  // idle eviction
  std::optional<DeadlineState> deadline;  // issue 16: the game's turn deadline, if it has one
  // Issue 16 (standing orders): since when (unix seconds) each human seat has had no connection on
  // the game, as the standing-order watcher last saw it; a seat with one open has no entry.
  std::map<hundred_days::v1::Seat, std::int64_t> absent_since;

  std::uint64_t sequence() const { return log.empty() ? 0 : log.back().sequence; }
  // The log sequence that began the current player turn (0: the game's start).
  std::uint64_t player_turn_start() const { return turn_starts.empty() ? 0 : turn_starts.back().first; }
  // Whether the built-in player decides for `seat`: a built-in seat, or (issue 16) a human seat
  // whose deadline lapsed in this player turn under DEADLINE_POLICY_BUILTIN.
  bool played_by_builtin(hundred_days::v1::Seat seat) const;
  const SeatRow* seat(hundred_days::v1::Seat seat) const;
  SeatRow* seat(hundred_days::v1::Seat seat);
  // The seats `account` holds, in seat order.
  std::vector<hundred_days::v1::Seat> seats_of(AccountId account) const;
  bool holds(AccountId account, hundred_days::v1::Seat seat) const;
  // The seats of a side in this game.
  std::vector<hundred_days::v1::Seat> seats_of_side(engine::Side side) const;
  bool every_human_seat_taken() const;
  // The seats whose decision the game waits for: the seats of the engine's deciders (the armies the
  // decision concerns: only the retreating unit's army for a retreat), without the Coalition seats
  // that have ended the phase. Empty when the game is over.
  std::vector<hundred_days::v1::Seat> pending_seats() const;
  // The last logged action as the engine reads it, or nullopt if there is none.
  std::optional<engine::NotatedAction> last_action() const;
  // 5.1C: true if an account holding `held` may ask now to take back the last action: it is one of
  // its seats' and the engine allows it (engine::undo_allowed), and no undo is already asked for.
  bool undo_allowed_for(const std::vector<hundred_days::v1::Seat>& held) const;
  // Each seat's entropy, in seat order (the dice input).
  std::vector<std::string> entropy_in_seat_order() const;
  // The log sequence when the current step began (a phase or a rule's segment, as the engine
  // counts them: GameState::steps_begun).
  std::uint64_t phase_start_sequence() const { return phase_start_sequence_; }

  // Applies a validated action for `side` to a copy of the state, rolling the game's next dice.
  // Throws engine::ActionRefused if the engine refuses it.
  AppliedAction apply(engine::Side side, const engine::Action& action, hundred_days::v1::Seat seat,
                      std::optional<AccountId> account, std::uint64_t request_id) const;
  // Makes an applied (and persisted) action the game's state.
  void commit(AppliedAction applied);
  // Rebuilds the state from the first state and the log (after an undo).
  void replay();
  // A snapshot of the state now (after the last logged action).
  SnapshotRow snapshot() const;

  // Issue 14: true if the game keeps 16.3's knowledge, so each side is sent only the actions shown
  // to it (engine::action_shown), numbered by side.
  bool fogged() const;
  // Issue 14: how many of the actions up to log sequence `log_sequence` were shown to `side` (the
  // side's own sequence number then). The log sequence itself where the game is not fogged.
  std::uint64_t side_sequence_at(engine::Side side, std::uint64_t log_sequence) const;
  // True if the last logged action was shown to `side` (always where the game is not fogged).
  bool last_shown_to(engine::Side side) const;
  // The log sequence of the last action shown to `side`: what the side's present is (the actions
  // after it changed nothing it sees). The log's last where the game is not fogged.
  std::uint64_t last_shown_sequence(engine::Side side) const {
    return log_sequence_shown(side, side_sequence_at(side, sequence()));
  }
  // True if the action logged at `log_sequence` was shown to `side` (always where not fogged).
  bool shown_to(engine::Side side, std::uint64_t log_sequence) const;
  // The log sequence of the action `side` was shown as its `side_sequence`th (0 for 0); the
  // argument itself where the game is not fogged. Requires side_sequence <= the side's present.
  std::uint64_t log_sequence_shown(engine::Side side, std::uint64_t side_sequence) const;

 private:
  // The state, to be changed in place (a replay): a copy first if shared_state() has handed it out.
  engine::GameState& changing_state();
  // Makes `next` the state now, in a new object (one handed out before stays as it was).
  void set_state(engine::GameState next);
  void replay_one(const LoggedAction& logged);
  // Rebuilds from a snapshot and the log after it; false (with `problem`) if it cannot be trusted.
  bool replay_from(const SnapshotRow& snapshot, std::string& problem);
  void note_turn_start();
  // Issue 14: notes whether the action logged as `logged` (from `before` to the state now, with
  // `events`) was shown to each side, in a fogged game.
  void note_shown(const engine::GameState& before, const std::vector<engine::Event>& events,
                  const LoggedAction& logged);
  std::uint64_t phase_start_sequence_ = 0;
  std::shared_ptr<engine::GameState> state_;
  mutable bool state_shared_ = false;  // shared_state() handed out state_: it must not change
  // Issue 14, fogged games: per side (engine::Side's order), the log sequences shown to it, ascending.
  std::array<std::vector<std::uint64_t>, 2> shown_;
};

}  // namespace hd::server

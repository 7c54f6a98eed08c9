#include "games/game_room.hpp"

#include "games/dice.hpp"
#include "games/seat_policy.hpp"

#include <hd/engine/notation/notation.hpp>
#include <hd/engine/rules/modules/extension_points.hpp>
#include <hd/engine/rules/observation/knowledge.hpp>
#include <hd/engine/rules/sequence/decisions.hpp>
#include <hd/engine/state/state_snapshot.hpp>
#include <hd/loader/record_header.hpp>

#include <algorithm>
#include <ctime>
#include <stdexcept>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

std::string hash_hex(const engine::GameState& state) {
  return loader::format_final_hash(engine::state_hash(state));
}

}  // namespace

GameRoom::GameRoom(GameRow row_in, std::vector<SeatRow> seats_in, engine::GameState initial_in,
                   std::vector<LoggedAction> log_in)
    : row(std::move(row_in)),
      seats(std::move(seats_in)),
      initial(std::move(initial_in)),
      state_(std::make_shared<engine::GameState>(initial)) {
  log = std::move(log_in);
  replay();
}

GameRoom::GameRoom(GameRow row_in, std::vector<SeatRow> seats_in, engine::GameState initial_in,
                   std::vector<LoggedAction> log_in, const SnapshotRow& snapshot, std::string& problem)
    : row(std::move(row_in)),
      seats(std::move(seats_in)),
      initial(std::move(initial_in)),
      state_(std::make_shared<engine::GameState>(initial)) {
  log = std::move(log_in);
  problem.clear();
  if (!replay_from(snapshot, problem)) replay();
}

const SeatRow* GameRoom::seat(v1::Seat which) const {
  for (const SeatRow& s : seats)
    if (s.seat == which) return &s;
  return nullptr;
}

SeatRow* GameRoom::seat(v1::Seat which) {
  for (SeatRow& s : seats)
    if (s.seat == which) return &s;
  return nullptr;
}

std::vector<v1::Seat> GameRoom::seats_of(AccountId account) const {
  std::vector<v1::Seat> held;
  for (const SeatRow& s : seats)
    if (s.account == account) held.push_back(s.seat);
  return held;
}

bool GameRoom::holds(AccountId account, v1::Seat which) const {
  const SeatRow* s = seat(which);
  return s && s->account == account;
}

std::vector<v1::Seat> GameRoom::seats_of_side(engine::Side side) const {
  std::vector<v1::Seat> result;
  for (const SeatRow& s : seats)
    if (side_of_seat(s.seat) == side) result.push_back(s.seat);
  return result;
}

bool GameRoom::every_human_seat_taken() const {
  for (const SeatRow& s : seats)
    if (!s.built_in && !s.account) return false;
  return true;
}

std::vector<v1::Seat> GameRoom::pending_seats() const {
  std::vector<v1::Seat> result;
  for (const engine::Decider& decider : engine::deciders(state())) {
    for (v1::Seat candidate : seats_of_side(decider.side)) {
      const bool concerned = std::find(decider.armies.begin(), decider.armies.end(),
                                       army_of_seat(candidate)) != decider.armies.end();
      if (concerned && !coalition_ended.count(candidate)) result.push_back(candidate);
    }
  }
  return result;
}

std::optional<engine::NotatedAction> GameRoom::last_action() const {
  if (log.empty()) return std::nullopt;
  // The line names units by id, and ids do not change: the state after it reads it as well.
  auto parsed = engine::parse_action_line(state(), log.back().action);
  if (const auto* notated = std::get_if<engine::NotatedAction>(&parsed)) return *notated;
  return std::nullopt;
}

bool GameRoom::undo_allowed_for(const std::vector<v1::Seat>& held) const {
  if (row.status != v1::GAME_STATUS_RUNNING || undo_requested_by || held.empty()) return false;
  // Issue 14: asking the opponent would tell it of a move it may not have seen.
  if (fogged()) return false;
  const auto last = last_action();
  return last && std::find(held.begin(), held.end(), log.back().seat) != held.end() &&
         engine::undo_allowed(state(), last->side, last->action);
}

std::vector<std::string> GameRoom::entropy_in_seat_order() const {
  std::vector<std::string> entropy;
  for (v1::Seat which : kSeatOrder)
    if (const SeatRow* s = seat(which)) entropy.push_back(s->entropy);
  return entropy;
}

AppliedAction GameRoom::apply(engine::Side side, const engine::Action& action, v1::Seat acting_seat,
                              std::optional<AccountId> account, std::uint64_t request_id) const {
  AppliedAction applied{state(), {}, {}};
  const std::string line = engine::format_action(state(), side, action);
  const std::vector<std::string> entropy = entropy_in_seat_order();
  std::vector<int> dice;
  applied.events = engine::apply(applied.after, side, action, [&] {
    const int die = derive_die(row.dice_seed, entropy, dice_rolled + dice.size() + 1);
    dice.push_back(die);
    return die;
  });
  LoggedAction& logged = applied.logged;
  logged.sequence = sequence() + 1;
  logged.seat = acting_seat;
  logged.account = account;
  logged.request_id = request_id;
  logged.action = line;
  logged.dice = std::move(dice);
  logged.first_die = dice_rolled + 1;
  logged.state_hash = hash_hex(applied.after);
  logged.unix_seconds = static_cast<std::int64_t>(std::time(nullptr));
  return applied;
}

bool GameRoom::played_by_builtin(hundred_days::v1::Seat which) const {
  const SeatRow* row = seat(which);
  if (!row) return false;
  if (row->built_in) return true;
  return deadline && deadline->row.lapsed_seat == which &&
         deadline->row.turn_start_sequence == static_cast<std::int64_t>(player_turn_start());
}

void GameRoom::note_turn_start() {
  // The engine says which player turn a state is in (4.1); a new one has begun when it changes.
  const auto now = engine::player_turn(state());
  if (now && now != engine::player_turn(turn_starts.back().second)) {
    turn_starts.emplace_back(sequence(), state());
    // Only delayed spectators look back (spectator_view.cpp); other games keep the latest alone.
    if (row.spectator_view != hundred_days::v1::SPECTATOR_VIEW_DELAYED_ALL)
      turn_starts.erase(turn_starts.begin(), turn_starts.end() - 1);
  }
  // The catch-up checkpoints (game_room.hpp): the latest multiples of kCheckpointEvery.
  if (sequence() > 0 && sequence() % kCheckpointEvery == 0) {
    checkpoints.emplace_back(sequence(), state());
    if (checkpoints.size() > kCheckpointsKept) checkpoints.pop_front();
  }
}

void GameRoom::commit(AppliedAction applied) {
  // The engine says when a step begins (a phase, or the phase a rule's segment opened when it
  // closes: 4.1, 12.0): every Coalition seat ends it again.
  const bool step_begun = applied.after.steps_begun != state().steps_begun;
  std::shared_ptr<const engine::GameState> before;
  if (fogged()) before = state_;
  set_state(std::move(applied.after));
  if (before) note_shown(*before, applied.events, applied.logged);
  dice_rolled += applied.logged.dice.size();
  log.push_back(std::move(applied.logged));
  if (step_begun) {
    phase_start_sequence_ = sequence();
    coalition_ended.clear();
  }
  note_turn_start();
}

engine::GameState& GameRoom::changing_state() {
  if (state_shared_) set_state(*state_);
  return *state_;
}

void GameRoom::set_state(engine::GameState next) {
  state_ = std::make_shared<engine::GameState>(std::move(next));
  state_shared_ = false;
}

void GameRoom::replay_one(const LoggedAction& logged) {
  engine::GameState& replayed = changing_state();
  const auto parsed = engine::parse_action_line(replayed, logged.action);
  if (const auto* error = std::get_if<std::string>(&parsed))
    throw std::runtime_error("game " + std::to_string(row.id) + " action " + std::to_string(logged.sequence) +
                             " no longer parses: " + *error);
  const auto& notated = std::get<engine::NotatedAction>(parsed);
  const std::uint64_t steps_before = replayed.steps_begun;
  std::optional<engine::GameState> before;
  if (fogged()) before = replayed;
  std::size_t next = 0;
  const std::vector<engine::Event> events =
      engine::apply(replayed, notated.side, notated.action, [&]() -> int {
        if (next >= logged.dice.size())
          throw std::runtime_error("game " + std::to_string(row.id) + " action " +
                                   std::to_string(logged.sequence) + " rolls more dice than were logged");
        return logged.dice[next++];
      });
  dice_rolled += logged.dice.size();
  if (hash_hex(replayed) != logged.state_hash)
    throw std::runtime_error("game " + std::to_string(row.id) + " action " + std::to_string(logged.sequence) +
                             " replays to a different state hash");
  if (replayed.steps_begun != steps_before) phase_start_sequence_ = logged.sequence;
  if (before) note_shown(*before, events, logged);
}

bool GameRoom::fogged() const {
  return engine::rule_in_force(*initial.rules, engine::kObservationRule);
}

void GameRoom::note_shown(const engine::GameState& before, const std::vector<engine::Event>& events,
                          const LoggedAction& logged) {
  for (engine::Side side : {engine::Side::French, engine::Side::Coalition}) {
    if (!engine::action_shown(before, state(), events, logged.action, side)) continue;
    const auto index = static_cast<std::size_t>(side);
    shown_[index].push_back(logged.sequence);
    if (shown_[index].size() % kCheckpointEvery != 0) continue;
    side_checkpoints[index].emplace_back(logged.sequence, state());
    if (side_checkpoints[index].size() > kCheckpointsKept) side_checkpoints[index].pop_front();
  }
}

std::uint64_t GameRoom::side_sequence_at(engine::Side side, std::uint64_t log_sequence) const {
  if (!fogged()) return log_sequence;
  const std::vector<std::uint64_t>& shown = shown_[static_cast<std::size_t>(side)];
  return static_cast<std::uint64_t>(std::upper_bound(shown.begin(), shown.end(), log_sequence) -
                                    shown.begin());
}

bool GameRoom::last_shown_to(engine::Side side) const {
  if (!fogged()) return true;
  const std::vector<std::uint64_t>& shown = shown_[static_cast<std::size_t>(side)];
  return !shown.empty() && shown.back() == sequence();
}

bool GameRoom::shown_to(engine::Side side, std::uint64_t log_sequence) const {
  if (!fogged()) return true;
  const std::vector<std::uint64_t>& shown = shown_[static_cast<std::size_t>(side)];
  return std::binary_search(shown.begin(), shown.end(), log_sequence);
}

std::uint64_t GameRoom::log_sequence_shown(engine::Side side, std::uint64_t side_sequence) const {
  if (!fogged() || side_sequence == 0) return side_sequence;
  return shown_[static_cast<std::size_t>(side)].at(side_sequence - 1);
}

bool GameRoom::replay_from(const SnapshotRow& snapshot, std::string& problem) {
  if (row.spectator_delay > 0) {
    problem = "delayed spectators need every earlier turn";
    return false;
  }
  if (fogged()) {
    problem = "16.3: what each side was shown is judged action by action";
    return false;
  }
  if (snapshot.sequence == 0 || snapshot.sequence > sequence() ||
      log[snapshot.sequence - 1].sequence != snapshot.sequence) {
    problem = "no such sequence in the log";
    return false;
  }
  if (log[snapshot.sequence - 1].state_hash != snapshot.state_hash) {
    problem = "its state hash is not the log's";
    return false;
  }
  const auto restored = engine::restore_state(initial, snapshot.state);
  if (!restored) {
    problem = "its state does not read back";
    return false;
  }
  if (hash_hex(*restored) != snapshot.state_hash) {
    problem = "its state does not hash to its state hash";
    return false;
  }
  set_state(*restored);
  dice_rolled = 0;
  for (std::size_t i = 0; i < snapshot.sequence; ++i)
    dice_rolled += log[i].dice.size();
  phase_start_sequence_ = snapshot.phase_start_sequence;
  turn_starts.clear();
  turn_starts.emplace_back(0, initial);  // only delayed spectators look further back, see above
  checkpoints.clear();
  checkpoints.emplace_back(snapshot.sequence, state());  // a resume may start from the snapshot too
  std::vector<LoggedAction> entries = std::move(log);
  log.assign(std::make_move_iterator(entries.begin()),
             std::make_move_iterator(entries.begin() + static_cast<std::ptrdiff_t>(snapshot.sequence)));
  try {
    for (std::size_t i = snapshot.sequence; i < entries.size(); ++i) {
      replay_one(entries[i]);
      log.push_back(std::move(entries[i]));
      note_turn_start();
    }
  } catch (const std::exception& error) {
    // The tail does not replay on the snapshot: put the log back whole for the full replay.
    for (std::size_t i = log.size(); i < entries.size(); ++i)
      log.push_back(std::move(entries[i]));
    problem = std::string("the log after it does not replay: ") + error.what();
    return false;
  }
  coalition_ended.clear();
  return true;
}

SnapshotRow GameRoom::snapshot() const {
  SnapshotRow out;
  out.sequence = sequence();
  out.state = engine::snapshot_state(state());
  out.state_hash = hash_hex(state());
  out.phase_start_sequence = phase_start_sequence_;
  return out;
}

void GameRoom::replay() {
  set_state(initial);
  dice_rolled = 0;
  phase_start_sequence_ = 0;
  turn_starts.clear();
  turn_starts.emplace_back(0, initial);
  checkpoints.clear();
  for (std::vector<std::uint64_t>& shown : shown_)
    shown.clear();
  for (auto& kept : side_checkpoints)
    kept.clear();
  std::vector<LoggedAction> entries = std::move(log);
  log.clear();
  for (LoggedAction& logged : entries) {
    replay_one(logged);
    log.push_back(std::move(logged));
    note_turn_start();
  }
  // An undo takes back the last action only: the states kept before it stand.
  replay_states.erase(replay_states.upper_bound(sequence()), replay_states.end());
  coalition_ended.clear();
}

}  // namespace hd::server

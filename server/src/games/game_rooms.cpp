#include "games/game_rooms.hpp"

#include "games/game_membership.hpp"
#include "log.hpp"

#include <hd/engine/rules/modules/rule_registry.hpp>
#include <hd/engine/state/rules_version.hpp>
#include <hd/loader/data_files.hpp>

#include <algorithm>
#include <climits>
#include <malloc.h>
#include <vector>

namespace hd::server {

namespace v1 = hundred_days::v1;

loader::GameChoice choice_of(const GameRow& game, bool allow_missing_rules) {
  loader::GameChoice choice;
  choice.scenario = game.scenario;
  choice.options = game.force_options;
  choice.optional_rules = game.optional_rules;
  choice.allow_missing_rules = allow_missing_rules;
  return choice;
}

GameRooms::GameRooms(GameStore& store, DeadlineStore& deadlines, const ServerConfig& config, Metrics& metrics)
    : store_(store), deadlines_(deadlines), config_(config), metrics_(metrics) {}

void GameRooms::load_unfinished() {
  for (const GameRow& game : store_.load_games()) {
    if (game.status == v1::GAME_STATUS_FINISHED) continue;  // loaded on demand
    try {
      rooms_.emplace(static_cast<std::uint64_t>(game.id), load(game));
    } catch (const std::exception& error) {
      log_event(LogLevel::Error, "game_not_resumed",
                {{"game", std::to_string(game.id)}, {"error", error.what()}});
    }
  }
  log_event(LogLevel::Info, "games_resumed", {{"games", std::to_string(rooms_.size())}});
  // The lists read a game's turn and public missing rules from its row (issue 29, finding 3): fill
  // them in for games stored before migration 0011, and keep them current.
  for (auto& [id, room] : rooms_)
    write_summary_fields(*room);
  repair_half_made_games();
  report_rooms();
}

std::unique_ptr<GameRoom> GameRooms::load(const GameRow& game) {
  if (game.rules_version != engine::kRulesVersion)
    throw RulesVersionMismatch("game " + std::to_string(game.id) + " was played under rules version " +
                               std::to_string(game.rules_version) + " and this server plays rules version " +
                               std::to_string(engine::kRulesVersion) +
                               ": it cannot be opened or replayed here (its log would give another game)");
  const auto choice = choice_of(game, config_.allow_missing_rules && !game.missing_rules.empty());
  auto started = loader::start_scenario_game(config_.data_root, choice);
  if (!started.value) {
    throw std::runtime_error("game " + std::to_string(game.id) + ": the scenario no longer loads" +
                             (started.errors.empty() ? "" : ": " + started.errors.front().message));
  }
  // A not-by-the-book game is pinned to the rules the engine lacked when it was made: once a module
  // for one of them exists (10.0 and 14.0 did), its log would replay to another game.
  // (The rules are not named: a secret option's could be among them.)
  if (started.value->rules->missing_rules != game.missing_rules)
    throw RulesVersionMismatch(
        "game " + std::to_string(game.id) +
        " is not played by the book, and the engine has gained rules it lacked when the "
        "game was made: it cannot be opened or replayed here (its log would give "
        "another game)");
  const auto snapshot = store_.latest_snapshot(game.id);
  std::unique_ptr<GameRoom> room;
  if (snapshot) {
    std::string problem;
    room = std::make_unique<GameRoom>(game, store_.load_seats(game.id), std::move(*started.value),
                                      store_.load_actions(game.id), *snapshot, problem);
    if (problem.empty()) {
      log_event(LogLevel::Info, "game_rebuilt_from_snapshot",
                {{"game", std::to_string(game.id)},
                 {"snapshot", std::to_string(snapshot->sequence)},
                 {"replayed", std::to_string(room->sequence() - snapshot->sequence)}});
    } else {
      // A cache that cannot be trusted: the whole log was replayed instead.
      log_event(LogLevel::Warning, "snapshot_not_used",
                {{"game", std::to_string(game.id)},
                 {"snapshot", std::to_string(snapshot->sequence)},
                 {"reason", problem}});
    }
  } else {
    room = std::make_unique<GameRoom>(game, store_.load_seats(game.id), std::move(*started.value),
                                      store_.load_actions(game.id));
  }
  room->min_undone_sequence = store_.min_undone_sequence(game.id);
  room->coalition_ended = store_.load_phase_ends(game.id, room->phase_start_sequence());
  room->deadline = deadlines_.load_state(game.id, config_.deadline_hour_seconds);
  return room;
}

GameRoom* GameRooms::find(std::uint64_t game_id, AccountId account) {
  if (const auto it = rooms_.find(game_id); it != rooms_.end()) {
    GameRoom& room = *it->second;
    // A finished game answers a stranger alike whether or not someone else has it loaded.
    if (room.row.status == v1::GAME_STATUS_FINISHED && !belongs_to_game(room.row, room.seats, account))
      return nullptr;
    room.last_used = ++use_counter_;
    room.last_used_at = Clock::now();
    return &room;
  }
  if (game_id == 0 || game_id > static_cast<std::uint64_t>(INT64_MAX)) return nullptr;
  const auto row = store_.load_game(static_cast<std::int64_t>(game_id));
  // Membership from the rows before any replay: a stranger's guesses load nothing (issue 15).
  if (!row || !belongs_to_game(*row, store_.load_seats(row->id), account)) return nullptr;
  auto room = load(*row);
  log_event(LogLevel::Info, "game_loaded",
            {{"game", std::to_string(game_id)}, {"account", std::to_string(account)}});
  GameRoom* raw = room.get();
  raw->last_used = ++use_counter_;
  // The connections that had it open when it was evicted have it open again (issue 29, finding 5).
  if (auto kept = dormant_.extract(game_id)) raw->subscribers = std::move(kept.mapped());
  rooms_.emplace(game_id, std::move(room));
  report_rooms();  // before anyone is answered
  return raw;
}

GameRoom* GameRooms::find_for_upkeep(std::uint64_t game_id) {
  if (GameRoom* room = loaded(game_id)) return room;
  const auto row = store_.load_game(static_cast<std::int64_t>(game_id));
  if (!row) return nullptr;
  auto room = load(*row);
  log_event(LogLevel::Info, "game_loaded", {{"game", std::to_string(game_id)}, {"by", "server"}});
  GameRoom* raw = room.get();
  raw->last_used = ++use_counter_;
  if (auto kept = dormant_.extract(game_id)) raw->subscribers = std::move(kept.mapped());
  rooms_.emplace(game_id, std::move(room));
  report_rooms();
  return raw;
}

GameRoom* GameRooms::loaded(std::uint64_t game_id) {
  const auto it = rooms_.find(game_id);
  return it == rooms_.end() ? nullptr : it->second.get();
}

GameRoom& GameRooms::add(std::unique_ptr<GameRoom> room) {
  GameRoom& added = *room;
  added.last_used = ++use_counter_;
  rooms_.emplace(static_cast<std::uint64_t>(room->row.id), std::move(room));
  report_rooms();
  return added;
}

void GameRooms::evict_finished(const std::set<std::uint64_t>& keep) {
  // (last used, id) of the finished games nobody has open; the most recently used few stay, so a
  // repeated ListGames MINE does not reload (replay) the same finished games every time.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> idle;
  for (const auto& [id, room] : rooms_)
    if (room->row.status == v1::GAME_STATUS_FINISHED && room->subscribers.empty() && !keep.count(id))
      idle.emplace_back(room->last_used, id);
  if (idle.size() > config_.finished_games_in_memory) {
    std::sort(idle.begin(), idle.end());
    for (std::size_t i = 0; i < idle.size() - config_.finished_games_in_memory; ++i)
      rooms_.erase(idle[i].second);
    report_rooms();
  }
}

bool GameRooms::evictable(std::uint64_t id, const GameRoom& room, const std::set<std::uint64_t>& keep) const {
  if (keep.count(id)) return false;  // a built-in step is on its way
  // An open game stays: a join by invite code and the per-account caps look at the rooms, and open
  // games are bounded by max-open-games-per-account and expire.
  if (room.row.status == v1::GAME_STATUS_OPEN) return false;
  // A running game with no human seat plays itself (bounded by max-unattended-games-per-account).
  if (room.row.status == v1::GAME_STATUS_RUNNING &&
      std::all_of(room.seats.begin(), room.seats.end(), [](const SeatRow& seat) { return seat.built_in; }))
    return false;
  // Issue 16: a standing order is about to play in it (pin_when).
  if (pinned_ && pinned_(room)) return false;
  // A catch-up under way replays from the room's states.
  return std::none_of(room.subscribers.begin(), room.subscribers.end(),
                      [](const auto& entry) { return entry.second.catching_up; });
}

void GameRooms::write_summary_fields(GameRoom& room) {
  const std::string turn = room.state().current_turn().name.to_string();
  const auto missing = engine::public_missing_rules(*room.state().rules);
  if (turn == room.row.turn_label && missing == room.row.public_missing_rules) return;
  store_.set_summary_fields(room.row.id, turn, missing);
  room.row.turn_label = turn;
  room.row.public_missing_rules = missing;
}

void GameRooms::evict(Rooms::iterator it) {
  GameRoom& room = *it->second;
  // The lists show an unloaded game's turn from its row (issue 29, finding 3).
  if (room.row.status == v1::GAME_STATUS_RUNNING) write_summary_fields(room);
  if (!room.subscribers.empty()) dormant_[it->first] = std::move(room.subscribers);
  rooms_.erase(it);
}

std::size_t GameRooms::evict_idle(Clock::time_point now, const std::set<std::uint64_t>& keep) {
  std::size_t evicted = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> candidates;  // (last used, id), still loaded
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    const auto next = std::next(it);
    if (evictable(it->first, *it->second, keep)) {
      if (now - it->second->last_used_at >= config_.room_idle) {
        evict(it);
        ++evicted;
      } else {
        candidates.emplace_back(it->second->last_used, it->first);
      }
    }
    it = next;
  }
  if (rooms_.size() > config_.max_rooms_in_memory) {
    std::sort(candidates.begin(), candidates.end());
    for (const auto& [last_used, id] : candidates) {
      if (rooms_.size() <= config_.max_rooms_in_memory) break;
      evict(rooms_.find(id));
      ++evicted;
    }
  }
  if (evicted > 0) {
    metrics_.count_rooms_evicted(evicted);
    report_rooms();
    malloc_trim(0);  // glibc keeps freed memory otherwise (docs/soak.md has the figures)
    log_event(LogLevel::Info, "rooms_evicted",
              {{"rooms", std::to_string(evicted)}, {"in_memory", std::to_string(rooms_.size())}});
  }
  return evicted;
}

void GameRooms::enforce_cap(Clock::time_point now, const std::set<std::uint64_t>& keep) {
  if (rooms_.size() > config_.max_rooms_in_memory) evict_idle(now, keep);
}

void GameRooms::touch(GameRoom& room) {
  room.last_used = ++use_counter_;
  room.last_used_at = Clock::now();
}

GameRoom* GameRooms::unsubscribe(std::uint64_t game_id, ConnectionId connection) {
  if (const auto it = rooms_.find(game_id); it != rooms_.end()) {
    it->second->subscribers.erase(connection);
    return it->second.get();
  }
  if (const auto kept = dormant_.find(game_id); kept != dormant_.end()) {
    kept->second.erase(connection);
    if (kept->second.empty()) dormant_.erase(kept);
  }
  return nullptr;
}

std::size_t GameRooms::estimated_bytes(const GameRoom& room) {
  // Derived from resident memory per room measured on quatre-bras (docs/soak.md): a room's own
  // ruleset (map, scenario, tables) and first state, then each further state it keeps, then its log.
  constexpr std::size_t kFixedBytes = 160 * 1024;
  constexpr std::size_t kStateBytes = 40 * 1024;
  constexpr std::size_t kLoggedActionBytes = sizeof(LoggedAction) + 64;  // its strings and dice
  const std::size_t states = 1 + room.turn_starts.size() + room.checkpoints.size();
  return kFixedBytes + states * kStateBytes + room.log.size() * kLoggedActionBytes;
}

void GameRooms::report_rooms() {
  std::size_t bytes = 0;
  for (const auto& [id, room] : rooms_)
    bytes += estimated_bytes(*room);
  metrics_.set_games_in_memory(static_cast<std::int64_t>(rooms_.size()));
  metrics_.set_rooms_bytes(static_cast<std::int64_t>(bytes));
}

void GameRooms::repair_half_made_games() {
  for (auto& [id, room] : rooms_) {
    if (room->row.status != v1::GAME_STATUS_OPEN || !room->every_human_seat_taken()) continue;
    store_.set_status(room->row.id, v1::GAME_STATUS_RUNNING);
    room->row.status = v1::GAME_STATUS_RUNNING;
    log_event(LogLevel::Warning, "game_repaired",
              {{"game", std::to_string(id)}, {"why", "open with every human seat taken: marked running"}});
  }
}

std::size_t GameRooms::unattended_games_of(AccountId account) const {
  std::size_t count = 0;
  for (const auto& [id, room] : rooms_) {
    if (room->row.creator != account || room->row.status == v1::GAME_STATUS_FINISHED) continue;
    bool human = false;
    for (const SeatRow& seat : room->seats)
      human = human || !seat.built_in;
    if (!human) ++count;
  }
  return count;
}

std::size_t GameRooms::open_games_of(AccountId account) const {
  return static_cast<std::size_t>(std::count_if(rooms_.begin(), rooms_.end(), [&](const auto& entry) {
    return entry.second->row.creator == account && entry.second->row.status == v1::GAME_STATUS_OPEN;
  }));
}

void GameRooms::report_games() {
  const auto counts = store_.count_by_status();
  metrics_.set_games(counts[0], counts[1], counts[2]);
}

}  // namespace hd::server

#include "games/game_store.hpp"

#include "games/deadline_store.hpp"
#include "games/dice.hpp"

#include <hd/wire/secret_commitment.hpp>

#include <ctime>
#include <map>
#include <sstream>

namespace hd::server {

namespace v1 = hundred_days::v1;

namespace {

std::string join_lines(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += '\n';
    out += item;
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> items;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) items.push_back(line);
  return items;
}

std::string join_dice(const std::vector<int>& dice) {
  std::string out;
  for (int die : dice) {
    if (!out.empty()) out += ' ';
    out += std::to_string(die);
  }
  return out;
}

std::vector<int> split_dice(const std::string& text) {
  std::vector<int> dice;
  std::istringstream in(text);
  int die = 0;
  while (in >> die)
    dice.push_back(die);
  return dice;
}

std::int64_t now_unix() {
  return static_cast<std::int64_t>(std::time(nullptr));
}

GameRow read_game(const Statement& row) {
  GameRow game;
  game.id = row.column_int64(0);
  game.scenario = row.column_text(1);
  game.title = row.column_text(2);
  game.force_options = split_lines(row.column_text(3));
  game.optional_rules = split_lines(row.column_text(4));
  game.status = static_cast<v1::GameStatus>(row.column_int64(5));
  game.public_listing = row.column_int64(6) != 0;
  game.invite_code = row.column_text(7);
  game.spectator_view = static_cast<v1::SpectatorView>(row.column_int64(8));
  game.spectator_delay = static_cast<int>(row.column_int64(9));
  game.dice_seed = from_hex(row.column_text(10)).value_or("");
  game.seed_commitment = row.column_text(11);
  game.creator = row.column_int64(12);
  game.created_unix = row.column_int64(13);
  game.result.words = row.column_text(14);
  game.result.end = static_cast<v1::GameEnd>(row.column_int64(20));
  game.result.winner = static_cast<v1::Side>(row.column_int64(21));
  game.missing_rules = split_lines(row.column_text(15));
  game.rules_version = static_cast<int>(row.column_int64(16));
  game.turn_label = row.column_text(17);
  game.public_missing_rules = split_lines(row.column_text(18));
  game.closed_before_start = row.column_int64(19) != 0;
  return game;
}

constexpr const char* kGameColumns =
    "SELECT id, scenario, title, force_options, optional_rules, status, public_listing, invite_code, "
    "spectator_view, spectator_delay, dice_seed, seed_commitment, creator_account, created_unix, result, "
    "missing_rules, rules_version, turn_label, public_missing_rules, closed_before_start, result_end, "
    "result_winner FROM games";

}  // namespace

std::int64_t GameStore::insert_game(const GameRow& game, const std::vector<SeatRow>& seats) {
  std::int64_t id = 0;
  in_transaction(db_, [&] {
    db_.prepare(
           "INSERT INTO games (scenario, title, force_options, optional_rules, status, public_listing, "
           "invite_code, spectator_view, spectator_delay, dice_seed, seed_commitment, creator_account, "
           "created_unix, missing_rules, rules_version, turn_label, public_missing_rules) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(1, game.scenario)
        .bind(2, game.title)
        .bind(3, join_lines(game.force_options))
        .bind(4, join_lines(game.optional_rules))
        .bind(5, static_cast<std::int64_t>(game.status))
        .bind(6, std::int64_t{game.public_listing ? 1 : 0})
        .bind(7, game.invite_code)
        .bind(8, static_cast<std::int64_t>(game.spectator_view))
        .bind(9, std::int64_t{game.spectator_delay})
        .bind(10, to_hex(game.dice_seed))
        .bind(11, game.seed_commitment)
        .bind(12, game.creator)
        .bind(13, game.created_unix)
        .bind(14, join_lines(game.missing_rules))
        .bind(15, std::int64_t{game.rules_version})
        .bind(16, game.turn_label)
        .bind(17, join_lines(game.public_missing_rules))
        .run();
    id = std::stoll(db_.query_text("SELECT last_insert_rowid()"));
    if (game.deadline.hours() > 0) DeadlineStore(db_).insert(id, game.deadline);
    for (const SeatRow& seat : seats) {
      db_.prepare(
             "INSERT INTO game_seats (game_id, seat, built_in, account_id, entropy) "
             "VALUES (?, ?, ?, NULLIF(?, 0), ?)")
          .bind(1, id)
          .bind(2, static_cast<std::int64_t>(seat.seat))
          .bind(3, std::int64_t{seat.built_in ? 1 : 0})
          .bind(4, seat.account.value_or(0))
          .bind(5, to_hex(seat.entropy))
          .run();
    }
    for (SecretChoiceRow secret : game.secrets) {
      // The commitment binds the game's id, known only now.
      secret.commitment =
          wire::secret_commitment(static_cast<std::uint64_t>(id), secret.choice_id, secret.choice, secret.nonce);
      insert_secret(id, secret);
    }
  });
  return id;
}

void GameStore::update_seat(std::int64_t game, const SeatRow& seat) {
  db_.prepare("UPDATE game_seats SET account_id = NULLIF(?, 0), entropy = ? WHERE game_id = ? AND seat = ?")
      .bind(1, seat.account.value_or(0))
      .bind(2, to_hex(seat.entropy))
      .bind(3, game)
      .bind(4, static_cast<std::int64_t>(seat.seat))
      .run();
}

void GameStore::set_status(std::int64_t game, v1::GameStatus status, const GameOutcome& result) {
  db_.prepare(
         "UPDATE games SET status = ?, result = ?, result_end = ?, result_winner = ?, "
         "finished_unix = CASE WHEN ? = 3 THEN ? ELSE finished_unix END WHERE id = ?")
      .bind(1, static_cast<std::int64_t>(status))
      .bind(2, result.words)
      .bind(3, static_cast<std::int64_t>(result.end))
      .bind(4, static_cast<std::int64_t>(result.winner))
      .bind(5, static_cast<std::int64_t>(status))
      .bind(6, now_unix())
      .bind(7, game)
      .run();
}

void GameStore::append_action(std::int64_t game, const LoggedAction& action) {
  db_.prepare(
         "INSERT INTO game_actions (game_id, sequence, seat, account_id, request_id, action, dice, "
         "first_die, state_hash, unix_seconds, request_digest, by_standing_order) "
         "VALUES (?, ?, ?, NULLIF(?, 0), ?, ?, ?, ?, ?, ?, NULLIF(?, ''), ?)")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(action.sequence))
      .bind(3, static_cast<std::int64_t>(action.seat))
      .bind(4, action.account.value_or(0))
      .bind(5, static_cast<std::int64_t>(action.request_id))
      .bind(6, action.action)
      .bind(7, join_dice(action.dice))
      .bind(8, static_cast<std::int64_t>(action.first_die))
      .bind(9, action.state_hash)
      .bind(10, action.unix_seconds)
      .bind(11, action.request_digest)
      .bind(12, static_cast<std::int64_t>(action.by_standing_order))
      .run();
}

void GameStore::delete_action(std::int64_t game, std::uint64_t sequence) {
  db_.prepare("DELETE FROM game_actions WHERE game_id = ? AND sequence = ?")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(sequence))
      .run();
}

void GameStore::log_undo(std::int64_t game, std::uint64_t sequence, const std::string& action,
                         const std::string& event, AccountId account) {
  db_.prepare(
         "INSERT INTO game_undo_log (game_id, sequence, action, event, account_id, unix_seconds) "
         "VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(sequence))
      .bind(3, action)
      .bind(4, event)
      .bind(5, account)
      .bind(6, now_unix())
      .run();
}

void GameStore::record_undone_request(std::int64_t game, const LoggedAction& action) {
  db_.prepare(
         "INSERT OR REPLACE INTO undone_requests "
         "(game_id, account_id, request_id, request_digest, sequence, unix_seconds) "
         "VALUES (?, ?, ?, NULLIF(?, ''), ?, ?)")
      .bind(1, game)
      .bind(2, action.account.value_or(0))
      .bind(3, static_cast<std::int64_t>(action.request_id))
      .bind(4, action.request_digest)
      .bind(5, static_cast<std::int64_t>(action.sequence))
      .bind(6, now_unix())
      .run();
}

std::optional<UndoneRequest> GameStore::undone_request(std::int64_t game, AccountId account,
                                                       std::uint64_t request_id) {
  auto statement = db_.prepare(
      "SELECT sequence, IFNULL(request_digest, '') FROM undone_requests "
      "WHERE game_id = ? AND account_id = ? AND request_id = ?");
  statement.bind(1, game).bind(2, account).bind(3, static_cast<std::int64_t>(request_id));
  if (!statement.step()) return std::nullopt;
  return UndoneRequest{static_cast<std::uint64_t>(statement.column_int64(0)), statement.column_text(1)};
}

std::uint64_t GameStore::min_undone_sequence(std::int64_t game) {
  auto statement = db_.prepare(
      "SELECT IFNULL(MIN(sequence), 0) FROM game_undo_log WHERE game_id = ? AND event = 'accept'");
  statement.bind(1, game);
  return statement.step() ? static_cast<std::uint64_t>(statement.column_int64(0)) : 0;
}

void GameStore::save_phase_ends(std::int64_t game, std::uint64_t phase_start_sequence,
                                const std::set<v1::Seat>& seats) {
  db_.prepare("DELETE FROM game_phase_ends WHERE game_id = ?").bind(1, game).run();
  for (v1::Seat seat : seats)
    db_.prepare("INSERT INTO game_phase_ends (game_id, seat, phase_start_sequence) VALUES (?, ?, ?)")
        .bind(1, game)
        .bind(2, static_cast<std::int64_t>(seat))
        .bind(3, static_cast<std::int64_t>(phase_start_sequence))
        .run();
}

std::set<v1::Seat> GameStore::load_phase_ends(std::int64_t game, std::uint64_t phase_start_sequence) {
  auto statement =
      db_.prepare("SELECT seat FROM game_phase_ends WHERE game_id = ? AND phase_start_sequence = ?");
  statement.bind(1, game).bind(2, static_cast<std::int64_t>(phase_start_sequence));
  std::set<v1::Seat> seats;
  while (statement.step())
    seats.insert(static_cast<v1::Seat>(statement.column_int64(0)));
  return seats;
}

void GameStore::save_snapshot(std::int64_t game, const SnapshotRow& snapshot) {
  in_transaction(db_, [&] {
    db_.prepare(
           "INSERT OR REPLACE INTO game_snapshots (game_id, sequence, state, state_hash, "
           "phase_start_sequence, "
           "phase_start_dice) VALUES (?, ?, ?, ?, ?, 0)")
        .bind(1, game)
        .bind(2, static_cast<std::int64_t>(snapshot.sequence))
        .bind(3, snapshot.state)
        .bind(4, snapshot.state_hash)
        .bind(5, static_cast<std::int64_t>(snapshot.phase_start_sequence))
        .run();
    db_.prepare("DELETE FROM game_snapshots WHERE game_id = ? AND sequence < ?")
        .bind(1, game)
        .bind(2, static_cast<std::int64_t>(snapshot.sequence))
        .run();
  });
}

std::optional<SnapshotRow> GameStore::latest_snapshot(std::int64_t game) {
  auto statement = db_.prepare(
      "SELECT sequence, state, state_hash, phase_start_sequence FROM game_snapshots "
      "WHERE game_id = ? ORDER BY sequence DESC LIMIT 1");
  statement.bind(1, game);
  if (!statement.step()) return std::nullopt;
  SnapshotRow row;
  row.sequence = static_cast<std::uint64_t>(statement.column_int64(0));
  row.state = statement.column_text(1);
  row.state_hash = statement.column_text(2);
  row.phase_start_sequence = static_cast<std::uint64_t>(statement.column_int64(3));
  return row;
}

void GameStore::delete_snapshots_from(std::int64_t game, std::uint64_t sequence) {
  db_.prepare("DELETE FROM game_snapshots WHERE game_id = ? AND sequence >= ?")
      .bind(1, game)
      .bind(2, static_cast<std::int64_t>(sequence))
      .run();
}

void GameStore::insert_chat(std::int64_t game, AccountId account, const ChatRow& chat) {
  db_.prepare(
         "INSERT INTO game_chat (game_id, account_id, channel, side, text, unix_seconds) "
         "VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, game)
      .bind(2, account)
      .bind(3, static_cast<std::int64_t>(chat.channel))
      .bind(4, std::int64_t{chat.side})
      .bind(5, chat.text)
      .bind(6, chat.unix_seconds)
      .run();
}

std::vector<ChatRow> GameStore::recent_chat(std::int64_t game, int limit) {
  auto statement = db_.prepare(
      "SELECT c.channel, c.side, a.username, c.text, c.unix_seconds FROM game_chat c "
      "JOIN accounts a ON a.id = c.account_id WHERE c.game_id = ? ORDER BY c.id DESC LIMIT ?");
  statement.bind(1, game).bind(2, std::int64_t{limit});
  std::vector<ChatRow> rows;
  while (statement.step()) {
    ChatRow row;
    row.channel = static_cast<v1::ChatChannel>(statement.column_int64(0));
    row.side = static_cast<int>(statement.column_int64(1));
    row.from = statement.column_text(2);
    row.text = statement.column_text(3);
    row.unix_seconds = statement.column_int64(4);
    rows.push_back(std::move(row));
  }
  return {rows.rbegin(), rows.rend()};
}

std::vector<GameRow> GameStore::load_games() {
  auto statement = db_.prepare(std::string(kGameColumns) + " ORDER BY id");
  std::vector<GameRow> games;
  while (statement.step())
    games.push_back(read_game(statement));
  for (GameRow& game : games)
    game.secrets = load_secrets(game.id);
  return games;
}

std::optional<GameRow> GameStore::load_game(std::int64_t game) {
  auto statement = db_.prepare(std::string(kGameColumns) + " WHERE id = ?");
  statement.bind(1, game);
  if (!statement.step()) return std::nullopt;
  GameRow row = read_game(statement);
  row.secrets = load_secrets(game);
  return row;
}

void GameStore::insert_secret(std::int64_t game, const SecretChoiceRow& secret) {
  db_.prepare(
         "INSERT INTO game_secrets (game_id, choice_id, seat, choice, nonce, commitment) "
         "VALUES (?, ?, ?, ?, ?, ?)")
      .bind(1, game)
      .bind(2, secret.choice_id)
      .bind(3, static_cast<std::int64_t>(secret.seat))
      .bind(4, secret.choice)
      .bind(5, to_hex(secret.nonce))
      .bind(6, secret.commitment)
      .run();
}

std::vector<SecretChoiceRow> GameStore::load_secrets(std::int64_t game) {
  auto statement = db_.prepare(
      "SELECT choice_id, seat, choice, nonce, commitment FROM game_secrets WHERE game_id = ? ORDER BY "
      "rowid");
  statement.bind(1, game);
  std::vector<SecretChoiceRow> secrets;
  while (statement.step()) {
    SecretChoiceRow secret;
    secret.choice_id = statement.column_text(0);
    secret.seat = static_cast<v1::Seat>(statement.column_int64(1));
    secret.choice = statement.column_text(2);
    secret.nonce = from_hex(statement.column_text(3)).value_or("");
    secret.commitment = statement.column_text(4);
    secrets.push_back(std::move(secret));
  }
  return secrets;
}

std::vector<SeatRow> GameStore::load_seats(std::int64_t game) {
  auto statement = db_.prepare(
      "SELECT s.seat, s.built_in, s.account_id, a.username, s.entropy FROM game_seats s "
      "LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ? ORDER BY s.seat");
  statement.bind(1, game);
  std::vector<SeatRow> seats;
  while (statement.step()) {
    SeatRow seat;
    seat.seat = static_cast<v1::Seat>(statement.column_int64(0));
    seat.built_in = statement.column_int64(1) != 0;
    if (!statement.column_is_null(2)) {
      seat.account = statement.column_int64(2);
      seat.username = statement.column_text(3);
    }
    seat.entropy = from_hex(statement.column_text(4)).value_or("");
    seats.push_back(std::move(seat));
  }
  return seats;
}

std::vector<LoggedAction> GameStore::load_actions(std::int64_t game) {
  auto statement = db_.prepare(
      "SELECT sequence, seat, account_id, request_id, action, dice, first_die, state_hash, unix_seconds, "
      "IFNULL(request_digest, ''), by_standing_order FROM game_actions WHERE game_id = ? ORDER BY sequence");
  statement.bind(1, game);
  std::vector<LoggedAction> actions;
  while (statement.step()) {
    LoggedAction action;
    action.sequence = static_cast<std::uint64_t>(statement.column_int64(0));
    action.seat = static_cast<v1::Seat>(statement.column_int64(1));
    if (!statement.column_is_null(2)) action.account = statement.column_int64(2);
    action.request_id = static_cast<std::uint64_t>(statement.column_int64(3));
    action.action = statement.column_text(4);
    action.dice = split_dice(statement.column_text(5));
    action.first_die = static_cast<std::uint64_t>(statement.column_int64(6));
    action.state_hash = statement.column_text(7);
    action.unix_seconds = statement.column_int64(8);
    action.request_digest = statement.column_text(9);
    action.by_standing_order = statement.column_int64(10) != 0;
    actions.push_back(std::move(action));
  }
  return actions;
}

std::vector<std::int64_t> GameStore::games_of_account(AccountId account) {
  auto statement = db_.prepare("SELECT DISTINCT game_id FROM game_seats WHERE account_id = ?");
  statement.bind(1, account);
  std::vector<std::int64_t> games;
  while (statement.step())
    games.push_back(statement.column_int64(0));
  return games;
}

std::size_t GameStore::games_created_since(AccountId account, std::int64_t since_unix) {
  auto statement = db_.prepare("SELECT COUNT(*) FROM games WHERE creator_account = ? AND created_unix >= ?");
  statement.bind(1, account).bind(2, since_unix);
  return statement.step() ? static_cast<std::size_t>(statement.column_int64(0)) : 0;
}

std::vector<GameStore::ListedGame> GameStore::list_page(v1::GameListFilter filter, AccountId account,
                                                        std::int64_t before_id, std::size_t limit) {
  // The page's game ids, by an index: game_seats_by_account_game (MINE) or games_by_status.
  std::string ids;
  switch (filter) {
    case v1::GAME_LIST_FILTER_MINE:
      ids =
          "SELECT DISTINCT game_id FROM game_seats WHERE account_id = ?1 AND game_id < ?2 "
          "ORDER BY game_id DESC LIMIT ?3";
      break;
    case v1::GAME_LIST_FILTER_OPEN:
      ids =
          "SELECT id FROM games WHERE status = 1 AND public_listing = 1 AND id < ?2 AND ?1 = ?1 "
          "ORDER BY id DESC LIMIT ?3";
      break;
    case v1::GAME_LIST_FILTER_SPECTATABLE:
      ids =
          "SELECT id FROM games WHERE status = 2 AND public_listing = 1 AND spectator_view != 0 "
          "AND id < ?2 AND ?1 = ?1 ORDER BY id DESC LIMIT ?3";
      break;
    default:
      return {};
  }
  std::vector<ListedGame> page;
  std::map<std::int64_t, std::size_t> index;
  auto games = db_.prepare(std::string(kGameColumns) + " WHERE id IN (" + ids + ") ORDER BY id DESC");
  games.bind(1, account).bind(2, before_id).bind(3, static_cast<std::int64_t>(limit));
  while (games.step()) {
    ListedGame listed;
    listed.row = read_game(games);
    listed.row.dice_seed.clear();  // never needed in a list
    index[listed.row.id] = page.size();
    page.push_back(std::move(listed));
  }
  if (page.empty()) return page;
  auto seats = db_.prepare(
      "SELECT s.game_id, s.seat, s.built_in, s.account_id, IFNULL(a.username, '') FROM game_seats s "
      "LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id IN (" +
      ids + ") ORDER BY s.game_id, s.seat");
  seats.bind(1, account).bind(2, before_id).bind(3, static_cast<std::int64_t>(limit));
  while (seats.step()) {
    const auto found = index.find(seats.column_int64(0));
    if (found == index.end()) continue;
    SeatRow seat;
    seat.seat = static_cast<v1::Seat>(seats.column_int64(1));
    seat.built_in = seats.column_int64(2) != 0;
    if (!seats.column_is_null(3)) seat.account = seats.column_int64(3);
    seat.username = seats.column_text(4);
    page[found->second].seats.push_back(std::move(seat));
  }
  return page;
}

void GameStore::set_summary_fields(std::int64_t game, const std::string& turn_label,
                                   const std::vector<std::string>& public_missing_rules) {
  db_.prepare("UPDATE games SET turn_label = ?, public_missing_rules = ? WHERE id = ?")
      .bind(1, turn_label)
      .bind(2, join_lines(public_missing_rules))
      .bind(3, game)
      .run();
}

std::vector<std::int64_t> GameStore::open_games_created_before(std::int64_t cutoff_unix, std::size_t limit) {
  auto statement =
      db_.prepare("SELECT id FROM games WHERE status = 1 AND created_unix <= ? ORDER BY id LIMIT ?");
  statement.bind(1, cutoff_unix).bind(2, static_cast<std::int64_t>(limit));
  std::vector<std::int64_t> ids;
  while (statement.step())
    ids.push_back(statement.column_int64(0));
  return ids;
}

bool GameStore::close_before_start(std::int64_t game, const GameOutcome& result) {
  db_.prepare(
         "UPDATE games SET status = 3, result = ?, result_end = ?, result_winner = ?, finished_unix = ?, "
         "closed_before_start = 1 WHERE id = ? AND status = 1")
      .bind(1, result.words)
      .bind(2, static_cast<std::int64_t>(result.end))
      .bind(3, static_cast<std::int64_t>(result.winner))
      .bind(4, now_unix())
      .bind(5, game)
      .run();
  return db_.query_text("SELECT changes()") != "0";
}

std::array<std::int64_t, 3> GameStore::count_by_status() {
  std::array<std::int64_t, 3> counts{};
  Statement select = db_.prepare("SELECT status, count(*) FROM games GROUP BY status");
  while (select.step()) {
    const std::int64_t status = select.column_int64(0);
    if (status >= 1 && status <= 3) counts[static_cast<std::size_t>(status - 1)] = select.column_int64(1);
  }
  return counts;
}

}  // namespace hd::server

// The games' rows in SQLite (migrations/0003_games.sql): games, seats, the action log, chat and
// the undo log. Plain reads and writes; the caller groups writes into transactions.
#pragma once

#include "app/caller.hpp"
#include "database.hpp"

#include <hundred_days/v1/protocol.pb.h>

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hd::server {

// A secret written choice of a game (18.5C's force option; migrations/0009, docs/commitments.md).
// `choice` and `nonce` are secret until the rules reveal the choice; `commitment` is public.
struct SecretChoiceRow {
  std::string choice_id;  // e.g. "18.5C"
  hundred_days::v1::Seat seat = hundred_days::v1::SEAT_UNSPECIFIED;
  std::string choice;      // the option id when chosen, "none" when not
  std::string nonce;       // raw bytes, 32
  std::string commitment;  // hd::wire::secret_commitment over (game id, choice_id, choice, nonce)
};

// How a finished game ended: typed for the clients (migrations/0012) and in words for people.
struct GameOutcome {
  hundred_days::v1::GameEnd end = hundred_days::v1::GAME_END_UNSPECIFIED;
  hundred_days::v1::Side winner = hundred_days::v1::SIDE_UNSPECIFIED;
  std::string words;
};

struct GameRow {
  std::int64_t id = 0;
  std::string scenario;
  std::string title;
  std::vector<std::string> force_options;
  std::vector<std::string> optional_rules;
  std::vector<std::string> missing_rules;  // rules in force without a module: not by the book (dev only)
  int rules_version = 0;                   // engine::kRulesVersion when the game was created (0007)
  hundred_days::v1::GameStatus status = hundred_days::v1::GAME_STATUS_OPEN;
  bool public_listing = false;
  std::string invite_code;
  hundred_days::v1::SpectatorView spectator_view = hundred_days::v1::SPECTATOR_VIEW_UNSPECIFIED;
  int spectator_delay = 0;
  std::string dice_seed;  // raw bytes
  std::string seed_commitment;
  AccountId creator = 0;
  std::int64_t created_unix = 0;
  GameOutcome result;                    // FINISHED: how it ended
  std::vector<SecretChoiceRow> secrets;  // one per secret option of the scenario, chosen or not
  // For the summaries read without the game (migrations/0011): the turn it stands at, as stored, and
  // the rules without a module that are public (engine::public_missing_rules: none of a secret).
  std::string turn_label;
  std::vector<std::string> public_missing_rules;
  bool closed_before_start = false;         // finished before it started: expired or withdrawn (0011)
  hundred_days::v1::TurnDeadline deadline;  // issue 16: hours 0 for none (written by insert_game, 0015)
};

struct SeatRow {
  hundred_days::v1::Seat seat = hundred_days::v1::SEAT_UNSPECIFIED;
  bool built_in = false;
  std::optional<AccountId> account;
  std::string username;  // of the account (read only)
  std::string entropy;   // raw bytes
};

// One entry of the action log.
struct LoggedAction {
  std::uint64_t sequence = 0;
  hundred_days::v1::Seat seat = hundred_days::v1::SEAT_UNSPECIFIED;
  std::optional<AccountId> account;
  std::uint64_t request_id = 0;
  std::string request_digest;   // request_digest() of its SubmitAction ('': built-in, or logged before 0010)
  std::string action;           // notation without dice
  std::vector<int> dice;        // the dice it rolled, in order
  std::uint64_t first_die = 0;  // game-wide number of dice[0]
  std::string state_hash;       // 16 hex digits
  std::int64_t unix_seconds = 0;
  bool by_standing_order = false;  // issue 16: taken for the absent owner by a standing order (0016)
};

// A snapshot of a game's state after one logged action (migrations/0005, a cache).
struct SnapshotRow {
  std::uint64_t sequence = 0;
  std::string state;       // engine::snapshot_state
  std::string state_hash;  // 16 hex digits
  std::uint64_t phase_start_sequence = 0;
  // (Column phase_start_dice, read by no one since rules version 5: the engine counts a step's
  // dice itself, GameState::dice_this_step. Written as 0.)
};

// An account's action taken back by undo (migrations/0010): its request is never applied again.
struct UndoneRequest {
  std::uint64_t sequence = 0;  // the sequence the action had
  std::string request_digest;  // its request's digest ('': logged before migration 0010)
};

struct ChatRow {
  hundred_days::v1::ChatChannel channel = hundred_days::v1::CHAT_CHANNEL_ALL;
  int side = 0;  // SIDE channel: protocol Side
  std::string from;
  std::string text;
  std::int64_t unix_seconds = 0;
};

class GameStore {
 public:
  explicit GameStore(Database& db) : db_(db) {}

  // Inserts a game, its seats, its secret choices (their commitments made with the new id, as
  // hd::wire::secret_commitment, whatever `game.secrets` holds in `commitment`) and its deadline
  // (DeadlineStore, when its hours are not 0), in one transaction; returns the new id.
  std::int64_t insert_game(const GameRow& game, const std::vector<SeatRow>& seats);
  // Sets (or clears) a seat's holder and entropy.
  void update_seat(std::int64_t game, const SeatRow& seat);
  void set_status(std::int64_t game, hundred_days::v1::GameStatus status, const GameOutcome& result = {});
  void append_action(std::int64_t game, const LoggedAction& action);
  // Removes an action from the log (an accepted undo takes back the last one).
  void delete_action(std::int64_t game, std::uint64_t sequence);
  void log_undo(std::int64_t game, std::uint64_t sequence, const std::string& action,
                const std::string& event, AccountId account);
  // Keeps the request of an action an accepted undo takes back (an action of an account's request).
  void record_undone_request(std::int64_t game, const LoggedAction& action);
  // The undone action of the account's request id in the game, if any.
  std::optional<UndoneRequest> undone_request(std::int64_t game, AccountId account, std::uint64_t request_id);
  // The lowest sequence an accepted undo took back (0: none).
  std::uint64_t min_undone_sequence(std::int64_t game);
  // Replaces the game's Coalition phase-end marks (migrations/0004) with `seats`, the seats that
  // have ended the phase that began at log sequence `phase_start_sequence`.
  void save_phase_ends(std::int64_t game, std::uint64_t phase_start_sequence,
                       const std::set<hundred_days::v1::Seat>& seats);
  // The seats that have ended the phase that began at `phase_start_sequence` (marks of an earlier
  // phase are void).
  std::set<hundred_days::v1::Seat> load_phase_ends(std::int64_t game, std::uint64_t phase_start_sequence);
  // Stores a snapshot and drops the game's older ones.
  void save_snapshot(std::int64_t game, const SnapshotRow& snapshot);
  // The game's latest snapshot, if any.
  std::optional<SnapshotRow> latest_snapshot(std::int64_t game);
  // Drops the snapshots at or after `sequence` (an undo took that action back).
  void delete_snapshots_from(std::int64_t game, std::uint64_t sequence);
  void insert_chat(std::int64_t game, AccountId account, const ChatRow& chat);
  // The last `limit` messages, oldest first.
  std::vector<ChatRow> recent_chat(std::int64_t game, int limit);

  // How many games are open, running and finished (indexed by GameStatus - 1).
  std::array<std::int64_t, 3> count_by_status();
  std::vector<GameRow> load_games();
  std::optional<GameRow> load_game(std::int64_t game);
  std::vector<SeatRow> load_seats(std::int64_t game);
  // Stores one secret choice made during play (28.0D) with its commitment as given; the caller runs
  // it in the transaction that appends the action making it.
  void insert_secret(std::int64_t game, const SecretChoiceRow& secret);
  // The game's secret choices (migrations/0009), in the order made.
  std::vector<SecretChoiceRow> load_secrets(std::int64_t game);
  std::vector<LoggedAction> load_actions(std::int64_t game);
  // Games in which the account holds a seat.
  std::vector<std::int64_t> games_of_account(AccountId account);
  // Games created by `account` at or after `since_unix` (any status; issue 29's daily limit), by
  // the index games_by_creator (0011).
  std::size_t games_created_since(AccountId account, std::int64_t since_unix);

  // One page of a game list (issue 29, finding 3), newest (highest id) first: at most `limit` games
  // with an id below `before_id`, each with its seats. MINE: the games where `account` holds a
  // seat; OPEN: public open games; SPECTATABLE: public running games that allow spectators. Two
  // indexed queries whatever the number of games; nothing is replayed.
  struct ListedGame {
    GameRow row;  // without dice seed and secrets
    std::vector<SeatRow> seats;
  };
  std::vector<ListedGame> list_page(hundred_days::v1::GameListFilter filter, AccountId account,
                                    std::int64_t before_id, std::size_t limit);
  // Stores what a summary shows of the game's state (turn label, public missing rules).
  void set_summary_fields(std::int64_t game, const std::string& turn_label,
                          const std::vector<std::string>& public_missing_rules);
  // Open games created at or before `cutoff_unix`, oldest first, at most `limit`.
  std::vector<std::int64_t> open_games_created_before(std::int64_t cutoff_unix, std::size_t limit);
  // Marks an OPEN game finished before it started, with `result` (closed_before_start, 0011).
  // Returns false (and changes nothing) if the game is not open.
  bool close_before_start(std::int64_t game, const GameOutcome& result);

 private:
  Database& db_;
};

}  // namespace hd::server

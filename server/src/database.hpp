// A thin RAII wrapper over one SQLite connection. The only header that stands between the server
// and sqlite3.h: nothing else in the project includes it.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace hd::server {

class StatementCache;  // a connection's idle prepared statements (database.cpp)

// Any SQLite failure, with SQLite's message and the statement involved.
class DatabaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One prepared statement. Bind parameters (1-based), step through rows, read columns (0-based).
// Done with (destroyed), it is reset and kept by its connection for the next prepare() of the same
// SQL (issue 15: the server runs the same few dozen statements over and over).
class Statement {
 public:
  Statement(sqlite3* db, sqlite3_stmt* statement, std::shared_ptr<StatementCache> cache = nullptr,
            std::string sql = {});
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, std::string_view value);
  // Advances to the next row; false when the statement is done.
  bool step();
  // Runs a statement that returns no rows.
  void run();
  std::int64_t column_int64(int index) const;
  std::string column_text(int index) const;
  bool column_is_null(int index) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* statement_;
  std::shared_ptr<StatementCache> cache_;  // where it goes back when done; null: finalized
  std::string sql_;                        // its text, the cache's key
};

class Database {
 public:
  // Opens (creating if needed) the file, its parent folder included, with WAL journaling, foreign
  // keys on, synchronous=FULL and a busy timeout. Throws DatabaseError.
  static Database open(const std::filesystem::path& path);
  ~Database();
  Database(Database&& other) noexcept;
  Database& operator=(Database&&) = delete;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements that return no rows.
  void execute(std::string_view sql);
  // One statement, taken from the statements kept for `sql` when one is idle, else compiled.
  Statement prepare(std::string_view sql);
  // How many prepare() calls compiled their SQL and how many reused a kept statement (tests, bench).
  std::uint64_t statements_compiled() const;
  std::uint64_t statements_reused() const;
  // The value of a one-row, one-column query such as "PRAGMA journal_mode".
  std::string query_text(std::string_view sql);

  // Told how long each commit() took (the metrics install one); empty to stop. Not synchronised:
  // set it while nothing else uses the database.
  using CommitObserver = std::function<void(std::chrono::nanoseconds)>;
  void set_commit_observer(CommitObserver observer) { commit_observer_ = std::move(observer); }
  // Runs COMMIT and reports its duration to the observer. Throws DatabaseError.
  void commit();
  // A mark that grows whenever a write is made durable or, inside a batch, is made part of the
  // batch to be committed: each COMMIT and single-statement write outside a batch; inside one, each
  // row changed and not rolled back. Comparing two readings tells whether anything written in
  // between stands (the hub's answer to a failed request); the numbers mean nothing else.
  std::uint64_t commits() const;

  // Issue 15, group commit: between begin_batch() (BEGIN IMMEDIATE) and commit_batch() (one COMMIT,
  // one fsync, timed like commit()) every write of the connection is part of one transaction, and
  // in_transaction() nests in it as a savepoint, so one caller's failure rolls back its own writes
  // only. rollback_batch() drops the whole batch. Not nested; throws DatabaseError.
  void begin_batch();
  void commit_batch();
  void rollback_batch();
  bool in_batch() const { return batch_; }
  // Issue 15, the WAL synced off the hub's strand: when on, a batch's COMMIT does not wait for the
  // disk (synchronous=NORMAL for the batch, FULL again after it): what it wrote is in the WAL file,
  // safe from a crash of the process but not yet from one of the machine, until sync_wal(). Every
  // other commit keeps synchronous=FULL. Set it while nothing else uses the database.
  void set_batch_sync_deferred(bool deferred) { batch_sync_deferred_ = deferred; }
  // Syncs the WAL file to disk (fdatasync): every transaction committed before the call is then
  // durable. The one member that may run on another thread while the connection is in use (it
  // touches only the file). Throws DatabaseError.
  void sync_wal();
  // True if a batch is under way but its transaction is gone: SQLite rolled it back whole on an
  // error (a full disk, an I/O error), so what the batch wrote so far is lost.
  bool batch_lost() const;

  // in_transaction()'s three steps: BEGIN IMMEDIATE, COMMIT and ROLLBACK outside a batch; a
  // savepoint, its release and its rollback inside one.
  void begin_write();
  void end_write();
  void abandon_write();

 private:
  explicit Database(sqlite3* db);
  sqlite3* db_;
  CommitObserver commit_observer_;
  std::unique_ptr<std::uint64_t> commits_ = std::make_unique<std::uint64_t>(0);  // stable across moves
  // The batch under way (issue 15): the connection's changed rows when it began, the rows changed
  // inside savepoints that were rolled back since, and the savepoints open (each: the changed rows
  // and the rolled-back count when it began). `batched_` sums the kept rows of earlier batches, so
  // commits() never goes back.
  struct Savepoint {
    std::int64_t changes_before = 0;
    std::int64_t rolled_back_before = 0;
  };
  bool batch_ = false;
  std::int64_t batch_changes_before_ = 0;
  std::int64_t rolled_back_ = 0;
  std::vector<Savepoint> savepoints_;
  std::uint64_t batched_ = 0;
  // Rows changed in the batch and not rolled back; 0 outside a batch.
  std::uint64_t batch_rows_kept() const;
  std::shared_ptr<StatementCache> statements_;  // shared with the statements out, which outlive nothing
  bool batch_sync_deferred_ = false;
  // After a deferred batch (begun, committed or rolled back): synchronous=FULL again for the rest.
  void restore_full_sync();
  // The WAL file, opened by the first sync_wal() (the syncing thread's only), stable across moves.
  struct WalFile;
  std::unique_ptr<WalFile> wal_;
};

// Runs a function inside BEGIN IMMEDIATE ... COMMIT (inside a batch: a savepoint, committed with
// the batch); rolls back what it wrote if it throws.
template <typename Function>
void in_transaction(Database& db, Function&& function) {
  db.begin_write();
  try {
    function();
    db.end_write();
  } catch (...) {
    db.abandon_write();
    throw;
  }
}

}  // namespace hd::server

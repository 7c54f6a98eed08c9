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
  // How many write transactions have committed on this connection since it opened (explicit
  // COMMITs and single statements alike; a rollback is not counted). Comparing two readings tells
  // whether anything was made durable in between (the hub's answer to a failed request).
  std::uint64_t commits() const { return *commits_; }

 private:
  explicit Database(sqlite3* db);
  sqlite3* db_;
  CommitObserver commit_observer_;
  std::unique_ptr<std::uint64_t> commits_ = std::make_unique<std::uint64_t>(0);  // stable across moves
  std::shared_ptr<StatementCache> statements_;  // shared with the statements out, which outlive nothing
};

// Runs a function inside BEGIN IMMEDIATE ... COMMIT; rolls back if it throws.
template <typename Function>
void in_transaction(Database& db, Function&& function) {
  db.execute("BEGIN IMMEDIATE");
  try {
    function();
    db.commit();
  } catch (...) {
    db.execute("ROLLBACK");
    throw;
  }
}

}  // namespace hd::server

#include "database.hpp"

#include "database_backup.hpp"

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hd::server {
namespace {

[[noreturn]] void fail(sqlite3* db, std::string_view what) {
  throw DatabaseError(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

// sqlite3_commit_hook's callback: counts the commit and lets it go ahead (0).
int count_commit(void* counter) {
  ++*static_cast<std::uint64_t*>(counter);
  return 0;
}

// A connection that closes itself; for the backup's two files.
struct Connection {
  sqlite3* db = nullptr;
  ~Connection() {
    if (db) sqlite3_close_v2(db);
  }
};

// Opens `path` with `flags` (extended codes, a 10 s busy timeout); throws naming the file.
void open_connection(Connection& connection, const std::filesystem::path& path, int flags) {
  const int rc = sqlite3_open_v2(path.c_str(), &connection.db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) fail(connection.db, "open " + path.string());
  sqlite3_extended_result_codes(connection.db, 1);
  sqlite3_busy_timeout(connection.db, 10000);
}

// The rows of a one-column query, each as text.
std::vector<std::string> column_rows(sqlite3* db, const std::string& sql, const std::filesystem::path& path) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
    fail(db, path.string() + ": '" + sql + "'");
  std::vector<std::string> rows;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    rows.emplace_back(text ? text : "NULL");
  }
  sqlite3_finalize(statement);
  if (rc != SQLITE_DONE) fail(db, path.string() + ": '" + sql + "'");
  return rows;
}

// Copies every page of `source` into `target` in one backup step, retrying while a lock is held.
void copy_pages(sqlite3* source, sqlite3* target, const std::filesystem::path& target_path) {
  sqlite3_backup* backup = sqlite3_backup_init(target, "main", source, "main");
  if (!backup) fail(target, "backup into " + target_path.string());
  int rc = SQLITE_OK;
  for (int attempt = 0; attempt < 100; ++attempt) {
    rc = sqlite3_backup_step(backup, -1);  // -1: every page, under one read transaction
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
    sqlite3_sleep(100);
  }
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    throw DatabaseError("backup into " + target_path.string() + ": " + sqlite3_errstr(rc) + " (" +
                        sqlite3_errmsg(target) + ")");
  }
}

}  // namespace

// A connection's idle prepared statements by SQL text, and the counts of prepare(). Bounded: a few
// idle copies of each text (a statement used while another of the same text is out needs its own),
// and a cap on the texts kept (the server has a few dozen; beyond the cap a statement is finalized
// when done, as before the cache). Used on the connection's own thread only, like the connection.
class StatementCache {
 public:
  // Derived, not measured: nesting of one text is at most two deep in the server's code.
  static constexpr std::size_t kIdlePerText = 4;
  static constexpr std::size_t kTexts = 256;

  ~StatementCache() { close(); }

  // An idle statement compiled from `sql`, ready to bind; null if none is kept.
  sqlite3_stmt* take(const std::string& sql) {
    const auto found = idle_.find(sql);
    if (found == idle_.end() || found->second.empty()) return nullptr;
    sqlite3_stmt* statement = found->second.back();
    found->second.pop_back();
    ++reused_;
    return statement;
  }

  // `statement`, done with: reset (ending any read it holds) and kept for its text, or finalized
  // when the connection has closed or the cache is full.
  void give_back(sqlite3_stmt* statement, std::string sql) {
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    if (!closed_) {
      auto found = idle_.find(sql);
      if (found == idle_.end() && idle_.size() < kTexts) found = idle_.emplace(std::move(sql), 0).first;
      if (found != idle_.end() && found->second.size() < kIdlePerText) {
        found->second.push_back(statement);
        return;
      }
    }
    sqlite3_finalize(statement);
  }

  // Finalizes every idle statement; those still out are finalized when given back.
  void close() {
    for (auto& entry : idle_)
      for (sqlite3_stmt* statement : entry.second)
        sqlite3_finalize(statement);
    idle_.clear();
    closed_ = true;
  }

  void count_compiled() { ++compiled_; }
  std::uint64_t compiled() const { return compiled_; }
  std::uint64_t reused() const { return reused_; }

 private:
  std::unordered_map<std::string, std::vector<sqlite3_stmt*>> idle_;
  bool closed_ = false;
  std::uint64_t compiled_ = 0;
  std::uint64_t reused_ = 0;
};

Statement::Statement(sqlite3* db, sqlite3_stmt* statement, std::shared_ptr<StatementCache> cache,
                     std::string sql)
    : db_(db), statement_(statement), cache_(std::move(cache)), sql_(std::move(sql)) {}

Statement::~Statement() {
  if (!statement_) return;
  if (cache_)
    cache_->give_back(statement_, std::move(sql_));
  else
    sqlite3_finalize(statement_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_),
      statement_(std::exchange(other.statement_, nullptr)),
      cache_(std::move(other.cache_)),
      sql_(std::move(other.sql_)) {}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(statement_, index, value) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  if (sqlite3_bind_text(statement_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT) !=
      SQLITE_OK) {
    fail(db_, "bind");
  }
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(statement_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, std::string("step '") + sqlite3_sql(statement_) + "'");
}

void Statement::run() {
  while (step()) {
  }
}

std::int64_t Statement::column_int64(int index) const {
  return sqlite3_column_int64(statement_, index);
}

std::string Statement::column_text(int index) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement_, index));
  return text ? std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(statement_, index))) : "";
}

bool Statement::column_is_null(int index) const {
  return sqlite3_column_type(statement_, index) == SQLITE_NULL;
}

// The WAL file of the connection's database, for sync_wal(): its own descriptor, opened once.
struct Database::WalFile {
  explicit WalFile(std::string wal_path) : path(std::move(wal_path)) {}
  ~WalFile() {
    if (fd >= 0) ::close(fd);
  }
  const std::string path;
  std::mutex mutex;  // one sync at a time
  int fd = -1;
};

Database Database::open(const std::filesystem::path& path) {
  if (path.has_parent_path()) {
    std::error_code ignored;
    std::filesystem::create_directories(path.parent_path(), ignored);
  }
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw,
                                 SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  Database db(raw);
  if (rc != SQLITE_OK) fail(raw, "open " + path.string());
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, 5000);
  // Durability first: an acknowledged write must survive a crash (docs/server.md).
  if (db.query_text("PRAGMA journal_mode=WAL") != "wal")
    throw DatabaseError("cannot enable WAL on " + path.string());
  db.execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
  const char* file = sqlite3_db_filename(raw, "main");
  db.wal_ = std::make_unique<WalFile>(std::string(file != nullptr ? file : path.c_str()) + "-wal");
  return db;
}

void Database::sync_wal() {
  if (!wal_) throw DatabaseError("sync_wal: no WAL file");
  std::lock_guard lock(wal_->mutex);
  // fdatasync syncs the file's data whichever descriptor wrote it (SQLite's own, here).
  if (wal_->fd < 0) wal_->fd = ::open(wal_->path.c_str(), O_RDONLY | O_CLOEXEC);
  if (wal_->fd < 0) throw DatabaseError("cannot open " + wal_->path + ": " + std::strerror(errno));
  if (::fdatasync(wal_->fd) != 0)
    throw DatabaseError("cannot sync " + wal_->path + ": " + std::strerror(errno));
}

Database::Database(sqlite3* db) : db_(db), statements_(std::make_shared<StatementCache>()) {
  if (db_) sqlite3_commit_hook(db_, count_commit, commits_.get());
}

Database::~Database() {
  if (statements_) statements_->close();
  if (db_) sqlite3_close_v2(db_);  // v2: a statement still out keeps it open until finalized
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      commit_observer_(std::move(other.commit_observer_)),
      commits_(std::move(other.commits_)),
      statements_(std::move(other.statements_)),
      batch_sync_deferred_(other.batch_sync_deferred_),
      wal_(std::move(other.wal_)) {}

void Database::commit() {
  const auto started = std::chrono::steady_clock::now();
  execute("COMMIT");
  if (commit_observer_) commit_observer_(std::chrono::steady_clock::now() - started);
}

std::uint64_t Database::batch_rows_kept() const {
  if (!batch_) return 0;
  return static_cast<std::uint64_t>(sqlite3_total_changes64(db_) - batch_changes_before_ - rolled_back_);
}

std::uint64_t Database::commits() const {
  return *commits_ + batched_ + batch_rows_kept();
}

bool Database::batch_lost() const {
  return batch_ && sqlite3_get_autocommit(db_) != 0;
}

void Database::begin_batch() {
  if (batch_) throw DatabaseError("begin_batch: a batch is under way");
  if (batch_sync_deferred_) execute("PRAGMA synchronous=NORMAL");  // this batch's COMMIT: sync_wal()
  try {
    execute("BEGIN IMMEDIATE");
  } catch (...) {
    restore_full_sync();
    throw;
  }
  batch_ = true;
  batch_changes_before_ = sqlite3_total_changes64(db_);
  rolled_back_ = 0;
  savepoints_.clear();
}

void Database::commit_batch() {
  if (!batch_) throw DatabaseError("commit_batch: no batch");
  if (!savepoints_.empty()) throw DatabaseError("commit_batch: a savepoint is still open");
  const std::uint64_t kept = batch_rows_kept();
  commit();  // on failure the batch stays open: the caller rolls it back
  batched_ += kept;
  batch_ = false;
  restore_full_sync();
}

void Database::rollback_batch() {
  if (!batch_) return;
  batch_ = false;
  savepoints_.clear();
  execute("ROLLBACK");
  restore_full_sync();
}

void Database::restore_full_sync() {
  if (batch_sync_deferred_) execute("PRAGMA synchronous=FULL");
}

void Database::begin_write() {
  if (!batch_) return execute("BEGIN IMMEDIATE");
  execute("SAVEPOINT batch_write");
  savepoints_.push_back({sqlite3_total_changes64(db_), rolled_back_});
}

void Database::end_write() {
  if (!batch_) return commit();
  execute("RELEASE batch_write");
  savepoints_.pop_back();
}

void Database::abandon_write() {
  if (!batch_) return execute("ROLLBACK");
  const Savepoint savepoint = savepoints_.back();
  savepoints_.pop_back();
  // Its rows, those of savepoints inside it included, are rolled back: counted once.
  rolled_back_ = savepoint.rolled_back_before + (sqlite3_total_changes64(db_) - savepoint.changes_before);
  execute("ROLLBACK TO batch_write; RELEASE batch_write");
}

void Database::execute(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string error = message ? message : "unknown error";
    sqlite3_free(message);
    throw DatabaseError("execute: " + error);
  }
}

Statement Database::prepare(std::string_view sql) {
  std::string text(sql);
  if (sqlite3_stmt* kept = statements_->take(text)) return Statement(db_, kept, statements_, std::move(text));
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement, nullptr) != SQLITE_OK) {
    sqlite3_finalize(statement);
    fail(db_, "prepare '" + std::string(sql) + "'");
  }
  statements_->count_compiled();
  return Statement(db_, statement, statements_, std::move(text));
}

std::uint64_t Database::statements_compiled() const {
  return statements_->compiled();
}

std::uint64_t Database::statements_reused() const {
  return statements_->reused();
}

std::string Database::query_text(std::string_view sql) {
  Statement statement = prepare(sql);
  if (!statement.step()) return "";
  return statement.column_text(0);
}

void backup_database(const std::filesystem::path& source, const std::filesystem::path& target) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(source, error))
    throw DatabaseError("no database at " + source.string());
  if (std::filesystem::exists(target, error)) throw DatabaseError(target.string() + " already exists");
  try {
    Connection from;
    open_connection(from, source, SQLITE_OPEN_READONLY);
    // A file that is not SQLite fails here rather than as an empty copy.
    column_rows(from.db, "SELECT count(*) FROM sqlite_schema", source);
    Connection to;
    open_connection(to, target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    copy_pages(from.db, to.db, target);
    // The copy keeps the source's WAL mode in its header: make it one self-contained file.
    const auto mode = column_rows(to.db, "PRAGMA journal_mode=DELETE", target);
    if (mode.empty() || mode.front() != "delete")
      throw DatabaseError("cannot set journal_mode=DELETE on " + target.string());
    if (sqlite3_close(to.db) != SQLITE_OK) fail(to.db, "close " + target.string());
    to.db = nullptr;
  } catch (...) {
    std::filesystem::remove(target, error);
    std::filesystem::remove(target.string() + "-journal", error);
    throw;
  }
}

std::string integrity_check(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) throw DatabaseError("no database at " + path.string());
  Connection connection;
  open_connection(connection, path, SQLITE_OPEN_READONLY);
  std::string joined;
  for (const std::string& row : column_rows(connection.db, "PRAGMA integrity_check", path))
    joined += (joined.empty() ? "" : "; ") + row;
  return joined;
}

}  // namespace hd::server

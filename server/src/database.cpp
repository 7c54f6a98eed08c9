#include "database.hpp"

#include <sqlite3.h>

#include <utility>

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

}  // namespace

Statement::Statement(sqlite3* db, sqlite3_stmt* statement) : db_(db), statement_(statement) {}

Statement::~Statement() {
  if (statement_) sqlite3_finalize(statement_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), statement_(std::exchange(other.statement_, nullptr)) {}

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
  return db;
}

Database::Database(sqlite3* db) : db_(db) {
  if (db_) sqlite3_commit_hook(db_, count_commit, commits_.get());
}

Database::~Database() {
  if (db_) sqlite3_close_v2(db_);
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      commit_observer_(std::move(other.commit_observer_)),
      commits_(std::move(other.commits_)) {}

void Database::commit() {
  const auto started = std::chrono::steady_clock::now();
  execute("COMMIT");
  if (commit_observer_) commit_observer_(std::chrono::steady_clock::now() - started);
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
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement, nullptr) != SQLITE_OK) {
    fail(db_, "prepare '" + std::string(sql) + "'");
  }
  return Statement(db_, statement);
}

std::string Database::query_text(std::string_view sql) {
  Statement statement = prepare(sql);
  if (!statement.step()) return "";
  return statement.column_text(0);
}

}  // namespace hd::server

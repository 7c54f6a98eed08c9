#include "sqlite_ceiling.hpp"

#include <sqlite3.h>

#include <stdexcept>
#include <string>

namespace hd::bench {

namespace {

void check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw std::runtime_error(std::string(what) + ": " + sqlite3_errmsg(db));
}

void exec(sqlite3* db, const char* sql) {
  check(db, sqlite3_exec(db, sql, nullptr, nullptr, nullptr), sql);
}

}  // namespace

CommitRate measure_commits(const std::filesystem::path& folder, int rows_per_commit,
                           std::chrono::milliseconds duration) {
  const std::filesystem::path path = folder / ("commits-" + std::to_string(rows_per_commit) + ".sqlite");
  for (const char* suffix : {"", "-wal", "-shm"})
    std::filesystem::remove(path.string() + suffix);
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) throw std::runtime_error("cannot open " + path.string());
  CommitRate out;
  try {
    exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
    exec(db,
         "CREATE TABLE log (game INTEGER, sequence INTEGER, action TEXT, dice TEXT, PRIMARY KEY (game, "
         "sequence))");
    sqlite3_stmt* insert = nullptr;
    check(db,
          sqlite3_prepare_v2(db, "INSERT INTO log VALUES (?1, ?2, 'M 1 Huss/5 1234-1235-1236', '3 5')", -1,
                             &insert, nullptr),
          "prepare");
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    std::int64_t sequence = 0;
    while (Clock::now() - started < duration) {
      exec(db, "BEGIN IMMEDIATE");
      for (int row = 0; row < rows_per_commit; ++row) {
        sqlite3_bind_int64(insert, 1, row);
        sqlite3_bind_int64(insert, 2, ++sequence);
        check(db, sqlite3_step(insert), "insert");
        sqlite3_reset(insert);
      }
      exec(db, "COMMIT");
      ++out.commits;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    sqlite3_finalize(insert);
    out.commits_per_second = static_cast<double>(out.commits) / seconds;
    out.rows_per_second = out.commits_per_second * rows_per_commit;
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  sqlite3_close(db);
  return out;
}

}  // namespace hd::bench

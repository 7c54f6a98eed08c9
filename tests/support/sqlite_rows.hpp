// Reading the server's SQLite file from end-to-end tests (the test opens it beside the running
// server, as an operator with the sqlite3 shell would). Header-only: its users link SQLite and Catch2.
#pragma once

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace hd::test {

// Rows of a query on the SQLite file, each row's columns joined by '|' (NULL as "NULL"). Waits up
// to 10 s for the server's write lock, and fails the test if the statement does not run to its end
// (a write refused as busy must not pass unseen).
inline std::vector<std::string> query(const std::filesystem::path& database, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(database.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  sqlite3_busy_timeout(db, 10000);
  std::vector<std::string> rows;
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
  int step = SQLITE_ROW;
  while ((step = sqlite3_step(statement)) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(statement); ++i) {
      if (i) row += '|';
      const auto* text = sqlite3_column_text(statement, i);
      row += text ? reinterpret_cast<const char*>(text) : "NULL";
    }
    rows.push_back(row);
  }
  const std::string error = step == SQLITE_DONE ? "" : sqlite3_errmsg(db);
  sqlite3_finalize(statement);
  sqlite3_close(db);
  INFO(sql << ": " << error);
  REQUIRE(step == SQLITE_DONE);
  return rows;
}

// Rows of a query once they are `expected`, or as they are after `limit`: for what the server
// writes after its answer (e.g. a snapshot, a cache written once the updates are out). The caller
// still checks the rows, so a write that never comes fails.
inline std::vector<std::string> query_settled(const std::filesystem::path& database, const std::string& sql,
                                              const std::vector<std::string>& expected,
                                              std::chrono::milliseconds limit = std::chrono::seconds(10)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    std::vector<std::string> rows = query(database, sql);
    if (rows == expected || std::chrono::steady_clock::now() >= deadline) return rows;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// The first row of a query of one column ("" when it has no row; NULL as "NULL").
inline std::string query_one(const std::filesystem::path& database, const std::string& sql) {
  const std::vector<std::string> rows = query(database, sql);
  return rows.empty() ? std::string() : rows.front();
}

}  // namespace hd::test

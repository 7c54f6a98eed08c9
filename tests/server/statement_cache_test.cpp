// Issue 15: a connection keeps its prepared statements (database.hpp, StatementCache): done with,
// a statement is reset and taken again by the next prepare() of the same SQL instead of compiling it
// again. What it must not change: results, bindings, nested use of one text, reads left open.
#include "database.hpp"
#include "temp_database.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using hd::server::Database;
using hd::server::in_transaction;

namespace {

std::filesystem::path fresh_database_path() {
  return hd::test::fresh_database_path("hd-statements");
}

constexpr const char* kInsert = "INSERT INTO t (n, s) VALUES (?1, ?2)";
constexpr const char* kSelect = "SELECT n, s FROM t WHERE n >= ?1 ORDER BY n";

}  // namespace

TEST_CASE("a statement done with is reused by the next prepare of its SQL, reset and unbound",
          "[database][issue15]") {
  const auto path = fresh_database_path();
  Database db = Database::open(path);
  db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)");
  const std::uint64_t compiled = db.statements_compiled();
  for (int n = 1; n <= 5; ++n)
    db.prepare(kInsert).bind(1, n).bind(2, "row " + std::to_string(n)).run();
  CHECK(db.statements_compiled() == compiled + 1);  // compiled once, then reused four times
  CHECK(db.statements_reused() >= 4);
  // Reused, it starts from the first row with the new binding: no row or binding of the last use.
  for (int from : {4, 2}) {
    auto select = db.prepare(kSelect);
    select.bind(1, from);
    int rows = 0;
    while (select.step()) {
      CHECK(select.column_int64(0) == from + rows);
      CHECK(select.column_text(1) == "row " + std::to_string(from + rows));
      ++rows;
    }
    CHECK(rows == 5 - from + 1);
  }
  // Unbound parameters are NULL again: a kept insert does not carry its last text.
  db.prepare(kInsert).bind(1, 9).run();
  CHECK(db.query_text("SELECT s IS NULL FROM t WHERE n = 9") == "1");
  std::filesystem::remove_all(path.parent_path());
}

TEST_CASE("one SQL text in use twice at once gets two statements", "[database][issue15]") {
  const auto path = fresh_database_path();
  Database db = Database::open(path);
  db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)");
  in_transaction(db, [&] {
    for (int n = 1; n <= 3; ++n)
      db.prepare(kInsert).bind(1, n).bind(2, "x").run();
  });
  auto outer = db.prepare(kSelect);
  outer.bind(1, 1);
  int pairs = 0;
  while (outer.step()) {
    auto inner = db.prepare(kSelect);  // the same text while the outer one is out
    inner.bind(1, outer.column_int64(0));
    while (inner.step())
      ++pairs;
  }
  CHECK(pairs == 3 + 2 + 1);
  std::filesystem::remove_all(path.parent_path());
}

TEST_CASE("a kept statement left mid-read holds no read open: another connection checkpoints the WAL",
          "[database][issue15]") {
  const auto path = fresh_database_path();
  Database db = Database::open(path);
  db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)");
  for (int n = 1; n <= 3; ++n)
    db.prepare(kInsert).bind(1, n).bind(2, "y").run();
  {
    auto select = db.prepare(kSelect);
    select.bind(1, 1);
    REQUIRE(select.step());  // one row of three read, then done with: kept, reset
  }
  Database other = Database::open(path);
  other.execute("INSERT INTO t (n, s) VALUES (10, 'z')");
  // TRUNCATE waits for no reader: it fails (busy) while a read transaction is open on the file.
  CHECK(other.query_text("PRAGMA wal_checkpoint(TRUNCATE)") == "0");
  CHECK(db.query_text("SELECT count(*) FROM t") == "4");
  std::filesystem::remove_all(path.parent_path());
}

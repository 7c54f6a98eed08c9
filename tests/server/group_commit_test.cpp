// Issue 15, group commit: a batch of requests is written in one transaction (Database::begin_batch,
// commit_batch), each request's own transactions nesting in it as savepoints, and what the batch
// sends is held until the commit (HeldOutbound).
#include "app/held_outbound.hpp"
#include "database.hpp"
#include "temp_database.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using hd::server::ConnectionId;
using hd::server::Database;
using hd::server::HeldOutbound;
using hd::server::in_transaction;
namespace v1 = hundred_days::v1;

namespace {

// A new database at `path` with one table t (n INTEGER PRIMARY KEY).
Database table_database(const std::filesystem::path& path) {
  Database db = Database::open(path);
  db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)");
  return db;
}

std::int64_t rows(Database& db) {
  return std::stoll(db.query_text("SELECT count(*) FROM t"));
}

// The rows another connection sees: what is durable.
std::int64_t rows_seen_from_outside(const std::filesystem::path& path) {
  Database other = Database::open(path);
  return std::stoll(other.query_text("SELECT count(*) FROM t"));
}

void insert(Database& db, int n) {
  db.prepare("INSERT INTO t (n) VALUES (?1)").bind(1, n).run();
}

// Records what reaches it, in order.
class Recorder : public hd::server::Outbound {
 public:
  std::vector<std::string> calls;
  void send(ConnectionId connection, const v1::ServerEnvelope& envelope) override {
    calls.push_back("send " + std::to_string(connection) + " " + std::to_string(envelope.request_id()));
  }
  void send_encoded(ConnectionId connection, std::string encoded) override {
    v1::ServerEnvelope envelope;
    REQUIRE(envelope.ParseFromString(encoded));
    calls.push_back("encoded " + std::to_string(connection) + " " + std::to_string(envelope.request_id()));
  }
  void close(ConnectionId connection, hd::server::CloseRequest close) override {
    calls.push_back("close " + std::to_string(connection) + " " + close.reason);
  }
  void when_drained(ConnectionId connection, std::size_t, std::function<void()> drained) override {
    calls.push_back("drained " + std::to_string(connection));
    drained();
  }
};

v1::ServerEnvelope envelope(std::uint64_t request_id) {
  v1::ServerEnvelope e;
  e.set_request_id(request_id);
  e.mutable_ok();
  return e;
}

}  // namespace

TEST_CASE("a batch commits its requests' transactions once, and nothing of it is durable before",
          "[database][issue15][group-commit]") {
  const auto path = hd::test::fresh_database_path("hd-group-commit");
  Database db = table_database(path);
  std::uint64_t real_commits = 0;
  db.set_commit_observer([&](std::chrono::nanoseconds) { ++real_commits; });
  db.begin_batch();
  CHECK(db.in_batch());
  for (int n = 1; n <= 10; ++n)
    in_transaction(db, [&] { insert(db, n); });
  insert(db, 11);  // a single statement outside in_transaction joins the batch too
  CHECK(rows(db) == 11);
  CHECK_FALSE(db.batch_lost());
  CHECK(rows_seen_from_outside(path) == 0);  // not yet durable
  CHECK(real_commits == 0);
  db.commit_batch();
  CHECK_FALSE(db.in_batch());
  CHECK(real_commits == 1);  // one COMMIT (one fsync) for eleven writes
  CHECK(rows_seen_from_outside(path) == 11);
  // Outside a batch each in_transaction commits on its own, as before.
  in_transaction(db, [&] { insert(db, 12); });
  CHECK(real_commits == 2);
  CHECK(rows_seen_from_outside(path) == 12);
}

TEST_CASE("in a batch one request's failed transaction rolls back its own writes only",
          "[database][issue15][group-commit]") {
  const auto path = hd::test::fresh_database_path("hd-group-commit");
  Database db = table_database(path);
  db.begin_batch();
  in_transaction(db, [&] { insert(db, 1); });
  const std::uint64_t before_failure = db.commits();
  CHECK_THROWS_AS(in_transaction(db,
                                 [&] {
                                   insert(db, 2);
                                   insert(db, 3);
                                   throw std::runtime_error("the request fails");
                                 }),
                  std::runtime_error);
  // Nothing of the failed one stands: the mark the hub compares did not move.
  CHECK(db.commits() == before_failure);
  // A failure in a nested transaction: the inner writes go, the outer ones stay.
  in_transaction(db, [&] {
    insert(db, 4);
    try {
      in_transaction(db, [&] {
        insert(db, 5);
        throw std::runtime_error("inner");
      });
    } catch (const std::runtime_error&) {
    }
  });
  CHECK(db.commits() > before_failure);  // 4 stands
  const std::uint64_t before_bare = db.commits();
  insert(db, 6);
  CHECK(db.commits() > before_bare);  // a single statement in the batch stands too
  db.commit_batch();
  CHECK(rows_seen_from_outside(path) == 3);
  CHECK(db.query_text("SELECT group_concat(n) FROM (SELECT n FROM t ORDER BY n)") == "1,4,6");
}

TEST_CASE("a batch rolled back leaves nothing, and the mark never goes back across batches",
          "[database][issue15][group-commit]") {
  const auto path = hd::test::fresh_database_path("hd-group-commit");
  Database db = table_database(path);
  db.begin_batch();
  in_transaction(db, [&] { insert(db, 1); });
  db.rollback_batch();
  CHECK_FALSE(db.in_batch());
  CHECK(rows_seen_from_outside(path) == 0);
  db.begin_batch();
  CHECK_THROWS(db.begin_batch());  // not nested
  in_transaction(db, [&] { insert(db, 2); });
  const std::uint64_t in_batch = db.commits();
  db.commit_batch();
  CHECK(db.commits() >= in_batch);
  CHECK(rows_seen_from_outside(path) == 1);
}

TEST_CASE("a held outbound hands an envelope for several connections on as one encoding, each in its order",
          "[issue15][group-commit]") {
  Recorder recorder;
  HeldOutbound held(recorder);
  // Not holding: each connection is handed the encoded bytes at once (the next outbound encodes
  // nothing), in the order given.
  held.send_to_all({4, 2}, envelope(11));
  CHECK(recorder.calls == std::vector<std::string>{"encoded 4 11", "encoded 2 11"});
  // Holding: kept among the connections' other messages, in the order they came.
  held.hold();
  held.send(2, envelope(12));
  held.send_to_all({1, 2, 3}, envelope(13));
  held.close(3, {1000, "bye"});
  held.send_to_all({}, envelope(14));  // nobody: nothing
  CHECK(held.held() == 5);
  held.release();
  CHECK(recorder.calls == std::vector<std::string>{"encoded 4 11", "encoded 2 11", "encoded 2 12",
                                                   "encoded 1 13", "encoded 2 13", "encoded 3 13",
                                                   "close 3 bye"});
}

TEST_CASE("a held outbound hands on nothing until released, then everything in order",
          "[issue15][group-commit]") {
  Recorder recorder;
  HeldOutbound held(recorder);
  held.send(1, envelope(7));  // not holding: at once
  CHECK(recorder.calls == std::vector<std::string>{"send 1 7"});
  held.hold();
  held.send(2, envelope(8));
  held.when_drained(2, 4, [&] { recorder.calls.push_back("drained callback"); });
  held.close(3, {1000, "bye"});
  held.send(1, envelope(9));
  CHECK(recorder.calls.size() == 1);
  CHECK(held.held() == 4);
  held.release();
  // Held envelopes are handed on as the bytes encoded when they were sent (neither copied nor
  // encoded twice, issue 15).
  CHECK(recorder.calls == std::vector<std::string>{"send 1 7", "encoded 2 8", "drained 2", "drained callback",
                                                   "close 3 bye", "encoded 1 9"});
  CHECK_FALSE(held.holding());
  // Dropped: nothing of it is ever handed on.
  held.hold();
  held.send(5, envelope(10));
  held.drop();
  held.release();
  CHECK(recorder.calls.size() == 6);
}

TEST_CASE(
    "a deferred batch commits without waiting for the disk, and only the batch: every other commit keeps "
    "synchronous=FULL",
    "[database][issue15][group-commit][wal-sync]") {
  const auto path = hd::test::fresh_database_path("hd-group-commit");
  Database db = table_database(path);
  // SQLite's synchronous levels: 1 NORMAL (the WAL is synced at checkpoints only), 2 FULL.
  CHECK(db.query_text("PRAGMA synchronous") == "2");
  db.set_batch_sync_deferred(true);
  db.begin_batch();
  CHECK(db.query_text("PRAGMA synchronous") == "1");
  insert(db, 1);
  insert(db, 2);
  db.commit_batch();
  CHECK(db.query_text("PRAGMA synchronous") == "2");
  // Committed: another connection reads it (the WAL holds it); sync_wal() makes it durable.
  CHECK(rows_seen_from_outside(path) == 2);
  db.sync_wal();
  db.sync_wal();  // again, with nothing new: harmless
  // A batch rolled back also leaves FULL behind.
  db.begin_batch();
  insert(db, 3);
  db.rollback_batch();
  CHECK(db.query_text("PRAGMA synchronous") == "2");
  CHECK(rows(db) == 2);
  // Off: a batch's COMMIT waits for the disk as every other.
  db.set_batch_sync_deferred(false);
  db.begin_batch();
  CHECK(db.query_text("PRAGMA synchronous") == "2");
  db.commit_batch();
}

TEST_CASE("a sync of the WAL of a database that has none yet says so and changes nothing",
          "[database][issue15][wal-sync]") {
  const auto path = hd::test::fresh_database_path("hd-group-commit");
  Database db = Database::open(path);
  // Nothing written yet: SQLite has not made the -wal file.
  REQUIRE_FALSE(std::filesystem::exists(path.string() + "-wal"));
  CHECK_THROWS_AS(db.sync_wal(), hd::server::DatabaseError);
  db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)");
  CHECK(std::filesystem::exists(path.string() + "-wal"));
  db.sync_wal();
}

TEST_CASE(
    "a held outbound's sealed batches are handed on in order, each once its sync is done; what is sent "
    "outside a batch meanwhile waits with the newest",
    "[issue15][group-commit][wal-sync]") {
  Recorder recorder;
  HeldOutbound held(recorder);
  held.hold();
  held.send(1, envelope(1));
  CHECK(held.seal() == 1);
  CHECK(held.holding());      // committed, not yet synced
  held.send(2, envelope(2));  // outside a batch: may tell of batch 1's changes, so waits with it
  held.hold();
  held.send(1, envelope(3));
  // A group not yet sealed is never handed on, whatever number is asked for.
  held.release_through(99);
  CHECK(recorder.calls == std::vector<std::string>{"encoded 1 1", "encoded 2 2"});
  CHECK(held.seal() == 2);
  held.close(3, {1000, "bye"});  // outside a batch again: joins group 2
  CHECK(held.held() == 2);
  held.release_through(1);  // already released: nothing more
  CHECK(recorder.calls.size() == 2);
  held.release_through(2);
  CHECK(recorder.calls ==
        std::vector<std::string>{"encoded 1 1", "encoded 2 2", "encoded 1 3", "close 3 bye"});
  CHECK_FALSE(held.holding());
  CHECK(held.seal() == 2);    // no batch under way: the newest group's number, nothing sealed
  held.send(4, envelope(5));  // nothing waits: at once
  CHECK(recorder.calls.back() == "send 4 5");
  // Dropped: sealed groups too are forgotten.
  held.hold();
  held.send(5, envelope(6));
  const std::uint64_t dropped = held.seal();
  held.drop();
  CHECK_FALSE(held.holding());
  held.release_through(dropped);
  CHECK(recorder.calls.back() == "send 4 5");
}

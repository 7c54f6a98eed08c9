// Migrations: applied in order, once, each in a transaction; edits and unknown versions refused.
#include "migrations.hpp"

#include "database.hpp"
#include "server_identity.hpp"
#include "temp_database.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using hd::server::apply_migrations;
using hd::server::Database;
using hd::server::Migration;
using hd::server::MigrationError;

namespace {

std::filesystem::path fresh_database_path() {
  return hd::test::fresh_database_path("hd-migrations");
}

std::int64_t count(Database& db, const std::string& sql) {
  return std::stoll(db.query_text(sql));
}

}  // namespace

TEST_CASE("a new database gets every embedded migration, WAL mode and foreign keys", "[migrations]") {
  const auto path = fresh_database_path();
  Database db = Database::open(path);
  CHECK(db.query_text("PRAGMA journal_mode") == "wal");
  CHECK(db.query_text("PRAGMA foreign_keys") == "1");
  const auto& migrations = hd::server::embedded_migrations();
  REQUIRE_FALSE(migrations.empty());
  CHECK(migrations.front().file_name == "0001_server_metadata.sql");

  const auto report = apply_migrations(db, migrations);
  CHECK(report.applied.size() == migrations.size());
  CHECK(report.schema_version == static_cast<int>(migrations.size()));
  CHECK(count(db, "SELECT count(*) FROM schema_migrations") == static_cast<std::int64_t>(migrations.size()));
  CHECK(count(db, "SELECT count(*) FROM sqlite_master WHERE name = 'server_metadata'") == 1);

  SECTION("applying again changes nothing") {
    const auto applied_at = db.query_text("SELECT applied_at FROM schema_migrations WHERE version = 1");
    const auto again = apply_migrations(db, migrations);
    CHECK(again.applied.empty());
    CHECK(db.query_text("SELECT applied_at FROM schema_migrations WHERE version = 1") == applied_at);
  }
  SECTION("the server id is created once and kept") {
    const auto id = hd::server::load_or_create_server_id(db);
    CHECK(id.size() == 32);
    CHECK(hd::server::load_or_create_server_id(db) == id);
  }
}

TEST_CASE("migrations are applied in order, and a failing one leaves nothing behind", "[migrations]") {
  Database db = Database::open(fresh_database_path());
  const std::vector<Migration> good{{"0001_a.sql", "CREATE TABLE a (x INTEGER);"},
                                    {"0002_b.sql", "CREATE TABLE b (y INTEGER REFERENCES a(x));"}};
  CHECK(apply_migrations(db, good).applied == std::vector<std::string>{"0001_a.sql", "0002_b.sql"});

  std::vector<Migration> broken = good;
  broken.push_back({"0003_c.sql", "CREATE TABLE c (z INTEGER); THIS IS NOT SQL;"});
  CHECK_THROWS_AS(apply_migrations(db, broken), MigrationError);
  CHECK(count(db, "SELECT count(*) FROM sqlite_master WHERE name = 'c'") == 0);
  CHECK(count(db, "SELECT max(version) FROM schema_migrations") == 2);
}

TEST_CASE("an edited, misnamed, misnumbered or unknown migration stops the server", "[migrations]") {
  Database db = Database::open(fresh_database_path());
  const std::vector<Migration> original{{"0001_a.sql", "CREATE TABLE a (x INTEGER);"}};
  apply_migrations(db, original);

  const std::vector<Migration> edited{{"0001_a.sql", "CREATE TABLE a (x TEXT);"}};
  CHECK_THROWS_WITH(apply_migrations(db, edited), Catch::Contains("must never be edited"));

  const std::vector<Migration> misnamed{{"1_a.sql", "SELECT 1;"}};
  CHECK_THROWS_WITH(apply_migrations(db, misnamed), Catch::Contains("NNNN_name.sql"));

  const std::vector<Migration> gap{{"0001_a.sql", "CREATE TABLE a (x INTEGER);"},
                                   {"0003_c.sql", "SELECT 1;"}};
  CHECK_THROWS_WITH(apply_migrations(db, gap), Catch::Contains("should be version 2"));

  db.execute("INSERT INTO schema_migrations (version, file_name, checksum) VALUES (2, '0002_x.sql', 'x')");
  CHECK_THROWS_WITH(apply_migrations(db, original), Catch::Contains("newer than this server"));
}

TEST_CASE("the migration checksum is stable and sensitive to every byte", "[migrations]") {
  CHECK(hd::server::migration_checksum("abc") == hd::server::migration_checksum("abc"));
  CHECK(hd::server::migration_checksum("abc") != hd::server::migration_checksum("abd"));
  CHECK(hd::server::migration_checksum("") == "cbf29ce484222325");  // FNV-1a 64 offset basis
}

TEST_CASE("0012 types how the games finished before it ended, from the words the server wrote",
          "[migrations]") {
  Database db = Database::open(fresh_database_path());
  std::vector<Migration> before = hd::server::embedded_migrations();
  REQUIRE(before.size() >= 12);
  REQUIRE(before[11].file_name == "0012_game_ends.sql");
  before.resize(11);
  apply_migrations(db, before);
  db.execute("INSERT INTO accounts (id, username, password_hash, created_unix) VALUES (1, 'a', 'x', 0)");
  const auto add = [&](int id, int status, const std::string& result, int closed) {
    db.execute(
        "INSERT INTO games (id, scenario, title, force_options, optional_rules, status, public_listing, "
        "invite_code, spectator_view, spectator_delay, dice_seed, seed_commitment, creator_account, "
        "created_unix, result, closed_before_start) VALUES (" +
        std::to_string(id) + ", 's', 't', '', '', " + std::to_string(status) + ", 1, 'i" +
        std::to_string(id) + "', 0, 0, '', '', 1, 0, '" + result + "', " + std::to_string(closed) + ")");
  };
  add(1, 3, "coalition victory: the french side resigned (french seat, ney)", 0);
  add(2, 3, "french victory: the coalition side resigned (allied seat, bob)", 0);
  add(3, 3, "drawn by agreement", 0);
  add(4, 3, "withdrawn by its creator", 1);
  add(5, 3, "expired: not started within 3 days", 1);
  add(6, 3, "french decisive victory: 40 VP to 2", 0);
  add(7, 3, "no winner: no victory condition was met", 0);
  add(8, 2, "", 0);
  apply_migrations(db, hd::server::embedded_migrations());
  const auto typed = [&](int id) {
    return db.query_text("SELECT result_end || ' ' || result_winner FROM games WHERE id = " +
                         std::to_string(id));
  };
  CHECK(typed(1) == "2 2");  // GAME_END_RESIGNATION, SIDE_COALITION
  CHECK(typed(2) == "2 1");
  CHECK(typed(3) == "3 0");  // GAME_END_DRAW_AGREED
  CHECK(typed(4) == "4 0");  // GAME_END_WITHDRAWN
  CHECK(typed(5) == "5 0");  // GAME_END_EXPIRED
  CHECK(typed(6) == "1 1");  // GAME_END_RULES, SIDE_FRENCH
  CHECK(typed(7) == "1 0");
  CHECK(typed(8) == "0 0");  // running: not finished
}

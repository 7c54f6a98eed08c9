#include "migrations.hpp"

#include <cstdint>
#include <cstdio>
#include <map>

namespace hd::server {
namespace {

// "0007_add_games.sql" -> 7; -1 if the name does not have that shape.
int version_of(const std::string& file_name) {
  if (file_name.size() < 10 || file_name[4] != '_' || !file_name.ends_with(".sql")) return -1;
  int version = 0;
  for (int i = 0; i < 4; ++i) {
    const char c = file_name[static_cast<std::size_t>(i)];
    if (c < '0' || c > '9') return -1;
    version = version * 10 + (c - '0');
  }
  return version;
}

struct Recorded {
  std::string file_name;
  std::string checksum;
};

std::map<int, Recorded> recorded_migrations(Database& db) {
  std::map<int, Recorded> recorded;
  Statement query = db.prepare("SELECT version, file_name, checksum FROM schema_migrations ORDER BY version");
  while (query.step()) {
    recorded[static_cast<int>(query.column_int64(0))] = Recorded{query.column_text(1), query.column_text(2)};
  }
  return recorded;
}

}  // namespace

std::string migration_checksum(std::string_view sql) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : sql) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

MigrationReport apply_migrations(Database& db, const std::vector<Migration>& migrations) {
  for (std::size_t i = 0; i < migrations.size(); ++i) {
    const int version = version_of(migrations[i].file_name);
    if (version < 0)
      throw MigrationError("migration file name '" + migrations[i].file_name + "' is not NNNN_name.sql");
    if (version != static_cast<int>(i) + 1) {
      throw MigrationError("migration '" + migrations[i].file_name + "' should be version " +
                           std::to_string(i + 1));
    }
  }
  db.execute(
      "CREATE TABLE IF NOT EXISTS schema_migrations ("
      " version INTEGER PRIMARY KEY NOT NULL,"
      " file_name TEXT NOT NULL,"
      " checksum TEXT NOT NULL,"
      " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"
      ") STRICT");

  const auto recorded = recorded_migrations(db);
  if (!recorded.empty() && recorded.rbegin()->first > static_cast<int>(migrations.size())) {
    throw MigrationError("the database is at schema version " + std::to_string(recorded.rbegin()->first) +
                         ", newer than this server knows (" + std::to_string(migrations.size()) + ")");
  }

  MigrationReport report;
  for (std::size_t i = 0; i < migrations.size(); ++i) {
    const Migration& migration = migrations[i];
    const int version = static_cast<int>(i) + 1;
    const std::string checksum = migration_checksum(migration.sql);
    if (const auto found = recorded.find(version); found != recorded.end()) {
      if (found->second.checksum != checksum || found->second.file_name != migration.file_name) {
        throw MigrationError("migration " + migration.file_name +
                             " differs from the one applied as version " + std::to_string(version) + " (" +
                             found->second.file_name + "); migrations must never be edited after they land");
      }
      continue;
    }
    try {
      in_transaction(db, [&] {
        db.execute(migration.sql);
        db.prepare("INSERT INTO schema_migrations (version, file_name, checksum) VALUES (?1, ?2, ?3)")
            .bind(1, std::int64_t{version})
            .bind(2, migration.file_name)
            .bind(3, checksum)
            .run();
      });
    } catch (const DatabaseError& error) {
      throw MigrationError("migration " + migration.file_name + " failed: " + error.what());
    }
    report.applied.push_back(migration.file_name);
  }
  report.schema_version = static_cast<int>(migrations.size());
  return report;
}

}  // namespace hd::server

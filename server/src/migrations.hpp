// Schema migrations: migrations/NNNN_name.sql, embedded in the binary at build time, applied in
// order at start-up, each once, each in its own transaction, recorded in schema_migrations.
#pragma once

#include "database.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hd::server {

struct Migration {
  std::string file_name;  // "0001_server_metadata.sql"
  std::string_view sql;
};

class MigrationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct MigrationReport {
  std::vector<std::string> applied;  // file names applied by this call, in order
  int schema_version = 0;            // highest version recorded afterwards
};

// The migrations compiled into this binary, in file-name order (generated from migrations/).
const std::vector<Migration>& embedded_migrations();

// A stable checksum of a migration's text (FNV-1a, 64 bits, hex): detects a migration edited
// after it was applied. Not a security measure.
std::string migration_checksum(std::string_view sql);

// Applies every migration not yet recorded. Throws MigrationError when a file name is not
// NNNN_name.sql, versions are not 1, 2, 3 ... in order, a recorded migration's text has changed, or
// the database records a version this binary does not know (a newer server wrote it).
MigrationReport apply_migrations(Database& db, const std::vector<Migration>& migrations);

}  // namespace hd::server

// A consistent copy of a live database, taken beside the server that writes it (hd_backup,
// docs/deploy.md "Backups"). Defined in database.cpp, which stays the only file to include sqlite3.h.
#pragma once

#include <filesystem>
#include <string>

namespace hd::server {

// Copies the database at `source` into `target`, a file that must not exist yet, with SQLite's
// online backup API in one step: one read transaction on the source, so the copy is the database as
// of one commit while the server goes on writing (WAL). The source is opened read-only, with a busy
// timeout; it is never written. The copy is a single file (journal_mode=DELETE, no -wal or -shm).
// Throws DatabaseError naming the file that failed; a half-written `target` is removed.
void backup_database(const std::filesystem::path& source, const std::filesystem::path& target);

// The rows of `PRAGMA integrity_check` on the file, opened read-only, joined by "; ": "ok" when the
// file is sound. Throws DatabaseError if it cannot be opened or is not a database.
std::string integrity_check(const std::filesystem::path& path);

}  // namespace hd::server

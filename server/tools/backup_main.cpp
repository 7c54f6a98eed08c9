// hd_backup: a consistent copy of the live server database, taken while games run (docs/deploy.md,
// "Backups"; run by deploy/systemd/hundred-days-backup.timer).
//
//   hd_backup --database FILE --to DIR [--keep N]
//
// Copies FILE (read-only, one read transaction: SQLite's online backup) to DIR/.NAME.tmp, runs
// PRAGMA integrity_check on the copy, renames it atomically to DIR/STEM-YYYYMMDDTHHMMSS.mmmZ.sqlite
// (STEM: FILE's name without its extension), then deletes the oldest such files beyond the newest N
// (default 14). Exit status: 0 done (one line on stdout), 1 any failure (a message on stderr; no
// partial copy is left under the final name), 2 bad usage.
//
// A run killed mid-copy (kill -9, a power cut) leaves its DIR/.NAME.tmp (and SQLite's
// .NAME.tmp-journal): the next run first removes every such temporary file of FILE's backups in
// DIR, holding an exclusive lock on DIR (flock) so that it never removes the copy of a run still
// going; a second run while one holds it fails.
#include "database.hpp"
#include "database_backup.hpp"
#include "log.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <regex>
#include <string>
#include <sys/file.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr const char* kUsage = "usage: hd_backup --database FILE --to DIR [--keep N]\n";

// "20261203T084500.123Z": the log's UTC time without its separators (names sort in time order).
std::string utc_stamp() {
  std::string stamp = hd::server::utc_timestamp();
  std::erase_if(stamp, [](char c) { return c == '-' || c == ':'; });
  return stamp;
}

// fsync on a file or folder; throws naming it.
void sync_path(const fs::path& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fsync(fd) != 0) {
    if (fd >= 0) close(fd);
    throw std::runtime_error("cannot sync " + path.string());
  }
  close(fd);
}

// The pattern of this database's backups' names: STEM-YYYYMMDDTHHMMSS.mmmZ.sqlite.
std::string backup_name_pattern(const std::string& stem) {
  return std::regex_replace(stem, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
         R"(-\d{8}T\d{6}\.\d{3}Z\.sqlite)";
}

// Holds an exclusive flock on `folder` for the process's life (released by the kernel, even on
// kill -9); throws if another process holds it.
void lock_folder(const fs::path& folder) {
  const int fd = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open backup folder " + folder.string());
  if (flock(fd, LOCK_EX | LOCK_NB) != 0)
    throw std::runtime_error("another hd_backup is writing to " + folder.string());
}

// Removes the temporary copies (.NAME.tmp, with their -journal) that killed runs left in `folder`;
// returns how many files.
std::size_t remove_stale_copies(const fs::path& folder, const std::string& stem) {
  // The copy and its SQLite rollback journal (seen beside a copy killed by kill -9), or a WAL's.
  const std::regex stale(R"(\.)" + backup_name_pattern(stem) + R"(\.tmp(-journal|-wal|-shm)?)");
  std::vector<fs::path> found;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder))
    if (entry.is_regular_file() && std::regex_match(entry.path().filename().string(), stale))
      found.push_back(entry.path());
  for (const fs::path& path : found)
    fs::remove(path);
  return found.size();
}

}  // namespace

int main(int argc, char** argv) {
  fs::path database, folder;
  long keep = 14;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--database" && has_value) {
      database = argv[++i];
    } else if (arg == "--to" && has_value) {
      folder = argv[++i];
    } else if (arg == "--keep" && has_value) {
      const std::string value = argv[++i];
      char* end = nullptr;
      keep = std::strtol(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || keep < 1) {
        std::cerr << "hd_backup: --keep wants a whole number of at least 1, not '" << value << "'\n";
        return 2;
      }
    } else {
      std::cerr << (arg == "--help" ? "" : "hd_backup: unknown or incomplete argument '" + arg + "'\n")
                << kUsage;
      return arg == "--help" ? 0 : 2;
    }
  }
  if (database.empty() || folder.empty()) {
    std::cerr << kUsage;
    return 2;
  }

  fs::path temporary;
  try {
    std::error_code error;
    fs::create_directories(folder, error);
    if (!fs::is_directory(folder))
      throw std::runtime_error("backup folder " + folder.string() +
                               " is not a folder and cannot be made one" +
                               (error ? " (" + error.message() + ")" : ""));
    if (access(folder.c_str(), W_OK) != 0)
      throw std::runtime_error("backup folder " + folder.string() + " is not writable");

    const std::string stem = database.stem().string();
    lock_folder(folder);
    const std::size_t stale = remove_stale_copies(folder, stem);
    fs::path final_path;
    do {  // two backups in the same millisecond: the second waits for the next one
      final_path = folder / (stem + "-" + utc_stamp() + ".sqlite");
    } while (fs::exists(final_path));
    temporary = folder / ("." + final_path.filename().string() + ".tmp");

    hd::server::backup_database(database, temporary);
    const std::string integrity = hd::server::integrity_check(temporary);
    if (integrity != "ok") throw std::runtime_error("integrity_check of the copy failed: " + integrity);
    sync_path(temporary);
    fs::rename(temporary, final_path);  // atomic: the final name is a whole, checked copy or nothing
    temporary.clear();
    sync_path(folder);

    // Keep the newest `keep` of this database's backups (their names sort in time order).
    const std::regex ours(backup_name_pattern(stem));
    std::vector<fs::path> backups;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
      if (entry.is_regular_file() && std::regex_match(entry.path().filename().string(), ours))
        backups.push_back(entry.path());
    }
    std::sort(backups.begin(), backups.end());
    std::size_t removed = 0;
    while (backups.size() - removed > static_cast<std::size_t>(keep))
      fs::remove(backups[removed++]);

    std::cout << "hd_backup: wrote " << final_path.string() << " (" << fs::file_size(final_path)
              << " bytes, integrity ok); " << backups.size() - removed << " kept, " << removed << " removed";
    if (stale > 0)
      std::cout << "; " << stale << " temporary file" << (stale == 1 ? "" : "s") << " of killed runs removed";
    std::cout << "\n";
    return 0;
  } catch (const std::exception& failure) {
    if (!temporary.empty()) {
      std::error_code ignored;
      fs::remove(temporary, ignored);
    }
    std::cerr << "hd_backup: backup of " << database.string() << " failed: " << failure.what() << "\n";
    return 1;
  }
}

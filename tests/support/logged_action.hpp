// The server's log of a game read back from its SQLite file, as an operator would beside the
// running server: for clients of end-to-end tests and the chaos bot that follow a catch-up past
// what they saw (docs/games.md). Header-only: its users link SQLite.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace hd::test {

// The notation line, with its dice ("die N" / "dice N M ..."), of the game's logged action
// `sequence`. Throws std::runtime_error if the file cannot be read or holds no such action.
inline std::string logged_action_line(const std::filesystem::path& database, std::uint64_t game,
                                      std::uint64_t sequence) {
  sqlite3* db = nullptr;
  std::string line, dice;
  bool found = false;
  if (sqlite3_open_v2(database.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(db, 10000);
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT action, dice FROM game_actions WHERE game_id = ? AND sequence = ?", -1,
                           &statement, nullptr) == SQLITE_OK) {
      sqlite3_bind_int64(statement, 1, static_cast<sqlite3_int64>(game));
      sqlite3_bind_int64(statement, 2, static_cast<sqlite3_int64>(sequence));
      if (sqlite3_step(statement) == SQLITE_ROW) {
        found = true;
        line = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
        dice = reinterpret_cast<const char*>(sqlite3_column_text(statement, 1));
      }
    }
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  if (!found)
    throw std::runtime_error("game " + std::to_string(game) + ": action " + std::to_string(sequence) +
                             " is not in " + database.string());
  if (!dice.empty()) line += (dice.find(' ') == std::string::npos ? " die " : " dice ") + dice;
  return line;
}

}  // namespace hd::test

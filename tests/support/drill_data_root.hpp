// A data root for end-to-end tests that play a drill scenario of the tests' own (not of the book)
// beside the shipped data: links to scenarios/map, armies, tables and the turn track, and a copy of
// tests/terminal/data/<drill>/scenario.txt. Header-only: the including target defines HD_SOURCE_DIR.
#pragma once

#include <filesystem>
#include <string>

namespace hd::test {

// Makes `dir`/data with the shipped data and the drill `drill` (e.g. "reorganization-drill").
inline std::filesystem::path drill_data_root(const std::filesystem::path& dir, const std::string& drill) {
  namespace fs = std::filesystem;
  const fs::path root = dir / "data";
  fs::create_directories(root);
  const fs::path shipped = fs::path(HD_SOURCE_DIR) / "scenarios";
  for (const char* part : {"map", "armies", "tables", "turn-track.txt"})
    if (!fs::exists(root / part)) fs::create_symlink(shipped / part, root / part);
  fs::create_directories(root / drill);
  fs::copy_file(fs::path(HD_SOURCE_DIR) / "tests/terminal/data" / drill / "scenario.txt",
                root / drill / "scenario.txt", fs::copy_options::overwrite_existing);
  return root;
}

}  // namespace hd::test

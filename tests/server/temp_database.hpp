// A path for a new SQLite file in a folder of its own under the system's temporary folder
// (`prefix` names the folder), for the database unit tests.
#pragma once

#include <filesystem>
#include <random>
#include <string>

namespace hd::test {

inline std::filesystem::path fresh_database_path(const std::string& prefix) {
  static std::mt19937_64 random{std::random_device{}()};
  const auto dir = std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(random()));
  std::filesystem::create_directories(dir);
  return dir / "test.sqlite";
}

}  // namespace hd::test

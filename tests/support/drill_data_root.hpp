// A data root for end-to-end tests that play a drill scenario of the tests' own (not of the book)
// beside the shipped data: links to scenarios/map, armies, tables and the turn track, and a copy of
// tests/terminal/data/<drill>/scenario.txt; and the real server started on it.
#pragma once

#include "server_process.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace hd::test {

// Makes `dir`/data with the shipped data and the drill `drill` (e.g. "reorganization-drill").
std::filesystem::path drill_data_root(const std::filesystem::path& dir, const std::string& drill);

// The real server playing from a drill data root; `data_root` is for the clients' own --data.
struct DrillServer {
  std::filesystem::path data_root;
  ServerProcess server;
};

// Empties `dir`, makes the drill data root in it (drill_data_root) and starts the real server with
// `args` followed by --data-root on that root (the last --data-root wins, so `args` may name one).
// Throws as ServerProcess does if the server does not start.
DrillServer drill_server(const std::filesystem::path& dir, const std::string& drill,
                         std::vector<std::string> args);

}  // namespace hd::test

// The disk's ceiling for the limits bench: how many durable SQLite commits this machine makes a
// second, in WAL with synchronous=FULL as the server runs (server/src/database.cpp).
#pragma once

#include <chrono>
#include <filesystem>

namespace hd::bench {

struct CommitRate {
  double commits_per_second = 0;
  double rows_per_second = 0;
  long commits = 0;  // made in the measured time (the workload's size, checked by the caller)
};

// Commits transactions of `rows_per_commit` small rows (an action log's size) into a new database in
// `folder` for `duration`. Throws std::runtime_error on any SQLite failure.
CommitRate measure_commits(const std::filesystem::path& folder, int rows_per_commit,
                           std::chrono::milliseconds duration);

}  // namespace hd::bench

// Child processes for end-to-end tests: run a program to completion with a time limit.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace hd::test {

// Runs argv (argv[0] a path or a name on PATH) and waits at most `timeout`. Returns the exit status,
// 128 + signal number if it died of a signal, or -1 on time-out (the child is then killed).
int run_process(const std::vector<std::string>& argv, std::chrono::seconds timeout);

// Starts argv without waiting; stdout and stderr go to `log_path`. Returns the child's pid.
int spawn_process(const std::vector<std::string>& argv, const std::string& log_path);

// Waits for a spawned child up to `timeout`. Returns its status as run_process does, or -1 if it is
// still running when the time is up (it is left running).
int wait_process(int pid, std::chrono::milliseconds timeout);

}  // namespace hd::test

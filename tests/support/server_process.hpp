// The real hd_server binary, started for one test on 127.0.0.1 with a free port and a fresh SQLite
// file in a new temporary directory.
#pragma once

#include "process.hpp"

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

namespace hd::test {

struct ServerOptions {
  std::vector<std::string> extra_args;  // appended to the command line
  std::filesystem::path directory;      // reuse this data directory (empty: a new temp dir)
};

class ServerProcess {
 public:
  // Starts the server and waits until it reports its port; throws std::runtime_error (with the
  // server's log) if it has not started within 20 s or exits early.
  explicit ServerProcess(ServerOptions options = {});
  // Stops the server with SIGTERM if it is still running.
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  int pid() const { return pid_; }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(port_) + "/"; }
  const std::filesystem::path& directory() const { return directory_; }
  std::filesystem::path database_path() const { return directory_ / "hundred-days.sqlite"; }
  std::filesystem::path log_path() const { return directory_ / "server.log"; }
  // Everything the server has logged so far.
  std::string log() const;

  // Sends `signal` and waits up to 15 s; returns the exit status as wait_process does.
  int stop(int signal = SIGTERM);
  bool running() const { return pid_ > 0; }

 private:
  std::filesystem::path directory_;
  int pid_ = -1;
  int port_ = 0;
};

// Cheap password hashing (Argon2id with 8 MiB and one pass: tests only) and the scenarios in
// `data_root`, for a server a test registers accounts on and plays with.
std::vector<std::string> cheap_hashing_args(const std::filesystem::path& data_root);

// Request rate limits far above anything a test sends (per connection and per client address),
// for a server whose test is not about the rate: with its defaults (20 a second a connection, 60
// an address) every test client on 127.0.0.1 shares one address's budget and the bots of a test
// spend most of their time backing off from RATE_LIMITED.
std::vector<std::string> rate_limits_off_args();

// cheap_hashing_args(data_root) and rate_limits_off_args(): a server a test's bots play on as fast
// as it answers.
std::vector<std::string> unthrottled_args(const std::filesystem::path& data_root);

// A fresh, empty temporary directory for one test.
std::filesystem::path make_temp_directory(const std::string& prefix);

// Path of the server binary under test (set by CMake).
std::string server_binary();

// True when HD_TEST_SERVER_BINARY names another (older) server: a test then starts it without the
// flags it would refuse, to see the test fail before its fix.
bool testing_another_server();

}  // namespace hd::test

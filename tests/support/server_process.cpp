#include "server_process.hpp"

#include "build_paths.hpp"
#include "process.hpp"

#include <chrono>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <stdlib.h>
#include <thread>

namespace hd::test {

std::vector<std::string> cheap_hashing_args(const std::filesystem::path& data_root) {
  return {"--argon2-memory-kib", "8192", "--argon2-operations", "1", "--data-root", data_root.string()};
}

std::vector<std::string> rate_limits_off_args() {
  return {"--rate-limit-per-second",
          "10000",
          "--rate-limit-burst",
          "10000",
          "--rate-limit-per-address-per-second",
          "100000",
          "--rate-limit-per-address-burst",
          "100000"};
}

std::vector<std::string> unthrottled_args(const std::filesystem::path& data_root) {
  std::vector<std::string> args = cheap_hashing_args(data_root);
  const std::vector<std::string> limits_off = rate_limits_off_args();
  args.insert(args.end(), limits_off.begin(), limits_off.end());
  return args;
}

std::filesystem::path make_temp_directory(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + pattern);
  return pattern;
}

std::string server_binary() {
  // HD_TEST_SERVER_BINARY runs the tests against another build (e.g. an older server, to see a
  // regression test fail before its fix).
  if (const char* other = std::getenv("HD_TEST_SERVER_BINARY"); other && *other) return other;
  return hd::test::built_program("hd_server");
}

bool testing_another_server() {
  const char* other = std::getenv("HD_TEST_SERVER_BINARY");
  return other && *other;
}

ServerProcess::ServerProcess(ServerOptions options)
    : directory_(options.directory.empty() ? make_temp_directory("hd-server") : options.directory) {
  const auto port_file = directory_ / "port";
  std::filesystem::remove(port_file);
  std::vector<std::string> argv{server_binary(),    "--listen",   "127.0.0.1",
                                "--port",           "0",          "--port-file",
                                port_file.string(), "--database", database_path().string()};
  argv.insert(argv.end(), options.extra_args.begin(), options.extra_args.end());
  pid_ = spawn_process(argv, log_path().string());

  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(port_file);
    int port = 0;
    if (in >> port && port > 0) {
      port_ = port;
      return;
    }
    const int status = wait_process(pid_, std::chrono::milliseconds(0));
    if (status != -1) {
      pid_ = -1;
      throw std::runtime_error("server exited with status " + std::to_string(status) + ":\n" + log());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  stop(SIGKILL);
  throw std::runtime_error("server did not start within 20 s:\n" + log());
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) stop(SIGTERM);
}

std::string ServerProcess::log() const {
  std::ifstream in(log_path());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int ServerProcess::stop(int signal) {
  if (pid_ <= 0) return -1;
  kill(pid_, signal);
  int status = wait_process(pid_, std::chrono::seconds(15));
  if (status == -1) {
    kill(pid_, SIGKILL);
    status = wait_process(pid_, std::chrono::seconds(5));
  }
  pid_ = -1;
  return status;
}

}  // namespace hd::test

#include "process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>
#include <thread>

namespace hd::test {
namespace {

int decode_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace

int spawn_process(const std::vector<std::string>& argv, const std::string& log_path) {
  if (argv.empty()) throw std::invalid_argument("spawn_process: empty argv");
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    // Nothing else of the test's: a socket it holds open (a test client's connection) must close
    // when the test closes it, not when the last child that inherited it exits.
    closefrom(3);
    execvp(args[0], args.data());
    _exit(127);
  }
  return pid;
}

int wait_process(int pid, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    int status = 0;
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return decode_status(status);
    if (done < 0) return -1;
    if (std::chrono::steady_clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

int run_process(const std::vector<std::string>& argv, std::chrono::seconds timeout) {
  const int pid = spawn_process(argv, "/dev/stderr");
  const int status = wait_process(pid, timeout);
  if (status == -1) {
    kill(pid, SIGKILL);
    int ignored = 0;
    waitpid(pid, &ignored, 0);
  }
  return status;
}

}  // namespace hd::test

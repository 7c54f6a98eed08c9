#include "app/stdin_lines.hpp"

#include <iostream>
#include <utility>

namespace hd::client {

StdinLines::StdinLines() {
  reader_ = std::thread([this] {
    std::string line;
    while (std::getline(std::cin, line)) {
      const std::lock_guard lock(mutex_);
      lines_.push_back(line);
    }
    const std::lock_guard lock(mutex_);
    ended_ = true;
  });
}

StdinLines::~StdinLines() {
  // A blocking read cannot be interrupted portably; the thread ends with the process.
  reader_.detach();
}

std::vector<std::string> StdinLines::take() {
  const std::lock_guard lock(mutex_);
  return std::exchange(lines_, {});
}

bool StdinLines::ended() const {
  const std::lock_guard lock(mutex_);
  return ended_;
}

}  // namespace hd::client

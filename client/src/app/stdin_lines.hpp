// The standard input read line by line on a background thread, for `--script -`: the frame loop
// takes whatever lines have arrived without ever blocking on the pipe.
#pragma once

#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hd::client {

class StdinLines {
 public:
  // Starts reading std::cin at once.
  StdinLines();
  // Leaves the reader (it may be blocked in a read) to end with the process.
  ~StdinLines();
  StdinLines(const StdinLines&) = delete;
  StdinLines& operator=(const StdinLines&) = delete;

  // The lines read since the last call, oldest first.
  std::vector<std::string> take();
  // True once the input has ended (every line before the end has been or can be taken).
  bool ended() const;

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
  bool ended_ = false;
  std::thread reader_;
};

}  // namespace hd::client

// The hand-over from the network thread to the render thread: a mutex-protected queue of events.
#pragma once

#include "model/server_event.hpp"

#include <mutex>
#include <vector>

namespace hd::client {

class EventQueue {
 public:
  // Called from any thread.
  void push(ServerEvent event);
  // Everything pushed since the last call, oldest first (called each frame by the render thread).
  std::vector<ServerEvent> take_all();

 private:
  std::mutex mutex_;
  std::vector<ServerEvent> events_;
};

}  // namespace hd::client

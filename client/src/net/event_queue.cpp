#include "net/event_queue.hpp"

#include <utility>

namespace hd::client {

void EventQueue::push(ServerEvent event) {
  const std::lock_guard lock(mutex_);
  events_.push_back(std::move(event));
}

std::vector<ServerEvent> EventQueue::take_all() {
  std::vector<ServerEvent> taken;
  const std::lock_guard lock(mutex_);
  taken.swap(events_);
  return taken;
}

}  // namespace hd::client

#include "ops/refusal_log_limiter.hpp"

namespace hd::server {

RefusalLogDecision RefusalLogLimiter::on_refusal(std::string_view address, std::string_view kind,
                                                 Clock::time_point now) {
  RefusalLogDecision decision;
  std::string key;
  key.reserve(address.size() + 1 + kind.size());
  key.append(address).push_back('\0');
  key.append(kind);

  const std::lock_guard lock(mutex_);
  while (!entries_.empty() && now - entries_.front().logged_at >= limits_.interval)
    pop_oldest(decision.summaries);
  if (const auto it = by_key_.find(key); it != by_key_.end()) {
    ++it->second->suppressed;
    return decision;
  }
  while (!entries_.empty() && entries_.size() >= limits_.max_entries)
    pop_oldest(decision.summaries);
  if (limits_.max_entries > 0) {
    entries_.push_back(Entry{key, std::string(address), std::string(kind), now, 0});
    by_key_.emplace(std::move(key), std::prev(entries_.end()));
  }
  decision.log = true;
  return decision;
}

std::size_t RefusalLogLimiter::entries() const {
  const std::lock_guard lock(mutex_);
  return entries_.size();
}

void RefusalLogLimiter::pop_oldest(std::vector<SuppressedRefusals>& summaries) {
  Entry& oldest = entries_.front();
  if (oldest.suppressed > 0)
    summaries.push_back(
        SuppressedRefusals{std::move(oldest.address), std::move(oldest.kind), oldest.suppressed});
  by_key_.erase(oldest.key);
  entries_.pop_front();
}

}  // namespace hd::server

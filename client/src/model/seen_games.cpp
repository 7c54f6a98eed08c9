#include "model/seen_games.hpp"

#include <algorithm>

namespace hd::client {

void SeenGames::note(std::uint64_t game_id, std::uint64_t sequence) {
  if (game_id == 0) return;
  const auto found = std::find_if(games_.begin(), games_.end(),
                                  [&](const SeenGame& seen) { return seen.game_id == game_id; });
  if (found != games_.end()) games_.erase(found);
  games_.insert(games_.begin(), SeenGame{game_id, sequence});
  if (games_.size() > kMaxGames) games_.resize(kMaxGames);
}

void SeenGames::append(std::uint64_t game_id, std::uint64_t sequence) {
  if (game_id == 0 || games_.size() >= kMaxGames || last_seen(game_id)) return;
  games_.push_back(SeenGame{game_id, sequence});
}

std::optional<std::uint64_t> SeenGames::last_seen(std::uint64_t game_id) const {
  for (const SeenGame& seen : games_)
    if (seen.game_id == game_id) return seen.sequence;
  return std::nullopt;
}

}  // namespace hd::client

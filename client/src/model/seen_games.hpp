// The last action the player saw of each game, the most recently seen first and bounded, so that a
// game reopened later (in this process or, saved with model/saved_session, in the next) asks the
// server for a catch-up from there (docs/games.md, "Catch-up").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hd::client {

struct SeenGame {
  std::uint64_t game_id = 0;
  std::uint64_t sequence = 0;  // the last action seen (0: none)

  bool operator==(const SeenGame&) const = default;
};

class SeenGames {
 public:
  // How many games are remembered: the most recently seen; older ones are forgotten.
  static constexpr std::size_t kMaxGames = 50;

  // The game was seen at `sequence`: it becomes the most recent (a game id of 0 is ignored).
  void note(std::uint64_t game_id, std::uint64_t sequence);
  // Adds a game as the least recent (loading a saved list, most recent first); ignored when the
  // game is already known or the list is full.
  void append(std::uint64_t game_id, std::uint64_t sequence);
  // The last action seen of `game_id`, if it is remembered.
  std::optional<std::uint64_t> last_seen(std::uint64_t game_id) const;
  // The games, the most recently seen first.
  const std::vector<SeenGame>& games() const { return games_; }

  bool operator==(const SeenGames&) const = default;

 private:
  std::vector<SeenGame> games_;
};

}  // namespace hd::client

// The client's copy of a game's engine state, kept in step with the server by replaying every
// GameUpdate's action (its notation text, with the die the server's CombatResolved event reports).
// Bots choose their moves from it. It holds only what the server sent: under the standard rules
// every seat sees the whole board (view.hpp), so nothing hidden is learned. After each update the
// replica's view is compared with the server's, so a divergence is caught at once.
// A game with fog of war (16.3, issue 14) cannot be followed so: each side is sent only what it
// learns of, numbered by side, with the enemy's lines cut. Such a game gets no replica (make_replica).
#pragma once

#include <hd/engine/state/game_state.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hd::term {

class GameReplica {
 public:
  // Starts the scenario named in the snapshot from the data root. Only a snapshot at sequence 0
  // can be followed (later ones would need the actions before it); `error()` says why not.
  GameReplica(const hundred_days::v1::GameSnapshot& snapshot, const std::filesystem::path& data_root);

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  const engine::GameState& state() const { return state_; }
  std::uint64_t sequence() const { return sequence_; }

  // Applies one update (the next sequence, or an undo). False (and error() set) if it cannot be
  // applied or the replica's view differs from the view the server sent.
  bool apply(const hundred_days::v1::GameUpdate& update);

 private:
  struct Applied {
    engine::Side side;
    std::string line;
    std::vector<int> dice;
  };
  bool replay_to(std::uint64_t sequence);
  bool apply_line(const std::string& line, const std::vector<int>& dice, std::uint64_t sequence);

  engine::GameState initial_;
  engine::GameState state_;
  std::uint64_t sequence_ = 0;
  std::vector<Applied> applied_;
  std::string error_;
};

// 16.3 (issue 14): true when the game is played with fog of war, its scenario naming "16.3" among
// its optional rules or its missing ones (a development server's game).
bool fog_of_war(const hundred_days::v1::ScenarioInfo& scenario);

// Said once when a game with fog of war is opened.
inline constexpr const char* kFogNotice =
    "fog of war (16.3): the board shown is your side's view from the server; no local replica";

// The replica for a game opened with `snapshot`: none with no data root, or in a game with fog of
// war (fog_of_war), where a replay with full knowledge could not follow the side's stream.
std::optional<GameReplica> make_replica(const hundred_days::v1::GameSnapshot& snapshot,
                                        const std::filesystem::path& data_root);

}  // namespace hd::term

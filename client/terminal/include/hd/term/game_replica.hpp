// The client's copy of a game's engine state, kept in step with the server by replaying every
// GameUpdate's action (its notation text, with the die the server's CombatResolved event reports).
// Bots choose their moves from it. It holds only what the server sent: under the standard rules
// every seat sees the whole board (view.hpp), so nothing hidden is learned. After each update the
// replica's view is compared with the server's, so a divergence is caught at once.
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

}  // namespace hd::term

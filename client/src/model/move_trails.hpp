// The last player turn's moves (issue 16, "following the game"): each unit moved in the player turn
// before the current one and in the current one so far, with the hex it started from and the hexes
// it went through, taken from the UnitMoved, UnitRetreated and UnitAdvanced events of the updates
// this seat received (already redacted for it by the server). Pure: no drawing, no network.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hundred_days/v1/protocol.pb.h>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace hd::client {

namespace pb = hundred_days::v1;

// One unit's trail in one player turn.
struct MoveTrail {
  std::uint32_t unit = 0;
  std::vector<engine::Hex> hexes;  // the hex it started from first, then each hex entered, in order
  bool earlier_turn = false;       // moved in the player turn before the current one
};

// A player turn: the game turn (index into ScenarioInfo.turns) and the phasing side (4.1).
struct PlayerTurn {
  std::uint32_t turn = 0;
  pb::Side side = pb::SIDE_UNSPECIFIED;
  bool operator==(const PlayerTurn&) const = default;
};

class MoveTrails {
 public:
  // Forgets every move: a snapshot (a game opened, reopened or resumed) carries none, so nothing is
  // shown until updates bring moves. `view`'s player turn becomes the current one.
  void reset(const pb::GameView& view);
  // Records the moves of `update`, the update that follows `before` (the view before it): each
  // PhaseStarted of a new player turn, and the view after, make the current turn's moves the
  // previous turn's and drop the older ones. An undo update restores the trails as they stood
  // before the update it takes back (none if that is no longer known).
  void apply(const pb::GameView& before, const pb::GameUpdate& update);
  // The previous player turn's trails, then the current one's, each by unit index.
  std::vector<MoveTrail> trails() const;

  // How many updates back an undo can restore the trails (an undo takes back one action, 5.1C).
  static constexpr std::size_t kUndoDepth = 16;

 private:
  struct Turns {
    std::optional<PlayerTurn> current;
    std::map<std::uint32_t, std::vector<engine::Hex>> previous;
    std::map<std::uint32_t, std::vector<engine::Hex>> now;
  };
  // Makes `turn` the current player turn if it is a new one.
  void roll_to(const PlayerTurn& turn);
  // Adds the hexes from `from` (if known) through `path` to `unit`'s trail in the current turn.
  void extend(std::uint32_t unit, std::optional<engine::Hex> from, const std::vector<engine::Hex>& path);

  Turns turns_;
  std::map<std::uint64_t, Turns> before_update_;  // by the update's sequence: the trails before it
};

}  // namespace hd::client

// 16.3, 7.3: each hex's field of view, kept. Whether a piece in one hex can see another depends
// only on the map, the terrain effects and the hexes (7.3's line of sight); the turn only sets how
// far (observation.hpp). So the hexes a hex sees within the longest distance (10) are traced once,
// at the first question about that hex, and kept for the ruleset's life: observing is then a
// lookup. Shared by every game of the ruleset and safe to ask from several threads at once.
#pragma once

#include <hd/engine/board/hex.hpp>

#include <atomic>
#include <bitset>
#include <memory>

namespace hd::engine {

struct Ruleset;

class FieldsOfView {
 public:
  // The longest observation distance (16.3, daylight); lines are kept to this distance.
  static constexpr int kReach = 10;

  explicit FieldsOfView(GridBounds bounds);
  ~FieldsOfView();
  FieldsOfView(const FieldsOfView&) = delete;
  FieldsOfView& operator=(const FieldsOfView&) = delete;

  // The fields of view of `rules`' map: the ones another ruleset alive in this process already
  // keeps if its map and terrain effects block sight in exactly the same hexes and hexsides (every
  // game of a scenario, and the scenarios sharing a map), else new ones. So a server traces each
  // hex's field once, not once per game.
  static std::shared_ptr<const FieldsOfView> shared_for(const Ruleset& rules);

  // True if `observer` has a clear line of sight (7.3) to `observed`, which lies within kReach of
  // it; hexes off the grid or farther away are answered by tracing the line. `rules` must be
  // the ruleset this cache belongs to.
  bool clear(const Ruleset& rules, Hex observer, Hex observed) const;

 private:
  static constexpr int kSpan = 2 * kReach + 1;
  using Field = std::bitset<kSpan * kSpan>;  // by (column, row) offset from the observer

  const Field& field(const Ruleset& rules, Hex observer) const;

  GridBounds bounds_;
  // One slot per hex of the grid, filled at the first question (whoever finishes first keeps it).
  std::unique_ptr<std::atomic<const Field*>[]> fields_;
};

}  // namespace hd::engine

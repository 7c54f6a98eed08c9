// 14.0 Supply: the line of supply (14.0 "Supply Procedure", 14.1 Supply Sources, 14.2 Blocking Supply).
// A line runs from a hex to one of the army's supply source hexes (the map's `supply` lines, 14.1):
// its first five hexes may be of any terrain, every later hex is a road or trail hex connected to
// the source; it
// never enters an enemy-occupied hex or crosses prohibited terrain (14.2), and enemy zones of control
// do not block it (14.2). Reusable: the daily check (supply_check.hpp), and later 16.17, 16.18 and
// 22.4B ("a French line of supply from 0605").
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <cstddef>
#include <optional>
#include <vector>

namespace hd::engine {

// 14.0: the number of hexes at the start of a line that may be of any terrain.
inline constexpr int kSupplyFreeHexes = 5;

// The hexes from which an army's supply runs to a source along roads and trails alone (14.0),
// through no enemy-occupied hex (14.2): worked out once per army and state, then asked for every
// unit. Work: one pass over the units and one breadth-first search over the hexes of the playing
// area (each visited once).
class SupplyNetwork {
 public:
  SupplyNetwork(const GameState& state, Army army);

  Army army() const { return army_; }
  // True if a road-and-trail line runs from `hex` to a source (a source itself included).
  bool connected(Hex hex) const;
  // True if `hex` is connected and a road or trail hex: reached from its source along a road or
  // trail, or a source hex with a road or trail on one of its hexsides (14.0 "the remainder must be
  // connected road and/or trail hexes").
  bool on_road(Hex hex) const;
  // The road-and-trail line from a connected `hex` to its source, `hex` first; empty if none.
  std::vector<Hex> line_from(Hex hex) const;
  // True if a line of this army may enter the hex: on the map, in the playing area (3.2A) and not
  // occupied by an enemy unit (14.2), in the state the network was built from.
  bool may_enter(Hex hex) const;
  // Hexes the search visited (for the benchmark's check that its workload is real).
  std::size_t visited() const { return visited_; }

 private:
  int slot(Hex hex) const;

  Army army_;
  const GameMap* map_ = nullptr;
  int columns_ = 0;
  int rows_ = 0;
  std::vector<char> open_;  // per hex slot: in the playing area and not enemy-occupied (14.2)
  std::vector<int> next_;   // per hex slot: the slot one step nearer the source; -1 unreached, -2 source
  std::size_t visited_ = 0;
};

// 14.2: true if a line may step from `from` into the neighbouring `to`: not across prohibited terrain
// (a river without a bridge, a lake hexside: what 5.2A prohibits to every mover).
bool supply_may_cross(const Ruleset& rules, Hex from, Hex to);

// The line of supply of `army` from `from` (first) to a source hex (last), or nullopt if none: the
// first kSupplyFreeHexes hexes (not counting `from`) of any terrain, every later hex a road or trail
// hex of the network (14.0). `from` itself may hold anything (a friendly unit, or an exited unit's hex
// for 22.4B). Work: at most the free hexes' neighbourhood (127 hexes) besides the network's search.
std::optional<std::vector<Hex>> supply_line(const GameState& state, const SupplyNetwork& network, Hex from);

// The same, working out the network first: for one question. For many, build the network once.
std::optional<std::vector<Hex>> supply_line(const GameState& state, Army army, Hex from);

// True if the unit, on the map, traces a line of supply (14.0).
bool in_supply(const GameState& state, const SupplyNetwork& network, UnitIndex unit);

}  // namespace hd::engine

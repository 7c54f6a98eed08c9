// 16.17 Supply Trains: "Each army has a single supply trains counter. It is the sole supply source
// for the army: units of its army may trace a supply line to it for purposes of general supply
// (14.0 & 16.18) and reorganization supply (16.16C)." The counter is a piece of its own kind
// (UnitType::SupplyTrain, units.tsv): no combat strength and no ZOC (16.17C), moving only on roads
// and trails, never at night, 1 MP in rain, never into an EZOC (16.17A), stacking with nothing
// (16.17B). The module (rules/variant/supply_trains_16_17.cpp) gives its movement and combat terms;
// the core's movement, retreat, stacking and combat checks read UnitState::is_supply_train().
// Readings of the silent cases: docs/rules-notes.md, 16.17.
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <optional>
#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kSupplyTrainsRule = "16.17";

// 16.17A: a supply train's movement allowance in rain, in half MP (1 MP).
inline constexpr int kSupplyTrainRainHalfMp = 2;

// 16.17C: true if every one of `defenders` (at least one) is a supply train: a combat any attack on
// which destroys them, with no defence strength needed.
bool only_supply_trains(const GameState& state, const std::vector<UnitIndex>& defenders);

// The army's supply train piece, or nullopt where the game has none for it.
std::optional<UnitIndex> supply_train_of(const GameState& state, Army army);

// 16.17: the hexes the army's lines of supply are traced to, where 16.17 is in force and the army
// has a train in the game; nullopt otherwise (14.1's map sources apply). The train's hex while it is
// on the map; its entry hexes while it waits to enter (it is on the road just off the map); once it
// has exited, its side's exit hexes where 28.0E is in force (the French trace to 0605, beyond which
// it went), else none; none once it is destroyed. Work: one pass over the units.
std::optional<std::vector<Hex>> supply_train_sources(const GameState& state, Army army);

}  // namespace hd::engine

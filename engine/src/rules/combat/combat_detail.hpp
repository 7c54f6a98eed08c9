// Helpers shared by the combat rules' files (6.0-8.0): private to the engine.
#pragma once

#include <hd/engine/rules/combat/combat.hpp>

#include <set>
#include <string>
#include <vector>

namespace hd::engine::combat_detail {

// Forest or marsh: cavalry is halved attacking into it and defending in it (TEC).
bool rough(HexTerrain terrain);

// 8.2: only undemoralized infantry in a chateau gets the chateau's benefits.
bool chateau_infantry(const GameState& state, const UnitState& unit);

// The hexes the units stand in.
std::set<Hex> hexes_of(const GameState& state, const std::vector<UnitIndex>& units);

// 6.6C: the unit retreated (or was displaced) into its hex earlier in this combat phase.
bool retreated_this_phase(const GameState& state, const UnitState& unit);

bool contains(const std::vector<UnitIndex>& units, UnitIndex u);

// Removes a unit from play, adding its strength to its army's losses (9.0).
void eliminate(GameState& state, UnitIndex index, const std::string& reason, std::vector<Event>& events);

// True if `entering` would overfill `hex` with its side's units there (5.4, 8.1A, 16.1B).
bool full_friendly_hex(const GameState& state, Hex hex, UnitIndex entering);

// 6.6D: can `unit` get out of its hex without being eliminated, displacing others if it must?
bool can_retreat_safely(const GameState& state, UnitIndex unit, int depth);

// 8.1B: the defenders' hexes a victorious attacker may advance into once they are empty: not a
// chateau after defending infantry (rifles too, 16.1B) was eliminated or retreated from it.
std::vector<Hex> defender_hexes_open_to_advance(const GameState& state,
                                                const std::vector<UnitIndex>& defenders);

// Offers the advance once no retreat is pending, for the losers' hexes that are now empty; drops
// it if nothing can advance. Also eliminates retreating units that have nowhere to go (6.6).
void settle(GameState& state, std::vector<Event>& events);

}  // namespace hd::engine::combat_detail

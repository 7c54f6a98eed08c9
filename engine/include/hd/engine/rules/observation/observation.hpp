// 16.3 Observation (variant rule): who sees whom. The maximum distance is 10 hexes on daylight
// turns, 5 on rain turns (4.3, 16.5) and 1 on night turns (4.2); 26.0D's mud turns, played as rain
// turns, keep 10. The distance counts the observed hex, not the observer's (the hex distance). A
// unit or leader is observed by any enemy unit or leader within that distance with a line of sight
// to it (7.3: forest, town and chateau hexes and crest hexsides block); between adjacent hexes the
// line is never blocked. Fog of war (issue 14) and hidden movement (16.6) build on this: what a
// side observes now is what it may be shown of the enemy.
#pragma once

#include <hd/engine/board/hex.hpp>
#include <hd/engine/state/game_state.hpp>

#include <vector>

namespace hd::engine {

// 16.3: the maximum observation distance on the game's current turn.
int observation_distance(const GameState& state);

// 16.3: true if a piece in `observer` observes a piece in `observed` at the maximum distance
// `distance`: within it, and with a clear line of sight (7.3) unless the hexes are adjacent. A hex
// observes itself.
bool observes(const Ruleset& rules, Hex observer, Hex observed, int distance);

// The hexes holding a piece of `side` on the map, each once, ascending: where the side observes from.
std::vector<Hex> observing_hexes(const GameState& state, Side side);

// 16.3: the area `side` observes now: every hex of the map (its grid bounds) that some unit or
// leader of `side` on the map observes at the current turn's distance (observation_distance), each
// once, ascending. A hex holding a piece of the side is in it (a hex observes itself), and so are
// its neighbours (never blocked). Empty if the side has no piece on the map. Whether 16.3 is in
// force is the caller's question. Work: one sweep of the hexes within the distance of each
// observing hex (observing_hexes), the lines of sight read from the ruleset's kept fields of view.
std::vector<Hex> observed_area(const GameState& state, Side side);

// 16.3: for every unit of the game (by UnitIndex), true if it is on the map, not of `side`, and
// observed by a unit or leader of `side` on the map at the current turn's distance.
std::vector<bool> observed_by(const GameState& state, Side side);

}  // namespace hd::engine

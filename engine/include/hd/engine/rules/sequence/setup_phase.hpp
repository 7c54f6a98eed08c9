// The set-up phase (3.2C): before the first turn, each side whose scenario places units "w/N" may
// move each such unit to any hex within N of its named hex, respecting stacking. The engine's own
// placement (game_setup.hpp) is the default, so ending the phase at once accepts it.
#pragma once

#include <hd/engine/state/events.hpp>
#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <optional>
#include <vector>

namespace hd::engine {

// Puts a "w/N" unit in another hex of its placement radius during its side's set-up.
struct PlaceAction {
  UnitIndex unit = 0;
  Hex hex;
};

// True if `side` has units placed "w/N" in this game, or units a rule lets it place (23.0B): it then
// sets up before play begins.
bool has_setup_choices(const GameState& state, Side side);

// The hexes `unit` may be placed in now: within its radius of its named hex, in the playing area,
// not enemy-occupied, and with room (one unit for an "unstacked" group, else the stacking limit,
// counting the friendly units already there other than itself); for a leader, those holding a
// friendly combat unit (10.1A); then the rules' changes (23.0B). Empty outside its side's set-up.
std::vector<Hex> placement_hexes(const GameState& state, UnitIndex unit);

// Checks a placement by `side` (3.2C).
std::optional<Refusal> check_place(const GameState& state, Side side, const PlaceAction& place);

// Carries out a checked placement.
void resolve_place(GameState& state, const PlaceAction& place, std::vector<Event>& events);

}  // namespace hd::engine

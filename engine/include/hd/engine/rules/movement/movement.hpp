// Movement (5.0): what a move costs, where zones of control reach, which hexes a unit can reach
// and by which path. All costs are in half movement points (5.2B keeps road fractions).
#pragma once

#include <hd/engine/state/game_state.hpp>
#include <hd/engine/state/refusal.hpp>

#include <optional>
#include <vector>

namespace hd::engine {

MoverClass mover_class(UnitType type);

// True if a zone of control reaches from `from` into the neighbouring `to`: not across a river
// without a bridge or a lake hexside (5.3 and its diagram), never into a chateau (5.3, 8.2A).
// Scenario options may close bridges to ZOC too (25.0E "Bridge hexsides block ZOC").
bool zoc_reaches(const Ruleset& rules, Hex from, Hex to);

// True if a unit of `side` in `hex` is in an enemy zone of control (5.3): an enemy unit on the map
// in a neighbouring hex, not across a river without a bridge or a lake (5.3, ZOC diagram), and
// `hex` is not a chateau (ZOC never extends into chateaux: 5.3, 8.1).
bool in_enemy_zoc(const GameState& state, Hex hex, Side side);

// The cost in half MP for a unit of `mover` class to move from `from` into the neighbouring `to`:
// the path rate when a road or trail joins them (5.2B), else the hex's terrain, plus hexside costs
// (5.2A, cumulative: 5.2C). nullopt if prohibited (rivers without bridges, lakes).
std::optional<int> step_cost(const Ruleset& rules, MoverClass mover, Hex from, Hex to);

// The cost in half MP to enter the map at `hex` (5.6): the hex's cost, or the road rate if a road
// runs through the entry hex, plus one more stack's worth (1 MP, or 1/2 MP on a road) for each
// stack that already entered there this phase (5.6A).
int entry_cost(const GameState& state, const UnitState& unit, Hex hex);

// Movement allowance this phase in half MP (halved on a half-MA entry).
// Scenario options may change it (25.0E: the French Fourth Corps moves double on 18/1200).
int movement_allowance(const GameState& state, const UnitState& unit);

// The hexes where a waiting reinforcement may enter now: its entry hexes, or, if all are blocked by
// enemy units or EZOC, the closest free edge hexes of the playing area (5.6D).
std::vector<Hex> entry_hexes_now(const GameState& state, const UnitState& unit);

struct MoveRequest {
  UnitIndex unit = 0;
  std::vector<Hex> path;  // hexes entered in order (the start hex is not listed); a reinforcement's
                          // path starts with its entry hex
  bool exit_map = false;  // leave the map from the last hex of the path (5.5)
};

// 5.4, 8.1A: whether `unit` may end its move in `end`. Over-stacking is checked at the end of the
// phase, so a move may end in a hex already at its limit only while enough friendly combat units
// there may still move away; otherwise the phase could never end (docs/rules-notes.md, 5.4).
// Leaders stack freely (10.1B). Exiting the map (5.5) does not end a move in a hex.
std::optional<Refusal> end_of_move_refusal(const GameState& state, UnitIndex unit, Hex end);

// Checks a move against 5.0-5.6 for the phasing side; nullopt if legal. Returns the half MP spent.
// check_move and reachable_hexes take the same steps (one start check, entry, step and exit cost).
std::optional<Refusal> check_move(const GameState& state, const MoveRequest& move, int* spent_half = nullptr);

// 16.6B: a path walked by `units` moving as one piece from `start` (an HM marker standing for them):
// each step checked as each unit's own step would be (5.0-5.3, and the hexes the rules close to it) and
// costing the highest of their costs, a stop on entering an enemy zone of control if any of them would
// stop, the whole within the slowest allowance. The caller checks the phase, the piece and where it may
// stand. Returns the half MP spent, like check_move.
std::optional<Refusal> check_group_path(const GameState& state, const std::vector<UnitIndex>& units,
                                        Hex start, const std::vector<Hex>& path, int* spent_half = nullptr);

// The half MP `move`, a move check_move accepted, spends on the first `hexes` hexes of its path, as
// check_move costs them (a move cut short: 16.6C).
int path_cost(const GameState& state, const MoveRequest& move, std::size_t hexes);

struct ReachableHex {
  Hex hex;
  int cost_half = 0;      // cheapest cost to get there
  std::vector<Hex> path;  // the cheapest path (start hex not included)
  bool can_exit = false;  // the unit could leave the map from here (5.5)
  bool can_stop = true;   // the move may end here (5.4, 8.1A: end_of_move_refusal)
};

// Every hex the unit can end its move in this phase, with the cheapest cost and path (for the
// client's shading and for bots). Empty if the unit may not move.
std::vector<ReachableHex> reachable_hexes(const GameState& state, UnitIndex unit);

// The hexes from which units of `army` may leave the map in this scenario (5.5).
bool is_exit_hex(const Ruleset& rules, Army army, Hex hex);

// The cost in half MP to leave the map from the edge hex `hex` (5.5): the cost to enter it, where
// "it may use a road or trail": the road or trail rate if such a path runs through the hex
// (docs/rules-notes.md, 5.5).
int exit_cost(const Ruleset& rules, MoverClass mover, Hex hex);

}  // namespace hd::engine

// 11.0 Command: who gives command to whom (11.0 "Command Procedure", 11.1 Leaders and Command,
// 11.2 Tracing Command). A pure function of the game state: commanders place officers and units in
// command up to their capacity within five hexes, officers in command pass it to the units of their
// organization within three, each range traced around prohibited terrain, enemy-occupied hexes and
// enemy zones of control no friendly combat unit holds (11.2).
#pragma once

#include <hd/engine/state/game_state.hpp>

#include <map>
#include <vector>

namespace hd::engine {

// 11.0: the range, in hexes, of a commander's command (to officers and units) and of an officer's.
inline constexpr int kCommanderRange = 5;
inline constexpr int kOfficerRange = 3;

// 11.1A: a commander's command capacity rating from the order of battle (leaders.tsv), the same
// number of officers and of units. 0 where the data gives no whole number (16.1C's rolled capacity
// of the sick Napoleon is not built: docs/rules-notes.md, 11.1A).
int command_capacity(const Ruleset& rules, const UnitState& commander);

// 11.1B: true if `unit` belongs to the officer's organization: same army, and its command
// designation is the officer's ("[2]") or a division of it ("5/[2]").
bool in_organization(const UnitState& unit, const UnitState& officer);

// 11.2: the hexes command of `side` reaches from `from` within `range` hexes, with each one's
// distance in half hexes (2 a step). The leader's own hex is not counted (distance 0); a hex is
// entered only if it is on the map and in the playing area, the step is not prohibited to a leader
// (who moves as cavalry, 10.1C: rivers without bridge, lakes), it holds no enemy combat unit and it
// is not in an enemy ZOC unless a friendly combat unit occupies it. With `paths_count_half` (24.1A) a
// step along a road or trail (across a hexside it crosses) counts one half hex. Work: a shortest-path
// search over the hexes within 2r steps, at most 1 + 6r(2r+1) (1 + 3r(r+1) without roads).
std::map<Hex, int> command_reach(const GameState& state, Hex from, Side side, int range,
                                 bool paths_count_half = false);

// A leader's command range as a player asks to see it (11.1A, 11.1B, 11.2): the hexes his command
// reaches now (kCommanderRange for a commander, kOfficerRange for an officer, traced as
// command_reach() does, with the rules' measure: 24.1A), his own hex first; and the officers and units
// he gives command to in his side's command structure now (trace_command()). Empty for a piece that
// is not a leader on the map.
struct LeaderCommandRange {
  int range = 0;
  std::vector<Hex> hexes;
  std::vector<UnitIndex> commanded;
};
LeaderCommandRange leader_command_range(const GameState& state, UnitIndex leader);

// One link of the command structure: `leader` gives command to `receiver` (an officer or a unit).
struct CommandLink {
  UnitIndex leader = 0;
  UnitIndex receiver = 0;
  friend bool operator==(const CommandLink&, const CommandLink&) = default;
};

// The command structure of one side now (11.0-11.2).
struct CommandStructure {
  std::vector<CommandLink> links;  // commander -> officer, commander -> unit, officer -> unit
  // By unit index: true for a combat unit or officer of the side on the map that receives command,
  // and for the side's commanders on the map (command originates with them). False otherwise.
  std::vector<bool> in_command;
  // By unit index: true for a leader who gives command to anyone.
  std::vector<bool> gives_command;
};

// 11.0-11.2: the command structure of `side`. Where capacity is short the engine decides, by a
// fixed rule (docs/rules-notes.md, 11.1A): first as many officers as possible are placed in command,
// preferring those who would pass it to more units (ties: order of the units); then the commanders'
// unit capacity commands as many of the remaining units as possible (ties: order of the units).
// 11.1C: a leader commands only his own army (Allied and Prussian commanders never each other's).
// Work: one traced range per leader on the map and two bipartite matchings over the side's leaders
// and units.
CommandStructure trace_command(const GameState& state, Side side);

// The same matching among `pieces` (units and leaders of one side, wherever they are) with every
// range taken as reached: 22.4B's exited units and leaders, "all considered within the appropriate
// command distance".
CommandStructure command_within_reach(const GameState& state, const std::vector<UnitIndex>& pieces);

}  // namespace hd::engine

// 4.1A Command Segment, 11.0 "Command Procedure": at the start of each daylight player turn with
// 11.0 in force the phasing side's command status is determined (trace_command, command_range.hpp)
// and kept in 11.0's slot of the state (CommandState, command_state.hpp) until its next command
// segment (11.3): out_of_command lists every combat unit and officer that receives no command,
// gave_command every leader who gives it (10.1C: he then moves with half his allowance).
#pragma once

#include <hd/engine/state/game_state.hpp>

namespace hd::engine {

// 4.1A, 11.0: the command segment of `side`. Units and leaders of the side not on the map are
// neither out of command nor giving it (a reinforcement arriving later in the turn carries no OOC
// marker: docs/rules-notes.md, 11.0). No decision: trace_command decides a short capacity.
void determine_command(GameState& state, Side side);

// 11.3: true if the unit is out of command now (marked in its side's last command segment); false
// in a game without 11.0.
bool out_of_command(const GameState& state, UnitIndex unit);

// 11.3B (and 16.15B): true if the attack is out of command: one out-of-command unit among the
// attackers (adjacent or bombarding) makes them all so; not an adjacent one whose out-of-command
// attacks a rule lets have normal results (24.1A).
struct AttackAction;
bool attack_out_of_command(const GameState& state, const AttackAction& attack);

// 10.1C: true if the leader gave command in his side's last command segment.
bool gave_command(const GameState& state, UnitIndex unit);

// Marks or clears a unit out of command until its side's next command segment (tests and scenario
// set-ups; the command segment sets every mark itself).
void set_out_of_command(GameState& state, UnitIndex unit, bool marked);

// 4.2: at night no command is given: no leader of `side` is giving command (the marks stay).
void clear_gave_command(GameState& state, Side side);

}  // namespace hd::engine

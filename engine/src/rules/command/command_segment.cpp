// 4.1A, 11.0: the command segment (command_segment.hpp).
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>

namespace hd::engine {

void determine_command(GameState& state, Side side) {
  const CommandStructure structure = trace_command(state, side);
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    UnitState& unit = state.units[i];
    if (side_of(unit.army) != side) continue;
    const bool receives = !unit.is_leader() || !is_commander(*state.rules, unit);
    unit.out_of_command = unit.on_map() && receives && !structure.in_command[i];
    unit.gave_command = unit.on_map() && structure.gives_command[i];
  }
}

bool out_of_command(const GameState& state, UnitIndex unit) {
  return unit < state.units.size() && state.units[unit].out_of_command;
}

}  // namespace hd::engine

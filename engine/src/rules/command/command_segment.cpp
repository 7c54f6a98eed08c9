// 4.1A, 11.0: the command segment (command_segment.hpp), kept in 11.0's state slot.
#include <hd/engine/rules/command/command_range.hpp>
#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/command/command_state.hpp>
#include <hd/engine/rules/leaders/leaders.hpp>
#include <hd/engine/state/sorted_list.hpp>

#include <algorithm>

namespace hd::engine {
namespace {

[[maybe_unused]] void every_member_is_walked(CommandState& c) {
  HD_ALL_MEMBERS_WALKED(CommandState, c, c1, c2);
}

// 11.0's slot, made the first time the rule acts (its opening hook, at the start of the game).
CommandState& command_state(GameState& state) {
  if (auto* command = state.rule_state.find<CommandState>(kCommandRule)) return *command;
  return state.rule_state.add<CommandState>(kCommandRule);
}

}  // namespace

void determine_command(GameState& state, Side side) {
  const CommandStructure structure = trace_command(state, side);
  CommandState& command = command_state(state);
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    const UnitState& unit = state.units[i];
    if (side_of(unit.army) != side) continue;
    const auto index = static_cast<UnitIndex>(i);
    const bool receives = !unit.is_leader() || is_officer(*state.rules, unit);  // not a commander or HQ
    sorted_mark(command.out_of_command, index, unit.on_map() && receives && !structure.in_command[i]);
    sorted_mark(command.gave_command, index, unit.on_map() && structure.gives_command[i]);
  }
}

bool out_of_command(const GameState& state, UnitIndex unit) {
  const auto* command = state.rule_state.find<CommandState>(kCommandRule);
  return command && sorted_contains(command->out_of_command, unit);
}

bool gave_command(const GameState& state, UnitIndex unit) {
  const auto* command = state.rule_state.find<CommandState>(kCommandRule);
  return command && sorted_contains(command->gave_command, unit);
}

void set_out_of_command(GameState& state, UnitIndex unit, bool marked) {
  sorted_mark(command_state(state).out_of_command, unit, marked);
}

void clear_gave_command(GameState& state, Side side) {
  std::erase_if(command_state(state).gave_command,
                [&](UnitIndex unit) { return side_of(state.units[unit].army) == side; });
}

}  // namespace hd::engine

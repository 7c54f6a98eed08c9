// 11.0's own state, in its slot of GameState::rule_state (state/rule_slots.hpp): the marks of each
// side's last command segment (4.1A), kept until that side's next one (11.3).
#pragma once

#include <hd/engine/state/field_walk.hpp>

#include <string_view>
#include <vector>

namespace hd::engine {

inline constexpr std::string_view kCommandRule = "11.0";

struct CommandState {
  std::vector<UnitIndex> out_of_command;  // 11.3: combat units and officers marked out of command, ascending
  std::vector<UnitIndex> gave_command;    // 10.1C: leaders who gave command, ascending
  bool operator==(const CommandState&) const = default;
};

template <>
struct Fields<CommandState> {
  using C = CommandState;
  static constexpr auto list =
      std::make_tuple(field("out_of_command", &C::out_of_command), field("gave_command", &C::gave_command));
};

}  // namespace hd::engine

// The plain-text notation for actions and events, shared by the scripting tool, bots, tests and the
// server's game records (docs/notation.md). One action per line, prefixed by the side that takes it:
//   french move Bach 1745 1746          a reinforcement's first hex is its entry hex
//   french move Bach 1201 exit          leave the map from the last hex (5.5)
//   french end                          end the phase
//   french attack Bach Foy on Blndt reduce 1 die 4
//   french exchange Bach                the attackers an exchange eliminates (6.5A)
//   coalition place 2/5 3652            set a "w/N" unit up elsewhere in its radius (3.2C)
//   french end dice 4 2                 any action ends with the dice it consumed, if any
//   coalition retreat Blndt 1642        retreat Blndt 1642 displace Kruse | retreat Blndt stay
//   french advance Bach 1641            advance none
// Units are named by id, or ARMY:ID where the id is not unique on the map; names with spaces are
// written in double quotes ("Horse [2]").
#pragma once

#include <hd/engine/rules/sequence/actions.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hd::engine {

struct NotatedAction {
  Side side = Side::French;
  Action action;
  // "die N" or "dice N M ...": the dice the action consumed, in the order it rolled them (a combat's
  // die, a scenario's arrival or set-up rolls).
  std::vector<int> dice;
};

// Parses one line against the current state (unit names are resolved here). The error says what is
// wrong with the line; whether the action is legal is validate()'s business.
std::variant<NotatedAction, std::string> parse_action_line(const GameState& state, std::string_view line);

// The line for an action, so that parse_action_line(format_action(...)) gives it back.
std::string format_action(const GameState& state, Side side, const Action& action,
                          const std::vector<int>& dice = {});

// One line describing an event, for logs and the scripting tool.
std::string format_event(const GameState& state, const Event& event);

// A unit's name in the notation: its id, or army:id when another unit shares the id, in double
// quotes if it holds a space.
std::string unit_name(const GameState& state, UnitIndex unit);

// The unit a notation name stands for ("ID" or "ARMY:ID"); an error message if there is none or
// the name is ambiguous.
std::variant<UnitIndex, std::string> unit_from_name(const GameState& state, const std::string& name);

std::optional<Side> side_from_string(std::string_view text);

}  // namespace hd::engine

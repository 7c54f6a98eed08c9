// Reads scenario.txt (docs/scenario-format.md) and the turn track into engine objects. Checks the
// syntax here; checks against the map, the orders of battle and the turn track are in
// scenario_validator.hpp.
#pragma once

#include <hd/engine/data/data_text.hpp>
#include <hd/engine/data/scenario.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

struct ScenarioParseResult {
  std::optional<Scenario> scenario;  // set only when there are no errors
  std::vector<DataError> errors;
};

ScenarioParseResult parse_scenario(std::string_view text, const std::string& file_name);

// One turn of the turn record track (4.0): daylight turns are one hour, night turns three (4.2).
struct TrackTurn {
  TurnName name;
  bool night = false;
};

struct TurnTrackParseResult {
  std::optional<std::vector<TrackTurn>> turns;
  std::vector<DataError> errors;
};

// scenarios/turn-track.txt: "turn DD/HHHH day|night" lines in playing order.
TurnTrackParseResult parse_turn_track(std::string_view text, const std::string& file_name);

}  // namespace hd::engine

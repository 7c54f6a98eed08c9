// Reads a map source file (scenarios/map/*.map) into a GameMap. The format is documented at the top
// of scenarios/map/nlb.map and in docs/map-format.md.
#pragma once

#include <hd/engine/data/data_text.hpp>
#include <hd/engine/board/game_map.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

struct MapParseResult {
  std::optional<GameMap> map;     // set only when there are no errors
  std::vector<DataError> errors;  // every problem found, in file order
};

// Parses and checks a whole map: hexes on the grid, one terrain per hex, paths of neighbouring
// hexes, hexsides between neighbours, bridges on rivers or streams, roads over rivers only at
// bridges, entry and exit hexes on the map edge.
MapParseResult parse_map(std::string_view text, const std::string& file_name);

}  // namespace hd::engine

// The terrain effects chart (TEC, page 32) as the client shows it (issue 16, F2): one row per hex
// terrain, path and hexside feature, in words, from the engine's TerrainEffects as the loader read
// them from scenarios/tables/terrain-effects.tsv (no number is typed here).
#pragma once

#include "view/help_layout.hpp"

#include <hd/engine/board/terrain_effects.hpp>

#include <optional>
#include <string>
#include <vector>

namespace hd::client {

struct TerrainChartRow {
  MapSample sample = MapSample::None;  // the legend's sample of this terrain
  std::string name;                    // "forest", "road", "stream"
  std::string foot;                    // MP for infantry, rifles, foot artillery: "2", "1/2", "+2", "P"
  std::string mounted;                 // MP for cavalry, horse artillery, leaders (10.1C)
  std::string combat;                  // the combat effect in words, with its rule
  std::string zoc;                     // the effect on zones of control
  std::string sight;                   // the effect on line of sight (7.3)
};

// A movement cost of `half_mp` half movement points in MP ("1", "1/2", "1 1/2"; "P" for prohibited);
// a hexside's cost is added to the hex's, so `added` writes it "+2".
std::string mp_words(const std::optional<int>& half_mp, bool added);

// The chart's rows: hex terrains, then paths (road, trail), then hexside features.
std::vector<TerrainChartRow> terrain_chart_rows(const engine::TerrainEffects& effects);

}  // namespace hd::client

// Where the help overlays (issue 16: the legend, F1; the terrain effects chart, F2; the briefing, F3) draw,
// and what the legend lists. No drawing library: the overlays draw from it and tests probe their screenshots
// at the same places.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

namespace hd::client {

// One sample the legend (or the terrain chart) draws with the map's own painters.
enum class MapSample {
  None,  // a heading: no sample
  // Hex terrain (terrain_painter), and a hex outside the scenario's playing area.
  Clear,
  Forest,
  Marsh,
  Town,
  Chateau,
  OutOfPlay,
  // Paths and hexside features, drawn on two clear hexes.
  Road,
  Trail,
  Stream,
  River,
  Bridge,
  Crest,
  Lake,
  // Counters (counter_painter): type symbols on a French counter, the armies, the marks.
  Infantry,
  Cavalry,
  Artillery,
  SupplyTrain,
  Leader,
  InactiveLeader,
  French,
  Prussian,
  Allied,
  Reduced,
  OutOfCommand,
  Demoralized,
  Moved,
  LastSeen,      // 16.3: an enemy piece not observed now, faded where it was last seen, its turn tagged
  HiddenMarker,  // 16.6: a hidden movement marker as the enemy sees it (hidden_marker_painter)
  // The game screen's highlights (hex_highlight, map_stacks' frames and dots).
  Reachable,
  RetreatOrAdvance,
  CommandRange,
  Observed,  // 16.3: the hexes the player's side observes now, shown by F (hex_highlight's Observed)
  SelectedHex,
  SelectedUnit,
  Attacker,
  Defender,
  Bombarding,
  MustAttack,
  MustBeAttacked,
  LastMove,  // a move of the last player turn (move_trail_painter), on two clear hexes
};

struct LegendEntry {
  MapSample sample = MapSample::None;
  std::string_view name;
};

// Every map symbol and mark the client draws, by group (a heading starts each group).
inline constexpr std::array kLegendEntries{
    LegendEntry{MapSample::None, "Terrain"},
    LegendEntry{MapSample::Clear, "clear"},
    LegendEntry{MapSample::Forest, "forest"},
    LegendEntry{MapSample::Marsh, "marsh"},
    LegendEntry{MapSample::Town, "town"},
    LegendEntry{MapSample::Chateau, "chateau (walled farm)"},
    LegendEntry{MapSample::OutOfPlay, "outside the playing area"},
    LegendEntry{MapSample::None, "Roads and hexsides"},
    LegendEntry{MapSample::Road, "road (chaussee)"},
    LegendEntry{MapSample::Trail, "trail"},
    LegendEntry{MapSample::Stream, "stream"},
    LegendEntry{MapSample::River, "river"},
    LegendEntry{MapSample::Bridge, "bridge (road over a river)"},
    LegendEntry{MapSample::Crest, "crest"},
    LegendEntry{MapSample::Lake, "lake"},
    LegendEntry{MapSample::None, "Units"},
    LegendEntry{MapSample::Infantry, "infantry (and rifles)"},
    LegendEntry{MapSample::Cavalry, "cavalry"},
    LegendEntry{MapSample::Artillery, "artillery"},
    LegendEntry{MapSample::SupplyTrain, "supply train (16.17)"},
    LegendEntry{MapSample::Leader, "leader (10.0)"},
    LegendEntry{MapSample::InactiveLeader, "leader, inactive side (16.14)"},
    LegendEntry{MapSample::French, "French army"},
    LegendEntry{MapSample::Prussian, "Prussian army"},
    LegendEntry{MapSample::Allied, "Allied army"},
    LegendEntry{MapSample::None, "Marks on counters"},
    LegendEntry{MapSample::Reduced, "reduced side (white foot)"},
    LegendEntry{MapSample::OutOfCommand, "out of command (11.3)"},
    LegendEntry{MapSample::Demoralized, "corps demoralized (13.2)"},
    LegendEntry{MapSample::Moved, "moved this phase"},
    LegendEntry{MapSample::LastSeen, "enemy where last seen (16.3)"},
    LegendEntry{MapSample::HiddenMarker, "hidden movement marker 3A (16.6)"},
    LegendEntry{MapSample::None, "Highlights"},
    LegendEntry{MapSample::Reachable, "reachable (cost in MP)"},
    LegendEntry{MapSample::RetreatOrAdvance, "retreat or advance hex"},
    LegendEntry{MapSample::CommandRange, "leader's command range (11.2)"},
    LegendEntry{MapSample::Observed, "observed now (F key, 16.3)"},
    LegendEntry{MapSample::SelectedHex, "selected hex"},
    LegendEntry{MapSample::SelectedUnit, "selected unit"},
    LegendEntry{MapSample::Attacker, "attacker"},
    LegendEntry{MapSample::Defender, "defender"},
    LegendEntry{MapSample::Bombarding, "bombarding artillery (7.1)"},
    LegendEntry{MapSample::MustAttack, "owes an attack (6.1)"},
    LegendEntry{MapSample::MustBeAttacked, "must be attacked (6.1)"},
    LegendEntry{MapSample::LastMove, "moved in the last player turn"},
};

struct HelpBox {
  float left = 0;
  float top = 0;
  float width = 0;
  float height = 0;
};

struct HelpPoint {
  float x = 0;
  float y = 0;
};

// Sample sizes: a hex sample's hex width, a two-hex (hexside or path) sample's hex width, a counter.
inline constexpr float kSampleHexWidth = 34;
inline constexpr float kSampleSideHexWidth = 24;
inline constexpr float kSampleCounter = 30;
inline constexpr float kHelpHeader = 44;     // the title line above the rows
inline constexpr float kLegendRow = 44;      // one legend entry
inline constexpr float kLegendColumn = 272;  // one legend column
inline constexpr float kChartRow = 42;       // one terrain chart row

// The overlays' panel over the map area (`map_width` x `map_height`, the panel's left).
inline HelpBox help_box(float map_width, float map_height) {
  return {20, 20, std::max(200.0f, map_width - 40), std::max(200.0f, map_height - 40)};
}

// The legend's rows a column holds in `box`.
inline std::size_t legend_rows(const HelpBox& box) {
  return std::max<std::size_t>(1, static_cast<std::size_t>((box.height - kHelpHeader) / kLegendRow));
}

// The centre of entry `index`'s sample (its name is drawn right of it).
inline HelpPoint legend_sample_centre(const HelpBox& box, std::size_t index) {
  const std::size_t rows = legend_rows(box);
  const auto column = static_cast<float>(index / rows);
  const auto row = static_cast<float>(index % rows);
  return {box.left + 16 + column * kLegendColumn + 30,
          box.top + kHelpHeader + row * kLegendRow + kLegendRow / 2};
}

// The centre of the terrain chart's row `index`'s sample (the chart's first column).
inline HelpPoint chart_sample_centre(const HelpBox& box, std::size_t index) {
  return {box.left + 16 + 30,
          box.top + kHelpHeader + 24 + static_cast<float>(index) * kChartRow + kChartRow / 2};
}

// The briefing (F3): its lines (briefing_lines) flow down the panel's left column, then its right.
inline constexpr float kBriefingLine = 17;        // one line's height
inline constexpr std::size_t kBriefingWrap = 56;  // characters a column's line holds (12 px text)

// The lines a briefing column holds in `box`.
inline std::size_t briefing_rows(const HelpBox& box) {
  return std::max<std::size_t>(1, static_cast<std::size_t>((box.height - kHelpHeader - 8) / kBriefingLine));
}

// The left end of line `index`'s middle (its text starts there); past the second column, none fits.
inline HelpPoint briefing_line_start(const HelpBox& box, std::size_t index) {
  const std::size_t rows = briefing_rows(box);
  const auto column = static_cast<float>(index / rows);
  const auto row = static_cast<float>(index % rows);
  return {box.left + 16 + column * box.width / 2,
          box.top + kHelpHeader + row * kBriefingLine + kBriefingLine / 2};
}

}  // namespace hd::client

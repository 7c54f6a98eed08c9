// Where a rendered map picture puts the hexes: a playing area laid out with a margin and a title
// strip. Shared by hd_render and its test, so the test probes exactly the pixels the tool drew.
#pragma once

#include <hd/engine/board/hex_layout.hpp>
#include <hd/engine/data/scenario.hpp>

#include <cmath>

namespace hd::client {

struct RenderGeometry {
  engine::HexLayout layout;
  unsigned width;
  unsigned height;
  double title_height;
};

// The area's first column and row sit one hex in from the left and below the title strip.
inline RenderGeometry render_geometry(const engine::PlayingArea& area, double hex_width) {
  const double column_step = hex_width * std::sqrt(3.0) / 2.0;
  const double margin = hex_width;
  const double title = hex_width * 1.4;
  const engine::Point origin{margin - (area.first_column - 1) * column_step,
                             title + margin - (area.first_row - 0.5) * hex_width};
  return RenderGeometry{
      engine::HexLayout(hex_width, origin),
      static_cast<unsigned>((area.last_column - area.first_column + 1) * column_step + 2 * margin),
      static_cast<unsigned>((area.last_row - area.first_row + 1.5) * hex_width + 2 * margin + title), title};
}

}  // namespace hd::client

// The camera a game screen opens with, at the default hex width: centred on `focus` (usually the
// middle of the player's own forces) in a map view of `view_width` x `view_height` pixels, or else
// with the playing area's first hex centred where the default camera puts 0101. Tests compute the
// same pixels from it.
#pragma once

#include "camera/camera.hpp"

#include <hd/engine/data/scenario.hpp>

#include <cmath>
#include <optional>

namespace hd::client {

inline Camera opening_camera(const engine::PlayingArea& area, std::optional<engine::Hex> focus = std::nullopt,
                             double view_width = 0, double view_height = 0) {
  const double w = kDefaultHexWidth;
  if (focus) {
    const engine::Point at = engine::HexLayout(w, {0, 0}).centre(*focus);
    return Camera(w, {view_width / 2 - at.x, view_height / 2 - at.y});
  }
  const double column_step = w * std::sqrt(3.0) / 2.0;
  // HexLayout puts hex (c, r) at origin + (c * column_step, (r [+ 0.5 if c even]) * w).
  const double first_row_offset = (area.first_column % 2 == 0) ? 0.5 : 0.0;
  return Camera(w, {kDefaultFirstHexCentre.x - area.first_column * column_step,
                    kDefaultFirstHexCentre.y - (area.first_row + first_row_offset) * w});
}

}  // namespace hd::client

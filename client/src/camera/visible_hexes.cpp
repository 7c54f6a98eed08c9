#include "camera/visible_hexes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hd::client {

HexRange visible_hexes(const Camera& camera, engine::GridBounds bounds, double width, double height) {
  const double w = camera.hex_width();
  const double column_step = w * std::numbers::sqrt3 / 2.0;
  const double corner_radius = w / std::numbers::sqrt3;
  const engine::Point origin = camera.origin();
  // Column c spans origin.x + c * step +- corner_radius; row r spans origin.y + (r [+ 0.5]) * w +- w/2.
  const double first_column = std::ceil((-corner_radius - origin.x) / column_step);
  const double last_column = std::floor((width + corner_radius - origin.x) / column_step);
  const double first_row = std::ceil(-origin.y / w - 1.0);  // an even column's hex reaches half a hex lower
  const double last_row = std::floor((height - origin.y) / w + 0.5);

  // Clamp in doubles first: a camera far away must not overflow int.
  auto clamp_to = [](double value, int low, int high) {
    return static_cast<int>(std::clamp(value, static_cast<double>(low), static_cast<double>(high)));
  };
  HexRange range;
  range.first_column = clamp_to(first_column, 1, bounds.columns + 1);
  range.last_column = clamp_to(last_column, 0, bounds.columns);
  range.first_row = clamp_to(first_row, 1, bounds.rows + 1);
  range.last_row = clamp_to(last_row, 0, bounds.rows);
  return range;
}

}  // namespace hd::client

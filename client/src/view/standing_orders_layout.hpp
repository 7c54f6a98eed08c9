// Issue 16: where the standing-orders panel (O) draws over the map, in window pixels: a box at the
// map's top left, one line a unit of the stack. No drawing library: the e2e test probes the same
// places in the screenshots.
#pragma once

#include <cstddef>

namespace hd::client {

inline constexpr float kOrdersLine = 18.0f;  // px between the panel's lines

struct OrdersBox {
  float left = 0;
  float top = 0;
  float width = 0;
  float height = 0;
};

// The panel for a stack of `units` units: a title, the hex, a line a unit, the choice (retreat,
// advance), the server's status, the map clicks' line and the keys' line.
inline OrdersBox orders_box(std::size_t units) {
  const float lines = 7.0f + static_cast<float>(units);
  return {16.0f, 16.0f, 560.0f, 20.0f + lines * kOrdersLine + 16.0f};
}

// The top of the panel's line `index` (0: the title).
inline float orders_line_top(const OrdersBox& box, std::size_t index) {
  return box.top + 10.0f + static_cast<float>(index) * kOrdersLine;
}

}  // namespace hd::client

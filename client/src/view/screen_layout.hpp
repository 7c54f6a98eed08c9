// Fixed screen geometry of the client window, in pixels. Like the palette, tests rely on it.
#pragma once

#include <algorithm>

namespace hd::client::layout {

// The status bar is a strip along the bottom of the window; the map fills the rest above it.
inline constexpr float kStatusBarHeight = 28.0f;
// The state lamp: a square at the status bar's left end, vertically centred in the strip.
inline constexpr float kLampLeft = 8.0f;
inline constexpr float kLampSize = 14.0f;
// The status line starts right of the lamp.
inline constexpr float kStatusTextLeft = 30.0f;
inline constexpr unsigned kStatusTextSize = 14;

// Hex numbers are drawn only in hexes at least this wide (smaller ones would be unreadable).
inline constexpr double kMinNumberedHexWidth = 40.0;
// Height of a hex number's characters, as a fraction of the hex width.
inline constexpr double kHexNumberScale = 0.24;

// Thickness of a hexside line for hexes `hex_width` px across: 2 px at the default 48 px.
inline double grid_line_thickness(double hex_width) {
  return std::clamp(hex_width / 24.0, 1.0, 3.0);
}

}  // namespace hd::client::layout

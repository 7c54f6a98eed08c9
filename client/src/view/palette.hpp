// Every colour the client draws, by meaning. Tests probe screenshots for exactly these values, so
// change a colour here and nowhere else. Plain RGB, no drawing library: to_sf_color converts.
#pragma once

#include <cstdint>

namespace hd::client::palette {

struct Rgb {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;

  friend constexpr bool operator==(const Rgb&, const Rgb&) = default;
};

inline constexpr Rgb kBackground{38, 44, 52};     // window behind and around the map
inline constexpr Rgb kHexFill{222, 212, 176};     // the inside of every hex (terrain comes later)
inline constexpr Rgb kGridLine{112, 96, 70};      // hexsides
inline constexpr Rgb kHexNumber{70, 92, 140};     // the CCRR number in each hex
inline constexpr Rgb kStatusBar{22, 26, 32};      // the status strip along the bottom
inline constexpr Rgb kStatusText{238, 238, 238};  // the status line's text

// The lamp at the left end of the status bar, one colour per connection state.
inline constexpr Rgb kLampConnecting{232, 182, 40};
inline constexpr Rgb kLampConnected{80, 156, 232};
inline constexpr Rgb kLampWelcomed{64, 192, 88};
inline constexpr Rgb kLampRefused{236, 120, 36};
inline constexpr Rgb kLampFailed{222, 58, 58};

}  // namespace hd::client::palette

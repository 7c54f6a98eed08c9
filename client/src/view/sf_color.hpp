// Palette colours as SFML colours.
#pragma once

#include "view/palette.hpp"

#include <SFML/Graphics/Color.hpp>

namespace hd::client {

inline sf::Color to_sf_color(palette::Rgb rgb) {
  return sf::Color(rgb.r, rgb.g, rgb.b);
}

}  // namespace hd::client

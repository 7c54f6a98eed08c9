// One map symbol or mark drawn alone, as a sample for the help overlays (legend, terrain chart):
// with the map's own painters (terrain_painter on a one- or two-hex map, counter_painter,
// hex_highlight, map_stacks' frames and dots), never a hand-drawn copy.
#pragma once

#include "view/help_layout.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

namespace hd::client {

// Draws `sample` centred on `centre`: a hex sample's hex (kSampleHexWidth), a path or hexside on the
// side between two clear hexes (kSampleSideHexWidth; the side's middle at `centre`), a counter
// (kSampleCounter) on a clear hex. MapSample::None draws nothing.
void paint_map_sample(sf::RenderTarget& target, MapSample sample, HelpPoint centre, const sf::Font& font);

}  // namespace hd::client

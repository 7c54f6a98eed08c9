// The legend (issue 16, F1): every map symbol and mark the client draws (kLegendEntries), each
// sample drawn by the map's own painters (map_sample) with its name beside it, over the map area.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Vector2.hpp>

namespace hd::client {

// Draws the legend's panel (help_box) over the map area of `map_size` and its entries in columns
// (legend_sample_centre).
void draw_legend(sf::RenderTarget& target, sf::Vector2f map_size, const sf::Font& font);

}  // namespace hd::client

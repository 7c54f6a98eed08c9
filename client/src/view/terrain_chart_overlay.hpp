// The terrain effects chart (issue 16, F2) over the map: a row per terrain (terrain_chart_rows) with
// the legend's sample of it (map_sample), its movement costs for foot and mounted units, and its
// combat, ZOC and line-of-sight effects.
#pragma once

#include "view/terrain_chart_rows.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Vector2.hpp>

#include <vector>

namespace hd::client {

// Draws the chart's panel (help_box) over the map area of `map_size`, row i's sample at
// chart_sample_centre(i).
void draw_terrain_chart(sf::RenderTarget& target, sf::Vector2f map_size, const sf::Font& font,
                        const std::vector<TerrainChartRow>& rows);

}  // namespace hd::client

// The scenario briefing (issue 16, F3) over the map: the lines briefing_lines makes from the game's
// ScenarioInfo as the server sent it (turns, victory conditions, special rules in force, options).
#pragma once

#include "view/briefing_lines.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/Vector2.hpp>

#include <string>
#include <vector>

namespace hd::client {

// Draws the briefing's panel (help_box, titled `title`) over the map area of `map_size` (or the
// lobby's window), line i at briefing_line_start(i) (headings bold, in the heading colour); lines
// past the second column are left out and the last line shown says so.
void draw_briefing(sf::RenderTarget& target, sf::Vector2f map_size, const sf::Font& font,
                   const std::vector<BriefingLine>& lines, const std::string& title);

}  // namespace hd::client

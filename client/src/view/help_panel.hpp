// The panel every help overlay (the legend, F1; the terrain effects chart, F2; the briefing, F3)
// draws first: the box of help_layout.hpp, framed, with its title at the top left.
#pragma once

#include "view/help_layout.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <string>

namespace hd::client {

// Draws the help panel `box` on `target` with `title` (which names the keys that close it).
void draw_help_panel(sf::RenderTarget& target, const HelpBox& box, const sf::Font& font,
                     const std::string& title);

}  // namespace hd::client

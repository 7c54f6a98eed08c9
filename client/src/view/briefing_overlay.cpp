#include "view/briefing_overlay.hpp"

#include "view/help_layout.hpp"
#include "view/help_panel.hpp"
#include "view/map_palette.hpp"
#include "view/sf_color.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <string>

namespace hd::client {

void draw_briefing(sf::RenderTarget& target, sf::Vector2f map_size, const sf::Font& font,
                   const std::vector<BriefingLine>& lines, const std::string& title) {
  const HelpBox box = help_box(map_size.x, map_size.y);
  draw_help_panel(target, box, font, title);
  const std::size_t room = 2 * briefing_rows(box);
  for (std::size_t i = 0; i < lines.size() && i < room; ++i) {
    const bool cut = i + 1 == room && lines.size() > room;
    const BriefingLine& line = lines[i];
    sf::Text text(cut ? std::string("... (more than the panel holds)") : line.text, font,
                  line.heading ? 13 : 12);
    if (line.heading) text.setStyle(sf::Text::Bold);
    const auto bounds = text.getLocalBounds();
    text.setOrigin(bounds.left, bounds.top + bounds.height / 2);
    const HelpPoint at = briefing_line_start(box, i);
    text.setPosition(at.x, at.y);
    text.setFillColor(to_sf_color(line.heading ? palette::kHelpHeading : palette::kHelpInk));
    target.draw(text);
  }
}

}  // namespace hd::client

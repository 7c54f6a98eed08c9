#include "view/legend_overlay.hpp"

#include "view/help_layout.hpp"
#include "view/help_panel.hpp"
#include "view/map_palette.hpp"
#include "view/map_sample.hpp"
#include "view/sf_color.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <string>

namespace hd::client {

void draw_legend(sf::RenderTarget& target, sf::Vector2f map_size, const sf::Font& font) {
  const HelpBox box = help_box(map_size.x, map_size.y);
  draw_help_panel(target, box, font, "Legend: the map's symbols and marks  -  F1 or Esc to close");
  for (std::size_t i = 0; i < kLegendEntries.size(); ++i) {
    const LegendEntry& entry = kLegendEntries[i];
    const HelpPoint at = legend_sample_centre(box, i);
    if (at.x + kLegendColumn / 2 > box.left + box.width) break;  // no room for more columns
    const bool heading = entry.sample == MapSample::None;
    sf::Text name(std::string(entry.name), font, heading ? 15 : 13);
    if (heading) name.setStyle(sf::Text::Bold);
    const auto bounds = name.getLocalBounds();
    name.setOrigin(bounds.left, bounds.top + bounds.height / 2);
    name.setPosition(heading ? at.x - 30 : at.x + 34, at.y);
    name.setFillColor(to_sf_color(heading ? palette::kHelpHeading : palette::kHelpInk));
    target.draw(name);
    paint_map_sample(target, entry.sample, at, font);
  }
}

}  // namespace hd::client

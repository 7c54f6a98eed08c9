#include "view/help_panel.hpp"

#include "view/map_palette.hpp"
#include "view/sf_color.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

namespace hd::client {

void draw_help_panel(sf::RenderTarget& target, const HelpBox& box, const sf::Font& font,
                     const std::string& title) {
  sf::RectangleShape panel({box.width, box.height});
  panel.setPosition(box.left, box.top);
  panel.setFillColor(to_sf_color(palette::kHelpPanel));
  panel.setOutlineColor(sf::Color(60, 60, 60));
  panel.setOutlineThickness(1.0f);
  target.draw(panel);
  sf::Text text(title, font, 16);
  text.setPosition(box.left + 12, box.top + 10);
  text.setFillColor(to_sf_color(palette::kHelpInk));
  target.draw(text);
}

}  // namespace hd::client

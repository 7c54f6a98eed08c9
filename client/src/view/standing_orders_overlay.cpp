#include "view/standing_orders_overlay.hpp"

#include "view/map_palette.hpp"
#include "view/sf_color.hpp"
#include "view/standing_orders_layout.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

namespace hd::client {

void draw_standing_orders(sf::RenderTarget& target, const sf::Font& font, const StandingOrdersPanel& panel,
                          const GameModel& game) {
  const OrdersBox box = orders_box(panel.units().size());
  sf::RectangleShape back({box.width, box.height});
  back.setPosition(box.left, box.top);
  back.setFillColor(to_sf_color(palette::kOrdersPanel));
  back.setOutlineColor(to_sf_color(palette::kOrdersFrame));
  back.setOutlineThickness(2.0f);
  target.draw(back);

  std::size_t index = 0;
  const auto line = [&](const std::string& words, palette::Rgb colour, unsigned size = 13) {
    sf::Text text(words, font, size);
    text.setPosition(box.left + 12, orders_line_top(box, index++));
    text.setFillColor(to_sf_color(colour));
    target.draw(text);
  };
  line("Standing orders (6.6 retreat, 6.7 advance) when you are away", palette::kHelpHeading, 15);
  line("Hex " + engine::format_hex(panel.hex()) + ": your units, the order the server holds",
       palette::kHelpInk);
  for (const std::uint32_t index_of_unit : panel.units()) {
    const pb::Unit* unit = game.unit(index_of_unit);
    const std::string name =
        unit ? army_name(unit->army()) + " " + unit->id() : "unit " + std::to_string(index_of_unit);
    line("  " + name + ": " +
             (panel.waiting() && panel.held(index_of_unit) == nullptr
                  ? std::string("...")
                  : order_words(panel.held(index_of_unit))),
         palette::kHelpInk);
  }
  line("New order - retreat: " + retreat_words(panel.retreat(), panel.hex()), palette::kOrdersChoice);
  line("New order - advance when offered: " + std::string(panel.advance() ? "yes" : "no"),
       palette::kOrdersChoice);
  line("Server: " + panel.status(), palette::kHelpInk);
  if (panel.pick_note().empty())
    line("Click hexes next to the stack: retreat into them, best first (again: off)", palette::kHelpInk);
  else
    line(panel.pick_note(), palette::kHelpHeading);
  line("R retreat toward  V advance  Enter set  Delete clear  O/Esc close", palette::kHelpInk);
}

}  // namespace hd::client

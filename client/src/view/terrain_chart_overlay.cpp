#include "view/terrain_chart_overlay.hpp"

#include "view/help_layout.hpp"
#include "view/help_panel.hpp"
#include "view/map_palette.hpp"
#include "view/map_sample.hpp"
#include "view/sf_color.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <array>
#include <string>

namespace hd::client {
namespace {

// The columns' left edges from the panel's inner left edge: name, foot, mounted, combat, ZOC, sight.
constexpr std::array<float, 6> kColumns{76, 226, 282, 350, 632, 744};
constexpr unsigned kTextSize = 12;

void text(sf::RenderTarget& target, const sf::Font& font, const std::string& words, float x, float y,
          palette::Rgb colour, bool bold = false) {
  sf::Text line(words, font, kTextSize);
  if (bold) line.setStyle(sf::Text::Bold);
  const auto bounds = line.getLocalBounds();
  line.setOrigin(bounds.left, bounds.top + bounds.height / 2);
  line.setPosition(x, y);
  line.setFillColor(to_sf_color(colour));
  target.draw(line);
}

}  // namespace

void draw_terrain_chart(sf::RenderTarget& target, sf::Vector2f map_size, const sf::Font& font,
                        const std::vector<TerrainChartRow>& rows) {
  const HelpBox box = help_box(map_size.x, map_size.y);
  draw_help_panel(target, box, font,
                  "Terrain effects chart (TEC): movement points (MP) and effects  -  F2 or Esc to close");
  const float left = box.left + 16;
  const float header = box.top + kHelpHeader + 10;
  const std::array<std::string, 6> headings{"terrain", "foot", "mounted", "combat", "ZOC", "sight"};
  for (std::size_t i = 0; i < headings.size(); ++i)
    text(target, font, headings[i], left + kColumns[i], header, palette::kHelpHeading, true);
  float bottom = header;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const TerrainChartRow& row = rows[i];
    const HelpPoint at = chart_sample_centre(box, i);
    if (at.y + kChartRow / 2 > box.top + box.height - 40) break;  // no room for more rows
    paint_map_sample(target, row.sample, at, font);
    const std::array<const std::string*, 6> cells{&row.name,   &row.foot, &row.mounted,
                                                  &row.combat, &row.zoc,  &row.sight};
    for (std::size_t c = 0; c < cells.size(); ++c)
      text(target, font, *cells[c], left + kColumns[c], at.y, palette::kHelpInk);
    bottom = at.y + kChartRow / 2;
  }
  text(target, font,
       "foot: infantry, rifles, foot artillery; mounted: cavalry, horse artillery, leaders (10.1C). "
       "P: prohibited.",
       left, bottom + 16, palette::kHelpInk);
  text(target, font,
       "Along a road or trail its cost replaces the hex's (5.2B); a hexside's cost is added to the hex's "
       "(5.2A).",
       left, bottom + 34, palette::kHelpInk);
}

}  // namespace hd::client

#include "view/hidden_marker_painter.hpp"

#include "view/counter_painter.hpp"
#include "view/map_palette.hpp"
#include "view/map_stacks.hpp"
#include "view/sf_color.hpp"

#include <hd/wire/game_convert.hpp>

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <algorithm>
#include <map>
#include <utility>

namespace hd::client {

namespace pb = hundred_days::v1;

namespace {

palette::Rgb band_of(const pb::HiddenMarker& marker) {
  if (!marker.has_real()) return palette::kHiddenMarkerBand;
  return marker.real() ? palette::kHiddenMarkerReal : palette::kHiddenMarkerDummy;
}

void paint_text(sf::RenderTarget& target, const std::string& words, sf::Vector2f centre, float height,
                palette::Rgb colour, const sf::Font& font) {
  sf::Text text(words, font, static_cast<unsigned>(std::max(8.0f, height)));
  const auto bounds = text.getLocalBounds();
  text.setOrigin(bounds.left + bounds.width / 2, bounds.top + bounds.height / 2);
  text.setPosition(centre);
  text.setFillColor(to_sf_color(colour));
  target.draw(text);
}

}  // namespace

void paint_hidden_marker(sf::RenderTarget& target, const pb::HiddenMarker& marker, sf::Vector2f centre,
                         float size, const sf::Font& font) {
  sf::RectangleShape body({size, size});
  body.setOrigin(size / 2, size / 2);
  body.setPosition(centre);
  body.setFillColor(to_sf_color(army_colour(wire::from_proto(marker.army()).value_or(engine::Army::French))));
  body.setOutlineColor(
      to_sf_color(marker.revealing() ? palette::kHiddenMarkerRevealing : palette::kCounterText));
  body.setOutlineThickness(marker.revealing() ? 3.0f : 1.0f);
  target.draw(body);
  sf::RectangleShape band({size, size * 0.42f});
  band.setOrigin(size / 2, 0);
  band.setPosition(centre.x, centre.y - size * 0.04f);
  band.setFillColor(to_sf_color(band_of(marker)));
  target.draw(band);
  paint_text(target, "HM", {centre.x, centre.y - size * 0.27f}, size * 0.26f, palette::kCounterText, font);
  paint_text(target, hidden_marker_label(marker), {centre.x, centre.y + size * 0.17f}, size * 0.3f,
             palette::kHiddenMarkerText, font);
}

std::string hidden_marker_label(const pb::HiddenMarker& marker) {
  return std::to_string(marker.pair()) + (marker.b() ? "B" : "A");
}

void paint_hidden_markers(sf::RenderTarget& target, const pb::GameView& view, const engine::HexLayout& layout,
                          const sf::Font& font, sf::Vector2f map_size, const MarkerFrame& frame) {
  const float size = static_cast<float>(layout.hex_width()) * 0.62f;
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> drawn_in;  // markers drawn so far in a hex
  for (const pb::HiddenMarker& marker : view.markers()) {
    const auto c = layout.centre(
        engine::Hex{static_cast<int>(marker.hex().column()), static_cast<int>(marker.hex().row())});
    if (c.x < -size || c.x > map_size.x + size || c.y < -size || c.y > map_size.y + size) continue;
    const float offset =
        static_cast<float>(drawn_in[{marker.hex().column(), marker.hex().row()}]++) * size * 0.22f;
    const sf::Vector2f centre(static_cast<float>(c.x) + offset, static_cast<float>(c.y) + offset);
    paint_hidden_marker(target, marker, centre, size, font);
    if (const auto ring = frame ? frame(marker) : std::nullopt)
      paint_counter_frame(target, centre, size, *ring);
  }
}

}  // namespace hd::client

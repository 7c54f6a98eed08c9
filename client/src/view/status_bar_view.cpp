#include "view/status_bar_view.hpp"

#include "view/palette.hpp"
#include "view/screen_layout.hpp"
#include "view/sf_color.hpp"
#include "view/status_text.hpp"

#include <SFML/Graphics/RectangleShape.hpp>

#include <cmath>

namespace hd::client {
namespace {

palette::Rgb lamp_colour(ConnectionState state) {
  switch (state) {
    case ConnectionState::Connecting:
      return palette::kLampConnecting;
    case ConnectionState::Connected:
      return palette::kLampConnected;
    case ConnectionState::Welcomed:
      return palette::kLampWelcomed;
    case ConnectionState::Refused:
      return palette::kLampRefused;
    case ConnectionState::Failed:
      return palette::kLampFailed;
  }
  return palette::kLampFailed;
}

}  // namespace

StatusBarView::StatusBarView(const sf::Font& font) : text_("", font, layout::kStatusTextSize) {
  text_.setFillColor(to_sf_color(palette::kStatusText));
}

void StatusBarView::draw(sf::RenderTarget& target, const ClientModel& model, float width, float height) {
  const float top = height - layout::kStatusBarHeight;

  sf::RectangleShape bar({width, layout::kStatusBarHeight});
  bar.setPosition(0, top);
  bar.setFillColor(to_sf_color(palette::kStatusBar));
  target.draw(bar);

  sf::RectangleShape lamp({layout::kLampSize, layout::kLampSize});
  lamp.setPosition(layout::kLampLeft, top + (layout::kStatusBarHeight - layout::kLampSize) / 2.0f);
  lamp.setFillColor(to_sf_color(lamp_colour(model.state())));
  target.draw(lamp);

  const std::string line = status_text(model);
  text_.setString(sf::String::fromUtf8(line.begin(), line.end()));
  // Centre the line vertically on the strip, on whole pixels so the glyphs stay sharp.
  const sf::FloatRect ink = text_.getLocalBounds();
  const float y = top + (layout::kStatusBarHeight - ink.height) / 2.0f - ink.top;
  text_.setPosition(layout::kStatusTextLeft, std::round(y));
  target.draw(text_);
}

}  // namespace hd::client

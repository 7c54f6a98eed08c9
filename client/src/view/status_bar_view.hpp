// The strip along the bottom of the window: a lamp coloured by the connection state and one line
// of text (view/status_text.hpp) saying what the server said.
#pragma once

#include "model/client_model.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Text.hpp>

namespace hd::client {

class StatusBarView {
 public:
  // The font must outlive the view.
  explicit StatusBarView(const sf::Font& font);

  // Draws the bar across the bottom of a target `width` x `height` pixels.
  void draw(sf::RenderTarget& target, const ClientModel& model, float width, float height);

 private:
  sf::Text text_;
};

}  // namespace hd::client

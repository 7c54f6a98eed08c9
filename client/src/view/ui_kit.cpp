#include "view/ui_kit.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

namespace hd::client {

void UiKit::button(sf::RenderTarget& target, sf::FloatRect rect, const std::string& label,
                   std::function<void()> on_click, bool highlighted) {
  box(target, rect, highlighted ? sf::Color(96, 128, 176) : sf::Color(70, 78, 92), sf::Color(150, 160, 176));
  sf::Text words(label, font_, 14);
  const auto bounds = words.getLocalBounds();
  words.setPosition(rect.left + (rect.width - bounds.width) / 2 - bounds.left,
                    rect.top + (rect.height - bounds.height) / 2 - bounds.top);
  words.setFillColor(sf::Color(240, 240, 240));
  target.draw(words);
  buttons_.push_back({rect, std::move(on_click)});
}

float UiKit::text(sf::RenderTarget& target, sf::Vector2f at, const std::string& line, unsigned size,
                  sf::Color colour) const {
  sf::Text words(sf::String::fromUtf8(line.begin(), line.end()), font_, size);
  words.setPosition(at);
  words.setFillColor(colour);
  target.draw(words);
  return words.getLocalBounds().width;
}

void UiKit::box(sf::RenderTarget& target, sf::FloatRect rect, sf::Color fill, sf::Color outline) const {
  sf::RectangleShape shape({rect.width, rect.height});
  shape.setPosition(rect.left, rect.top);
  shape.setFillColor(fill);
  if (outline != sf::Color::Transparent) {
    shape.setOutlineColor(outline);
    shape.setOutlineThickness(1.0f);
  }
  target.draw(shape);
}

bool UiKit::click(float x, float y) const {
  // The last drawn button wins where buttons overlap (it is on top).
  for (auto it = buttons_.rbegin(); it != buttons_.rend(); ++it) {
    if (it->rect.contains(x, y)) {
      if (it->on_click) it->on_click();
      return true;
    }
  }
  return false;
}

bool TextField::type(std::uint32_t unicode) {
  if (unicode == 8) {  // Backspace
    if (text.empty()) return false;
    text.pop_back();
    return true;
  }
  if (unicode < 32 || unicode > 126 || text.size() >= max_length) return false;
  text.push_back(static_cast<char>(unicode));
  return true;
}

}  // namespace hd::client

// A small immediate-mode toolkit for the screens: each frame the screen draws its buttons and text
// through the kit, which remembers the buttons so the next click can be matched to one.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <functional>
#include <string>
#include <vector>

namespace hd::client {

class UiKit {
 public:
  explicit UiKit(const sf::Font& font) : font_(font) {}

  // Forgets the last frame's buttons.
  void begin() { buttons_.clear(); }
  // Draws a button and registers `on_click` for it.
  void button(sf::RenderTarget& target, sf::FloatRect rect, const std::string& label,
              std::function<void()> on_click, bool highlighted = false);
  // Draws one line of text with its top-left corner at `at`; returns its width.
  float text(sf::RenderTarget& target, sf::Vector2f at, const std::string& line, unsigned size,
             sf::Color colour) const;
  // A filled rectangle.
  void box(sf::RenderTarget& target, sf::FloatRect rect, sf::Color fill,
           sf::Color outline = sf::Color::Transparent) const;
  // Runs the callback of the button under (x, y) from the last frame drawn; false if none.
  bool click(float x, float y) const;

  const sf::Font& font() const { return font_; }

 private:
  struct Button {
    sf::FloatRect rect;
    std::function<void()> on_click;
  };
  const sf::Font& font_;
  std::vector<Button> buttons_;
};

// A one-line text input: typed characters (printable ASCII), Backspace; shows dots when secret.
struct TextField {
  std::string text;
  bool secret = false;
  std::size_t max_length = 64;

  // Applies a TextEntered character; true if it changed the text.
  bool type(std::uint32_t unicode);
  // The text as drawn.
  std::string shown() const { return secret ? std::string(text.size(), '*') : text; }
};

}  // namespace hd::client

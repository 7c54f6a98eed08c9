// Hex numbers (CCRR) for many hexes drawn in one call: glyph quads from the font's texture in a
// single vertex array, instead of one sf::Text per hex.
#pragma once

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <string>

namespace hd::client {

class HexNumberBatch {
 public:
  // The font must outlive the batch.
  explicit HexNumberBatch(const sf::Font& font);

  // Empties the batch and sets the character size (pixels) of everything added next.
  void reset(unsigned character_size);
  // Adds digits `text`, centred (by the digits' ink, pixel-aligned) on `centre`.
  void add(const std::string& text, sf::Vector2f centre, sf::Color colour);
  void draw(sf::RenderTarget& target) const;

 private:
  const sf::Font& font_;
  unsigned character_size_ = 0;
  float ink_top_ = 0;     // highest ink of any digit, relative to the baseline (negative: above)
  float ink_bottom_ = 0;  // lowest ink of any digit, relative to the baseline
  sf::VertexArray vertices_;
};

}  // namespace hd::client

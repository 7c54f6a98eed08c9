#include "view/hex_number_batch.hpp"

#include <algorithm>
#include <cmath>

namespace hd::client {
namespace {

// sf::Text pads each glyph quad by one texel so that smoothing does not clip the ink; so do we.
constexpr float kPadding = 1.0f;

}  // namespace

HexNumberBatch::HexNumberBatch(const sf::Font& font) : font_(font), vertices_(sf::Triangles) {}

void HexNumberBatch::reset(unsigned character_size) {
  vertices_.clear();
  if (character_size == character_size_) return;
  character_size_ = character_size;
  // Load all ten digits now, so the font's texture for this size does not change while drawing.
  ink_top_ = 0;
  ink_bottom_ = 0;
  for (char digit = '0'; digit <= '9'; ++digit) {
    const sf::FloatRect bounds =
        font_.getGlyph(static_cast<sf::Uint32>(digit), character_size_, false).bounds;
    ink_top_ = std::min(ink_top_, bounds.top);
    ink_bottom_ = std::max(ink_bottom_, bounds.top + bounds.height);
  }
}

void HexNumberBatch::add(const std::string& text, sf::Vector2f centre, sf::Color colour) {
  float width = 0;
  for (const char c : text)
    width += font_.getGlyph(static_cast<sf::Uint32>(c), character_size_, false).advance;
  float x = std::round(centre.x - width / 2.0f);
  const float baseline = std::round(centre.y - (ink_top_ + ink_bottom_) / 2.0f);

  for (const char c : text) {
    const sf::Glyph& glyph = font_.getGlyph(static_cast<sf::Uint32>(c), character_size_, false);
    const float left = x + glyph.bounds.left - kPadding;
    const float top = baseline + glyph.bounds.top - kPadding;
    const float right = x + glyph.bounds.left + glyph.bounds.width + kPadding;
    const float bottom = baseline + glyph.bounds.top + glyph.bounds.height + kPadding;
    const float u1 = static_cast<float>(glyph.textureRect.left) - kPadding;
    const float v1 = static_cast<float>(glyph.textureRect.top) - kPadding;
    const float u2 = static_cast<float>(glyph.textureRect.left + glyph.textureRect.width) + kPadding;
    const float v2 = static_cast<float>(glyph.textureRect.top + glyph.textureRect.height) + kPadding;

    const sf::Vertex top_left({left, top}, colour, {u1, v1});
    const sf::Vertex top_right({right, top}, colour, {u2, v1});
    const sf::Vertex bottom_left({left, bottom}, colour, {u1, v2});
    const sf::Vertex bottom_right({right, bottom}, colour, {u2, v2});
    for (const sf::Vertex& vertex :
         {top_left, top_right, bottom_left, bottom_left, top_right, bottom_right}) {
      vertices_.append(vertex);
    }
    x += glyph.advance;
  }
}

void HexNumberBatch::draw(sf::RenderTarget& target) const {
  if (vertices_.getVertexCount() == 0) return;
  sf::RenderStates states;
  states.texture = &font_.getTexture(character_size_);
  target.draw(vertices_, states);
}

}  // namespace hd::client

// Draws a map grid as the camera shows it: hex fills, hexside lines and, when hexes are large
// enough to read, each hex's CCRR number centred in it. Only hexes that can be on screen are built.
#pragma once

#include "camera/camera.hpp"
#include "view/hex_number_batch.hpp"

#include <hd/engine/board/hex.hpp>

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/VertexArray.hpp>

namespace hd::client {

class GridView {
 public:
  // The font (for hex numbers) must outlive the view.
  explicit GridView(const sf::Font& font);

  // Draws `grid` into the map area, the rectangle (0, 0)..(area_width, area_height) of `target`.
  void draw(sf::RenderTarget& target, const Camera& camera, engine::GridBounds grid, float area_width,
            float area_height);

 private:
  void add_fill(const engine::HexLayout& layout, engine::Hex hex);
  void add_sides(const engine::HexLayout& layout, engine::Hex hex, float thickness);

  // Reused every frame to avoid reallocating.
  sf::VertexArray fills_;
  sf::VertexArray lines_;
  HexNumberBatch numbers_;
};

}  // namespace hd::client

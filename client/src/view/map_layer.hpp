// The terrain under the counters, drawn by the terrain painter into a texture once per zoom level
// (and hex-number setting) and then only copied while the player pans. Falls back to painting every
// frame when the map at this zoom would not fit in one texture.
#pragma once

#include "camera/camera.hpp"
#include "view/terrain_painter.hpp"

#include <SFML/Graphics/RenderTexture.hpp>

#include <memory>
#include <optional>

namespace hd::client {

class MapLayer {
 public:
  // `map` and `font` must outlive the layer. `area`: the scenario's playing area (others greyed).
  MapLayer(const engine::GameMap& map, const sf::Font& font, std::optional<engine::PlayingArea> area);

  // Draws the terrain as `camera` shows it into the target's current view.
  void draw(sf::RenderTarget& target, const Camera& camera, bool hex_numbers);

 private:
  bool rebuild(double hex_width, bool hex_numbers);

  const engine::GameMap& map_;
  const sf::Font& font_;
  std::optional<engine::PlayingArea> area_;
  std::unique_ptr<sf::RenderTexture> cache_;
  engine::Point cache_origin_{};  // where hex (0, 0) sits in the cache texture
  double cache_width_ = 0;        // hex width the cache was drawn at (0: none)
  bool cache_numbers_ = false;
  bool cache_failed_ = false;  // at this zoom the map does not fit in a texture
};

}  // namespace hd::client

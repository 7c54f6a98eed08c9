#include "view/map_layer.hpp"

#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Texture.hpp>

#include <cmath>

namespace hd::client {

MapLayer::MapLayer(const engine::GameMap& map, const sf::Font& font, std::optional<engine::PlayingArea> area)
    : map_(map), font_(font), area_(area) {}

bool MapLayer::rebuild(double hex_width, bool hex_numbers) {
  cache_width_ = hex_width;
  cache_numbers_ = hex_numbers;
  const double column_step = hex_width * std::sqrt(3.0) / 2.0;
  const auto bounds = map_.bounds();
  // The whole grid: hex (c, r) is centred at origin + (c * step, (r [+ 0.5 in even columns]) * w).
  cache_origin_ = {hex_width * 0.6 - column_step, 0.0};  // 0101's west corner at x ~ 0, its top at w/2
  const auto width = static_cast<unsigned>(std::ceil((bounds.columns + 0.7) * column_step + hex_width));
  const auto height = static_cast<unsigned>(std::ceil((bounds.rows + 1.2) * hex_width));
  const unsigned limit = sf::Texture::getMaximumSize();
  if (width > limit || height > limit || width * static_cast<double>(height) > 64e6) {
    cache_.reset();
    cache_failed_ = true;
    return false;
  }
  if (!cache_) cache_ = std::make_unique<sf::RenderTexture>();
  if (!cache_->create(width, height)) {
    cache_.reset();
    cache_failed_ = true;
    return false;
  }
  cache_failed_ = false;
  cache_->clear(sf::Color::Transparent);
  TerrainPaintOptions options;
  options.area = area_;
  options.hex_numbers = hex_numbers;
  paint_terrain(*cache_, map_, engine::HexLayout(hex_width, cache_origin_), font_, options);
  cache_->display();
  cache_->setSmooth(false);
  return true;
}

void MapLayer::draw(sf::RenderTarget& target, const Camera& camera, bool hex_numbers) {
  if (cache_width_ != camera.hex_width() || cache_numbers_ != hex_numbers)
    rebuild(camera.hex_width(), hex_numbers);
  if (!cache_ || cache_failed_) {
    TerrainPaintOptions options;
    options.area = area_;
    options.hex_numbers = hex_numbers;
    paint_terrain(target, map_, camera.layout(), font_, options);
    return;
  }
  sf::Sprite sprite(cache_->getTexture());
  // Same hex width: the cache lines up with the camera when shifted by the origins' difference.
  sprite.setPosition(static_cast<float>(std::round(camera.origin().x - cache_origin_.x)),
                     static_cast<float>(std::round(camera.origin().y - cache_origin_.y)));
  target.draw(sprite);
}

}  // namespace hd::client

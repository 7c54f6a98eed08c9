#include "view/map_stacks.hpp"

#include "view/hidden_marker_painter.hpp"
#include "view/sf_color.hpp"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>

#include <algorithm>
#include <string>

namespace hd::client {
namespace {

std::optional<engine::Army> engine_army(pb::Army army) {
  switch (army) {
    case pb::ARMY_FRENCH:
      return engine::Army::French;
    case pb::ARMY_PRUSSIAN:
      return engine::Army::Prussian;
    case pb::ARMY_ALLIED:
      return engine::Army::Allied;
    default:
      return std::nullopt;
  }
}

engine::UnitType engine_type(pb::UnitType type) {
  switch (type) {
    case pb::UNIT_TYPE_CAVALRY:
      return engine::UnitType::Cavalry;
    case pb::UNIT_TYPE_FOOT_ARTILLERY:
      return engine::UnitType::FootArtillery;
    case pb::UNIT_TYPE_HORSE_ARTILLERY:
      return engine::UnitType::HorseArtillery;
    case pb::UNIT_TYPE_HEAVY_ARTILLERY:
      return engine::UnitType::HeavyArtillery;
    case pb::UNIT_TYPE_RIFLES:
      return engine::UnitType::Rifles;
    case pb::UNIT_TYPE_LEADER:
      return engine::UnitType::Leader;  // 10.0: drawn with a star, no factors
    case pb::UNIT_TYPE_SUPPLY_TRAIN:
      return engine::UnitType::SupplyTrain;  // 16.17: the supply symbol
    default:
      return engine::UnitType::Infantry;
  }
}

// The stack's count in a white badge at the hex's top-right.
void paint_count_badge(sf::RenderTarget& target, std::size_t count, sf::Vector2f at, float size,
                       const sf::Font& font) {
  sf::CircleShape badge(size * 0.17f);
  badge.setOrigin(size * 0.17f, size * 0.17f);
  badge.setPosition(at);
  badge.setFillColor(sf::Color(250, 250, 250));
  badge.setOutlineColor(sf::Color(20, 20, 20));
  badge.setOutlineThickness(1.0f);
  target.draw(badge);
  sf::Text text(std::to_string(count), font, static_cast<unsigned>(std::max(8.0f, size * 0.24f)));
  const auto b = text.getLocalBounds();
  text.setOrigin(b.left + b.width / 2, b.top + b.height / 2);
  text.setPosition(badge.getPosition());
  text.setFillColor(sf::Color(20, 20, 20));
  target.draw(text);
}

}  // namespace

std::optional<std::string> last_seen_tag(const GameModel& game, const std::vector<std::uint32_t>& units) {
  bool any = false;
  std::optional<std::int32_t> latest;
  for (const std::uint32_t index : units) {
    const pb::Unit* unit = game.unit(index);
    if (!unit || !unit->unobserved()) continue;
    any = true;
    if (unit->has_last_seen_turn() && (!latest || unit->last_seen_turn() > *latest))
      latest = unit->last_seen_turn();
  }
  if (!any) return std::nullopt;
  return latest ? "seen " + game.turn_name(*latest) : std::string("seen");
}

std::optional<CounterFace> counter_face(const pb::Unit* unit) {
  const auto army = unit ? engine_army(unit->army()) : std::nullopt;
  if (!army) return std::nullopt;
  return CounterFace{*army,
                     engine_type(unit->type()),
                     unit->id(),
                     static_cast<int>(unit->strength()),
                     static_cast<int>(unit->movement()),
                     unit->reduced(),
                     unit->out_of_command(),
                     unit->corps_demoralized(),
                     unit->moved(),
                     unit->inactive(),
                     unit->unobserved()};
}

void paint_counter_frame(sf::RenderTarget& target, sf::Vector2f centre, float size, palette::Rgb colour) {
  sf::RectangleShape frame({size, size});
  frame.setOrigin(size / 2, size / 2);
  frame.setPosition(centre);
  frame.setFillColor(sf::Color::Transparent);
  frame.setOutlineColor(to_sf_color(colour));
  frame.setOutlineThickness(3.0f);
  target.draw(frame);
}

void paint_counter_dot(sf::RenderTarget& target, sf::Vector2f centre, float size, palette::Rgb colour) {
  sf::CircleShape dot(size * 0.1f);
  dot.setOrigin(size * 0.1f, size * 0.1f);
  dot.setPosition(centre + sf::Vector2f(-size * 0.38f, -size * 0.38f));
  dot.setFillColor(to_sf_color(colour));
  target.draw(dot);
}

void paint_map_stacks(sf::RenderTarget& target, const GameModel& game, const engine::HexLayout& layout,
                      const sf::Font& font, sf::Vector2f map_size, const CounterMarks& marks) {
  const float size = static_cast<float>(layout.hex_width()) * 0.62f;
  std::vector<std::pair<sf::Vector2f, std::string>> tags;  // 16.3's last-seen tags, drawn over the counters
  for (const auto& [hex, units] : game.stacks()) {
    const auto c = layout.centre(hex);
    if (c.x < -size || c.x > map_size.x + size || c.y < -size || c.y > map_size.y + size) continue;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const pb::Unit* unit = game.unit(units[i]);
      const auto face = counter_face(unit);
      if (!face) continue;
      const float offset = static_cast<float>(i) * size * 0.18f;
      const sf::Vector2f centre(static_cast<float>(c.x) - offset, static_cast<float>(c.y) - offset);
      paint_counter_face(target, *face, centre, size, font);
      if (const auto ring = marks.frame ? marks.frame(*unit) : std::nullopt)
        paint_counter_frame(target, centre, size, *ring);
      if (const auto dot_colour = marks.dot ? marks.dot(*unit) : std::nullopt)
        paint_counter_dot(target, centre, size, *dot_colour);
    }
    if (auto tag = last_seen_tag(game, units))
      tags.emplace_back(sf::Vector2f(static_cast<float>(c.x), static_cast<float>(c.y) + size * 0.5f + 2.0f),
                        std::move(*tag));
    if (units.size() > 1)
      paint_count_badge(target, units.size(),
                        {static_cast<float>(c.x) + size * 0.5f, static_cast<float>(c.y) - size * 0.5f}, size,
                        font);
  }
  for (const auto& [top_centre, words] : tags)
    paint_last_seen_tag(target, words, top_centre, size, font);
  paint_hidden_markers(target, game.view(), layout, font, map_size, marks.marker_frame);  // 16.6
}

}  // namespace hd::client

#include "view/counter_painter.hpp"

#include "view/map_palette.hpp"
#include "view/sf_color.hpp"

#include <hd/engine/rules/command/command_segment.hpp>
#include <hd/engine/rules/corps_morale/corps_morale.hpp>
#include <hd/engine/rules/variant/army_headquarters.hpp>

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace hd::client {

palette::Rgb army_colour(engine::Army army) {
  switch (army) {
    case engine::Army::French:
      return palette::kFrenchCounter;
    case engine::Army::Prussian:
      return palette::kPrussianCounter;
    case engine::Army::Allied:
      return palette::kAlliedCounter;
  }
  return palette::kFrenchCounter;
}

namespace {

// The NATO symbol box: X for infantry, a diagonal for cavalry, a dot for artillery, a bar across its
// foot for a supply train (16.17).
void paint_symbol(sf::RenderTarget& target, engine::UnitType type, sf::Vector2f centre, float size) {
  const sf::Color ink = to_sf_color(palette::kCounterText);
  sf::RectangleShape box({size, size * 0.6f});
  box.setOrigin(size / 2, size * 0.3f);
  box.setPosition(centre);
  box.setFillColor(sf::Color::Transparent);
  box.setOutlineColor(ink);
  box.setOutlineThickness(1.0f);
  target.draw(box);
  const sf::Vector2f tl = centre + sf::Vector2f(-size / 2, -size * 0.3f);
  const sf::Vector2f br = centre + sf::Vector2f(size / 2, size * 0.3f);
  sf::VertexArray lines(sf::Lines);
  if (type == engine::UnitType::Infantry || type == engine::UnitType::Rifles ||
      type == engine::UnitType::Cavalry) {
    lines.append({{tl.x, br.y}, ink});
    lines.append({{br.x, tl.y}, ink});
  }
  if (type == engine::UnitType::Infantry || type == engine::UnitType::Rifles) {
    lines.append({tl, ink});
    lines.append({br, ink});
  }
  if (type == engine::UnitType::SupplyTrain) {
    const float foot = br.y - size * 0.15f;
    lines.append({{tl.x, foot}, ink});
    lines.append({{br.x, foot}, ink});
  }
  target.draw(lines);
  if (engine::is_artillery(type)) {
    sf::RectangleShape dot({size * 0.18f, size * 0.18f});
    dot.setOrigin(size * 0.09f, size * 0.09f);
    dot.setPosition(centre);
    dot.setFillColor(ink);
    target.draw(dot);
  }
}

// A leader (10.0) has no NATO symbol and no factors: a five-pointed gold star, `size` across; grey on
// the inactive side (16.14).
void paint_star(sf::RenderTarget& target, sf::Vector2f centre, float size, bool inactive) {
  sf::ConvexShape star(10);
  for (std::size_t i = 0; i < 10; ++i) {
    const float radius = (i % 2 == 0 ? 0.5f : 0.2f) * size;
    const float angle = -1.5707963f + static_cast<float>(i) * 0.6283185f;
    star.setPoint(i, {radius * std::cos(angle), radius * std::sin(angle)});
  }
  star.setPosition(centre);
  star.setFillColor(to_sf_color(inactive ? palette::kInactiveLeaderStar : palette::kLeaderStar));
  star.setOutlineColor(sf::Color(20, 20, 20));
  star.setOutlineThickness(1.0f);
  target.draw(star);
}

// Strength-movement under a combat unit's symbol.
void paint_values(sf::RenderTarget& target, const CounterFace& unit, sf::Vector2f centre, float size,
                  unsigned text_size, const sf::Font& font) {
  sf::Text values(std::to_string(unit.strength) + "-" + std::to_string(unit.movement), font, text_size);
  const auto vb = values.getLocalBounds();
  values.setOrigin(vb.left + vb.width / 2, vb.top);
  values.setPosition(centre + sf::Vector2f(0, size * 0.2f));
  values.setFillColor(to_sf_color(palette::kCounterText));
  target.draw(values);
}

// A right triangle in one corner of the counter, its legs `leg` long: `right` and `top` pick it.
void paint_corner(sf::RenderTarget& target, sf::Vector2f centre, float size, bool right, bool top, float leg,
                  palette::Rgb colour) {
  const float x = centre.x + (right ? size / 2 : -size / 2);
  const float y = centre.y + (top ? -size / 2 : size / 2);
  const float dx = right ? -leg : leg;
  const float dy = top ? leg : -leg;
  sf::ConvexShape corner(3);
  corner.setPoint(0, {x, y});
  corner.setPoint(1, {x + dx, y});
  corner.setPoint(2, {x, y + dy});
  corner.setFillColor(to_sf_color(colour));
  const bool dark = colour.r + colour.g + colour.b < 384;
  corner.setOutlineColor(dark ? sf::Color(250, 250, 250)
                              : sf::Color(20, 20, 20));  // seen on any army's colour
  corner.setOutlineThickness(1.0f);
  target.draw(corner);
}

void paint_marks(sf::RenderTarget& target, const CounterFace& unit, sf::Vector2f centre, float size) {
  const float leg = std::max(5.0f, size * 0.3f);
  if (unit.out_of_command) paint_corner(target, centre, size, true, true, leg, palette::kOutOfCommandMark);
  if (unit.corps_demoralized) paint_corner(target, centre, size, false, true, leg, palette::kDemoralizedMark);
  if (unit.moved) {
    const float radius = std::max(2.0f, size * 0.08f);
    sf::CircleShape dot(radius);
    dot.setOrigin(radius, radius);
    dot.setPosition(centre + sf::Vector2f(-size * 0.34f, size * 0.3f));
    dot.setFillColor(to_sf_color(palette::kMovedMark));
    dot.setOutlineColor(sf::Color(20, 20, 20));
    dot.setOutlineThickness(1.0f);
    target.draw(dot);
  }
}

// 16.3: a pale wash over the counter and a dashed outline around it, for a piece not observed now.
void paint_faded(sf::RenderTarget& target, sf::Vector2f centre, float size) {
  const auto wash_colour = to_sf_color(palette::kLastSeenWash);
  sf::RectangleShape wash({size, size});
  wash.setOrigin(size / 2, size / 2);
  wash.setPosition(centre);
  wash.setFillColor(sf::Color(wash_colour.r, wash_colour.g, wash_colour.b, palette::kLastSeenWashAlpha));
  target.draw(wash);
  // Dashes along each edge, a dash and a gap each size / 8 long, 2 px thick, on the counter's edge.
  const float dash = size / 8;
  const float thickness = 2.0f;
  const sf::Vector2f tl = centre - sf::Vector2f(size / 2, size / 2);
  sf::RectangleShape piece;
  piece.setFillColor(to_sf_color(palette::kLastSeenOutline));
  for (float along = 0; along < size; along += 2 * dash) {
    const float length = std::min(dash, size - along);
    piece.setSize({length, thickness});
    piece.setPosition(tl + sf::Vector2f(along, -thickness / 2));  // top
    target.draw(piece);
    piece.setPosition(tl + sf::Vector2f(along, size - thickness / 2));  // bottom
    target.draw(piece);
    piece.setSize({thickness, length});
    piece.setPosition(tl + sf::Vector2f(-thickness / 2, along));  // left
    target.draw(piece);
    piece.setPosition(tl + sf::Vector2f(size - thickness / 2, along));  // right
    target.draw(piece);
  }
}

}  // namespace

void paint_counter_face(sf::RenderTarget& target, const CounterFace& unit, sf::Vector2f centre, float size,
                        const sf::Font& font) {
  sf::RectangleShape body({size, size});
  body.setOrigin(size / 2, size / 2);
  body.setPosition(centre);
  body.setFillColor(to_sf_color(army_colour(unit.army)));
  body.setOutlineColor(sf::Color(20, 20, 20));
  body.setOutlineThickness(1.0f);
  target.draw(body);
  const auto text_size = static_cast<unsigned>(std::max(6.0f, size * 0.22f));
  if (unit.type == engine::UnitType::Leader) {
    paint_star(target, centre + sf::Vector2f(0, size * 0.08f), size * 0.62f, unit.inactive);
  } else {
    paint_symbol(target, unit.type, centre + sf::Vector2f(0, -size * 0.12f), size * 0.5f);
    paint_values(target, unit, centre, size, text_size, font);
  }
  sf::Text id(unit.id, font, text_size);
  const auto ib = id.getLocalBounds();
  id.setOrigin(ib.left + ib.width / 2, ib.top + ib.height);
  id.setPosition(centre + sf::Vector2f(0, -size * 0.3f));
  id.setFillColor(to_sf_color(palette::kCounterText));
  target.draw(id);
  if (unit.reduced) {
    // The reduced side: a white bar along the counter's foot.
    sf::RectangleShape bar({size, size * 0.08f});
    bar.setPosition(centre + sf::Vector2f(-size / 2, size * 0.42f));
    bar.setFillColor(sf::Color(250, 250, 250));
    target.draw(bar);
  }
  paint_marks(target, unit, centre, size);
  if (unit.faded) paint_faded(target, centre, size);
}

void paint_last_seen_tag(sf::RenderTarget& target, const std::string& words, sf::Vector2f top_centre,
                         float size, const sf::Font& font) {
  sf::Text text(words, font, static_cast<unsigned>(std::max(8.0f, size * 0.22f)));
  const auto bounds = text.getLocalBounds();
  const float pad = 2.0f;
  sf::RectangleShape tag({bounds.width + 2 * pad, bounds.height + 2 * pad});
  tag.setOrigin(tag.getSize().x / 2, 0);
  tag.setPosition(top_centre);
  tag.setFillColor(to_sf_color(palette::kLastSeenTag));
  target.draw(tag);
  text.setOrigin(bounds.left + bounds.width / 2, bounds.top);
  text.setPosition(top_centre + sf::Vector2f(0, pad));
  text.setFillColor(to_sf_color(palette::kLastSeenTagText));
  target.draw(text);
}

void paint_counters(sf::RenderTarget& target, const engine::GameState& state, const engine::HexLayout& layout,
                    const sf::Font& font) {
  std::map<engine::Hex, std::vector<const engine::UnitState*>> stacks;
  for (const auto& unit : state.units)
    if (unit.on_map()) stacks[unit.hex].push_back(&unit);
  const float size = static_cast<float>(layout.hex_width()) * 0.62f;
  for (const auto& [hex, units] : stacks) {
    const auto c = layout.centre(hex);
    for (std::size_t i = 0; i < units.size(); ++i) {
      const float offset = static_cast<float>(i) * size * 0.18f;
      const engine::UnitState& unit = *units[i];
      const engine::UnitIndex index = engine::index_of(state, unit);
      const CounterFace face{unit.army,
                             unit.type,
                             unit.id,
                             unit.strength(),
                             unit.movement,
                             unit.reduced,
                             engine::out_of_command(state, index),
                             engine::corps_demoralized(state, unit),
                             unit.moved,
                             engine::shows_inactive_side(state, index),
                             false};  // the whole state is drawn: nothing is unobserved
      paint_counter_face(target, face, {static_cast<float>(c.x) - offset, static_cast<float>(c.y) - offset},
                         size, font);
    }
  }
}

}  // namespace hd::client

#include "view/grid_view.hpp"

#include "camera/visible_hexes.hpp"
#include "view/palette.hpp"
#include "view/screen_layout.hpp"
#include "view/sf_color.hpp"

#include <cmath>

namespace hd::client {
namespace {

sf::Vector2f to_vector(engine::Point point) {
  return {static_cast<float>(point.x), static_cast<float>(point.y)};
}

// Appends a line from a to b as two triangles `thickness` wide, lengthened by half the thickness at
// both ends so that neighbouring sides meet without notches at the corners.
void append_thick_line(sf::VertexArray& vertices, sf::Vector2f a, sf::Vector2f b, float thickness,
                       sf::Color colour) {
  const sf::Vector2f delta = b - a;
  const float length = std::sqrt(delta.x * delta.x + delta.y * delta.y);
  if (length <= 0) return;
  const sf::Vector2f along = delta / length * (thickness / 2.0f);
  const sf::Vector2f across(-along.y, along.x);
  const sf::Vector2f start = a - along;
  const sf::Vector2f end = b + along;
  const sf::Vertex corners[4] = {
      {start + across, colour}, {start - across, colour}, {end + across, colour}, {end - across, colour}};
  for (const int index : {0, 1, 2, 2, 1, 3})
    vertices.append(corners[index]);
}

}  // namespace

GridView::GridView(const sf::Font& font) : fills_(sf::Triangles), lines_(sf::Triangles), numbers_(font) {}

void GridView::draw(sf::RenderTarget& target, const Camera& camera, engine::GridBounds grid, float area_width,
                    float area_height) {
  fills_.clear();
  lines_.clear();
  const double hex_width = camera.hex_width();
  const bool numbered = hex_width >= layout::kMinNumberedHexWidth;
  numbers_.reset(static_cast<unsigned>(std::lround(hex_width * layout::kHexNumberScale)));
  const auto thickness = static_cast<float>(layout::grid_line_thickness(hex_width));
  const sf::Color number_colour = to_sf_color(palette::kHexNumber);

  const engine::HexLayout hex_layout = camera.layout();
  const HexRange range = visible_hexes(camera, grid, area_width, area_height);
  for (int column = range.first_column; column <= range.last_column; ++column) {
    for (int row = range.first_row; row <= range.last_row; ++row) {
      const engine::Hex hex{column, row};
      add_fill(hex_layout, hex);
      add_sides(hex_layout, hex, thickness);
      if (numbered) numbers_.add(engine::format_hex(hex), to_vector(hex_layout.centre(hex)), number_colour);
    }
  }
  target.draw(fills_);
  target.draw(lines_);
  numbers_.draw(target);
}

// Six triangles fanning out from the centre.
void GridView::add_fill(const engine::HexLayout& layout, engine::Hex hex) {
  const sf::Color colour = to_sf_color(palette::kHexFill);
  const sf::Vector2f centre = to_vector(layout.centre(hex));
  const auto corners = layout.corners(hex);
  for (std::size_t i = 0; i < corners.size(); ++i) {
    fills_.append({centre, colour});
    fills_.append({to_vector(corners[i]), colour});
    fills_.append({to_vector(corners[(i + 1) % corners.size()]), colour});
  }
}

// All six sides; a side shared with a neighbour is drawn twice, in the same place and colour.
void GridView::add_sides(const engine::HexLayout& layout, engine::Hex hex, float thickness) {
  const sf::Color colour = to_sf_color(palette::kGridLine);
  for (const engine::Direction direction : engine::kAllDirections) {
    const auto segment = layout.hexside_segment(hex, direction);
    append_thick_line(lines_, to_vector(segment[0]), to_vector(segment[1]), thickness, colour);
  }
}

}  // namespace hd::client

#include <hd/wire/hex_convert.hpp>

#include <limits>

namespace hd::wire {

hundred_days::v1::HexCoord to_proto(engine::Hex hex) {
  hundred_days::v1::HexCoord coord;
  coord.set_column(static_cast<std::uint32_t>(hex.column));
  coord.set_row(static_cast<std::uint32_t>(hex.row));
  return coord;
}

std::optional<engine::Hex> from_proto(const hundred_days::v1::HexCoord& coord, engine::GridBounds bounds) {
  constexpr auto kMax = static_cast<std::uint32_t>(std::numeric_limits<int>::max());
  if (coord.column() > kMax || coord.row() > kMax) return std::nullopt;
  const engine::Hex hex{static_cast<int>(coord.column()), static_cast<int>(coord.row())};
  if (!bounds.contains(hex)) return std::nullopt;
  return hex;
}

hundred_days::v1::GridSize to_proto(engine::GridBounds bounds) {
  hundred_days::v1::GridSize size;
  size.set_columns(static_cast<std::uint32_t>(bounds.columns));
  size.set_rows(static_cast<std::uint32_t>(bounds.rows));
  return size;
}

engine::GridBounds from_proto(const hundred_days::v1::GridSize& size) {
  // Clamp to the four-digit numbering (2.2): no grid has more than 99 columns or rows.
  const auto clamp = [](std::uint32_t value) { return static_cast<int>(value > 99 ? 99 : value); };
  return engine::GridBounds{clamp(size.columns()), clamp(size.rows())};
}

}  // namespace hd::wire

#include <hd/engine/board/game_map.hpp>

#include <stdexcept>

namespace hd::engine {

GameMap::GameMap(GridBounds bounds)
    : bounds_(bounds),
      terrain_(static_cast<std::size_t>(bounds.columns * bounds.rows), HexTerrain::Clear),
      sides_(static_cast<std::size_t>((bounds.columns + 2) * (bounds.rows + 2) * 3)),
      paths_(sides_.size(), PathKind::None) {}

HexTerrain GameMap::terrain(Hex hex) const {
  if (!bounds_.contains(hex)) return HexTerrain::Clear;
  return terrain_[static_cast<std::size_t>((hex.column - 1) * bounds_.rows + (hex.row - 1))];
}

void GameMap::set_terrain(Hex hex, HexTerrain terrain) {
  if (!bounds_.contains(hex))
    throw std::out_of_range("set_terrain: hex " + format_hex(hex) + " is off the map");
  terrain_[static_cast<std::size_t>((hex.column - 1) * bounds_.rows + (hex.row - 1))] = terrain;
}

int GameMap::side_index(Hexside side) const {
  // The lower hex owns the side; the higher one lies south (slot 0), north-east (1) or south-east (2).
  const Hex first = side.first();
  const Hex second = side.second();
  if (first.column < 0 || first.column > bounds_.columns || first.row < 0 || first.row > bounds_.rows + 1)
    return -1;
  int slot = 0;
  if (second.column == first.column) {
    slot = 0;
  } else if (neighbour(first, Direction::NorthEast) == second) {
    slot = 1;
  } else {
    slot = 2;
  }
  return ((first.column * (bounds_.rows + 2)) + first.row) * 3 + slot;
}

HexsideFeatures GameMap::hexside(Hexside side) const {
  const int index = side_index(side);
  return index < 0 ? HexsideFeatures{} : sides_[static_cast<std::size_t>(index)];
}

void GameMap::add_hexside_feature(Hexside side, HexsideFeature feature) {
  const int index = side_index(side);
  if (index < 0) throw std::out_of_range("hexside " + side.to_string() + " is off the map");
  sides_[static_cast<std::size_t>(index)].add(feature);
}

PathKind GameMap::path(Hexside side) const {
  const int index = side_index(side);
  return index < 0 ? PathKind::None : paths_[static_cast<std::size_t>(index)];
}

void GameMap::add_path(Hexside side, PathKind kind) {
  const int index = side_index(side);
  if (index < 0) throw std::out_of_range("hexside " + side.to_string() + " is off the map");
  auto& current = paths_[static_cast<std::size_t>(index)];
  if (static_cast<int>(kind) > static_cast<int>(current)) current = kind;
}

const MapFeature* GameMap::find_feature(MapFeatureKind kind, std::string_view name) const {
  for (const auto& feature : features_)
    if (feature.kind == kind && feature.name == name) return &feature;
  return nullptr;
}

}  // namespace hd::engine

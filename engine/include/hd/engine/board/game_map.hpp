// The playing surface: the terrain of every hex, the features on every hexside, the roads and trails
// joining neighbouring hexes, and the named places and edge hexes the scenarios refer to.
// Built by the map parser from scenarios/map/*.map; read by movement, combat and the renderers.
#pragma once

#include <hd/engine/board/army.hpp>
#include <hd/engine/board/hex.hpp>
#include <hd/engine/board/terrain.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hd::engine {

// Every kind of line a map source file may hold.
enum class MapFeatureKind {
  Forest,
  Marsh,
  Town,
  Chateau,
  Road,
  Trail,
  Stream,
  River,
  Bridge,
  Crest,
  Lake,
  Label,
  Entry,
  Exit
};

// One named feature as written in the source (kept for labels, review and error messages).
struct MapFeature {
  MapFeatureKind kind = MapFeatureKind::Label;
  std::string name;
  std::vector<Hex> hexes;      // hex features, labels, edge hexes; a path's hexes in order
  std::vector<Hexside> sides;  // hexside features
  int line = 0;                // line in the source file
};

class GameMap {
 public:
  explicit GameMap(GridBounds bounds);

  const GridBounds& bounds() const { return bounds_; }
  const std::string& title() const { return title_; }
  void set_title(std::string title) { title_ = std::move(title); }

  // Terrain in a hex; Clear for hexes off the grid.
  HexTerrain terrain(Hex hex) const;
  void set_terrain(Hex hex, HexTerrain terrain);

  // Features on the side shared by two neighbouring hexes (either may be just off the grid).
  HexsideFeatures hexside(Hexside side) const;
  void add_hexside_feature(Hexside side, HexsideFeature feature);

  // The best path (road over trail) that crosses this hexside (5.2B).
  PathKind path(Hexside side) const;
  void add_path(Hexside side, PathKind kind);

  const std::vector<MapFeature>& features() const { return features_; }
  void add_feature(MapFeature feature) { features_.push_back(std::move(feature)); }

  // Hexes from which an army traces supply (14.1): French south edge, Prussian east, Allied west.
  const std::vector<Hex>& supply_hexes(Army army) const { return supply_[static_cast<std::size_t>(army)]; }
  void set_supply_hexes(Army army, std::vector<Hex> hexes) {
    supply_[static_cast<std::size_t>(army)] = std::move(hexes);
  }

  // The first feature of this kind with this name, or nullptr.
  const MapFeature* find_feature(MapFeatureKind kind, std::string_view name) const;

 private:
  // Slot of a hexside in the flat arrays; -1 if it lies beyond the one-hex margin around the grid.
  int side_index(Hexside side) const;

  GridBounds bounds_;
  std::string title_;
  std::vector<HexTerrain> terrain_;
  std::vector<HexsideFeatures> sides_;
  std::vector<PathKind> paths_;
  std::vector<MapFeature> features_;
  std::array<std::vector<Hex>, 3> supply_;
};

}  // namespace hd::engine

// The terrain effects chart (TEC, page 32) as data: movement costs in half movement points per
// class of mover, the combat effect, the ZOC effect and the line-of-sight effect of each terrain.
#pragma once

#include <hd/engine/data/data_text.hpp>
#include <hd/engine/board/terrain.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hd::engine {

// Movement classes of the TEC: foot (infantry, rifles, foot and heavy artillery) and mounted
// (cavalry, horse artillery, and leaders: 10.1C).
enum class MoverClass { Foot, Mounted };

enum class CombatEffect {
  None,
  CavalryHalved,            // cavalry attacking into or defending in (6.3)
  DefenderDoubled,          // town
  DefenderTripledInfantry,  // chateau (8.2)
  DoubledIfAllAcross,       // stream and bridge hexsides (6.3A)
  BridgesOnly,              // river: attacks only across bridges
  NoAttack,                 // lake hexsides
};

enum class ZocEffect { Normal, Blocked, NotInto };
enum class SightEffect { Clear, Blocks };

struct TerrainEffect {
  std::array<std::optional<int>, 2> half_mp;  // by MoverClass; nullopt = prohibited
  CombatEffect combat = CombatEffect::None;
  ZocEffect zoc = ZocEffect::Normal;
  SightEffect sight = SightEffect::Clear;
  std::string provenance;
};

class TerrainEffects {
 public:
  // Parses scenarios/tables/terrain-effects.tsv; every hex terrain, hexside feature and path kind
  // must have exactly one row.
  static std::optional<TerrainEffects> parse(std::string_view text, const std::string& file,
                                             std::vector<DataError>& errors);

  const TerrainEffect& hex(HexTerrain terrain) const { return hexes_[static_cast<std::size_t>(terrain)]; }
  const TerrainEffect& hexside(HexsideFeature feature) const;
  // Road or trail; requires kind != PathKind::None.
  const TerrainEffect& path(PathKind kind) const { return paths_[kind == PathKind::Road ? 0 : 1]; }

 private:
  std::array<TerrainEffect, 5> hexes_;
  std::array<TerrainEffect, 5> hexsides_;  // stream, river, bridge, crest, lake
  std::array<TerrainEffect, 2> paths_;     // road, trail
};

}  // namespace hd::engine

#include "view/terrain_chart_rows.hpp"

#include <utility>

namespace hd::client {
namespace {

std::string combat_words(engine::CombatEffect effect) {
  switch (effect) {
    case engine::CombatEffect::None:
      return "none";
    case engine::CombatEffect::CavalryHalved:
      return "cavalry halved (6.3)";
    case engine::CombatEffect::DefenderDoubled:
      return "defender doubled";
    case engine::CombatEffect::DefenderTripledInfantry:
      return "infantry defender tripled, 4-1 at most (8.2)";
    case engine::CombatEffect::DoubledIfAllAcross:
      return "defender doubled if all across (6.3A)";
    case engine::CombatEffect::BridgesOnly:
      return "attacks across at bridges only";
    case engine::CombatEffect::NoAttack:
      return "no attack across";
  }
  return "";
}

std::string zoc_words(engine::ZocEffect effect) {
  switch (effect) {
    case engine::ZocEffect::Normal:
      return "-";
    case engine::ZocEffect::Blocked:
      return "blocks ZOC";
    case engine::ZocEffect::NotInto:
      return "no ZOC into (5.3)";
  }
  return "";
}

TerrainChartRow row_of(MapSample sample, std::string name, const engine::TerrainEffect& effect, bool added) {
  TerrainChartRow row;
  row.sample = sample;
  row.name = std::move(name);
  row.foot = mp_words(effect.half_mp[static_cast<std::size_t>(engine::MoverClass::Foot)], added);
  row.mounted = mp_words(effect.half_mp[static_cast<std::size_t>(engine::MoverClass::Mounted)], added);
  row.combat = combat_words(effect.combat);
  row.zoc = zoc_words(effect.zoc);
  row.sight = effect.sight == engine::SightEffect::Blocks ? "blocks (7.3)" : "clear";
  return row;
}

}  // namespace

std::string mp_words(const std::optional<int>& half_mp, bool added) {
  if (!half_mp) return "P";
  const int whole = *half_mp / 2;
  const bool half = *half_mp % 2 != 0;
  std::string words = half ? (whole > 0 ? std::to_string(whole) + " 1/2" : "1/2") : std::to_string(whole);
  return added ? "+" + words : words;
}

std::vector<TerrainChartRow> terrain_chart_rows(const engine::TerrainEffects& effects) {
  using engine::HexsideFeature;
  using engine::HexTerrain;
  std::vector<TerrainChartRow> rows;
  for (const auto& [terrain, sample] :
       {std::pair{HexTerrain::Clear, MapSample::Clear}, std::pair{HexTerrain::Forest, MapSample::Forest},
        std::pair{HexTerrain::Marsh, MapSample::Marsh}, std::pair{HexTerrain::Town, MapSample::Town},
        std::pair{HexTerrain::Chateau, MapSample::Chateau}})
    rows.push_back(row_of(sample, std::string(engine::to_string(terrain)), effects.hex(terrain), false));
  rows.push_back(row_of(MapSample::Road, "road (along it)", effects.path(engine::PathKind::Road), false));
  rows.push_back(row_of(MapSample::Trail, "trail (along it)", effects.path(engine::PathKind::Trail), false));
  for (const auto& [feature, sample] :
       {std::pair{HexsideFeature::Stream, MapSample::Stream},
        std::pair{HexsideFeature::River, MapSample::River},
        std::pair{HexsideFeature::Bridge, MapSample::Bridge},
        std::pair{HexsideFeature::Crest, MapSample::Crest}, std::pair{HexsideFeature::Lake, MapSample::Lake}})
    rows.push_back(
        row_of(sample, std::string(engine::to_string(feature)) + " hexside", effects.hexside(feature), true));
  return rows;
}

}  // namespace hd::client

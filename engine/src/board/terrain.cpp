#include <hd/engine/board/terrain.hpp>

#include <array>
#include <utility>

namespace hd::engine {
namespace {

constexpr std::array<std::pair<HexTerrain, std::string_view>, 5> kHexTerrainNames{{
    {HexTerrain::Clear, "clear"},
    {HexTerrain::Forest, "forest"},
    {HexTerrain::Marsh, "marsh"},
    {HexTerrain::Town, "town"},
    {HexTerrain::Chateau, "chateau"},
}};

constexpr std::array<std::pair<HexsideFeature, std::string_view>, 5> kHexsideNames{{
    {HexsideFeature::Stream, "stream"},
    {HexsideFeature::River, "river"},
    {HexsideFeature::Bridge, "bridge"},
    {HexsideFeature::Crest, "crest"},
    {HexsideFeature::Lake, "lake"},
}};

}  // namespace

std::string_view to_string(HexTerrain terrain) {
  for (const auto& [value, name] : kHexTerrainNames)
    if (value == terrain) return name;
  return "?";
}

std::string_view to_string(HexsideFeature feature) {
  for (const auto& [value, name] : kHexsideNames)
    if (value == feature) return name;
  return "?";
}

std::optional<HexTerrain> hex_terrain_from_string(std::string_view text) {
  for (const auto& [value, name] : kHexTerrainNames)
    if (name == text) return value;
  return std::nullopt;
}

std::optional<HexsideFeature> hexside_feature_from_string(std::string_view text) {
  for (const auto& [value, name] : kHexsideNames)
    if (name == text) return value;
  return std::nullopt;
}

}  // namespace hd::engine

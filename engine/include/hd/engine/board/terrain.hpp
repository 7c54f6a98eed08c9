// Terrain of hexes and hexsides (2.3B, 5.2, TEC on page 32).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace hd::engine {

// What fills a hex. One per hex; roads and trails are connections, not hex terrain.
enum class HexTerrain : std::uint8_t { Clear, Forest, Marsh, Town, Chateau };

// What lies on a hexside. Several may combine (a bridge lies on a river or stream hexside; a crest
// may run along a stream).
enum class HexsideFeature : std::uint8_t {
  Stream = 1 << 0,
  River = 1 << 1,
  Bridge = 1 << 2,
  Crest = 1 << 3,
  Lake = 1 << 4,
};

// A set of hexside features.
class HexsideFeatures {
 public:
  constexpr HexsideFeatures() = default;
  constexpr bool has(HexsideFeature feature) const {
    return (bits_ & static_cast<std::uint8_t>(feature)) != 0;
  }
  constexpr void add(HexsideFeature feature) { bits_ |= static_cast<std::uint8_t>(feature); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint8_t bits() const { return bits_; }
  friend constexpr bool operator==(HexsideFeatures, HexsideFeatures) = default;

 private:
  std::uint8_t bits_ = 0;
};

// How a path joins two neighbouring hexes across their hexside (5.2B).
enum class PathKind : std::uint8_t { None, Trail, Road };

std::string_view to_string(HexTerrain terrain);
std::string_view to_string(HexsideFeature feature);
std::optional<HexTerrain> hex_terrain_from_string(std::string_view text);
std::optional<HexsideFeature> hexside_feature_from_string(std::string_view text);

}  // namespace hd::engine
